import { Body, Controller, Get, Put } from '@nestjs/common';
import type { Mapping } from '@app/contracts';
import { mappingSchema } from '@app/contracts/schemas';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { MappingsService } from './mappings.service';

@Controller('api/mappings')
@RequireRole('viewer')
export class MappingsController {
  constructor(private readonly mappings: MappingsService) {}

  @Get('global')
  get(): Promise<Mapping> {
    return this.mappings.get();
  }

  @Put('global')
  @RequireRole('staff')
  put(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(mappingSchema)) rules: Partial<Mapping>): Promise<Mapping> {
    return this.mappings.put(user, rules);
  }
}
