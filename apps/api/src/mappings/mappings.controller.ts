import { Body, Controller, Get, Put } from '@nestjs/common';
import type { Mapping } from '@app/contracts';
import { mappingSchema } from '@app/contracts/schemas';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { MappingsService } from './mappings.service';

@Controller('api/mappings')
export class MappingsController {
  constructor(private readonly mappings: MappingsService) {}

  @Get('global')
  get(): Promise<Mapping> {
    return this.mappings.get();
  }

  @Put('global')
  put(@Body(new ZodBodyPipe(mappingSchema)) rules: Partial<Mapping>): Promise<Mapping> {
    return this.mappings.put(rules);
  }
}
