import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { PRICE_LIST_ERR, type PriceListSource, type SourceRun, type SourceTestResult } from '@app/contracts';
import { putSourceSchema, type PutSourceBody } from '@app/contracts/source.schemas';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { PriceSourcesService } from './price-sources.service';

const listId = new UuidParamPipe(PRICE_LIST_ERR.notFound);
const body = new ZodBodyPipe(putSourceSchema);

/** A body that is absent or empty: the test tries the stored source. */
const optionalBody = { transform: (value: unknown) => (value && typeof value === 'object' && Object.keys(value).length ? body.transform(value) : undefined) };

@Controller('api/price-lists/:id/source')
@RequireRole('viewer')
export class PriceSourcesController {
  constructor(private readonly sources: PriceSourcesService) {}

  @Get()
  get(@Param('id', listId) id: string): Promise<PriceListSource> {
    return this.sources.get(id);
  }

  @Put()
  @RequireRole('staff')
  set(@CurrentUser() user: Principal, @Param('id', listId) id: string, @Body(body) source: PutSourceBody): Promise<PriceListSource> {
    return this.sources.set(user, id, source);
  }

  @Delete()
  @HttpCode(204)
  @RequireRole('staff')
  remove(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<void> {
    return this.sources.remove(user, id);
  }

  @Post('test')
  @HttpCode(200)
  @RequireRole('staff')
  test(@Param('id', listId) id: string, @Body(optionalBody) source: PutSourceBody | undefined): Promise<SourceTestResult> {
    return this.sources.test(id, source);
  }

  @Post('run')
  @HttpCode(202)
  @RequireRole('staff')
  async run(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<Record<string, never>> {
    await this.sources.run(user, id);
    return {};
  }

  @Get('runs')
  runs(@Param('id', listId) id: string): Promise<SourceRun[]> {
    return this.sources.runs(id);
  }
}
