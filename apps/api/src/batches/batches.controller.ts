import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { BATCH_ERR, type Batch, type BatchSummary, type CreateBatchRequest, type CreatedBatch } from '@app/contracts';
import { createBatchSchema } from '@app/contracts/batch-schemas';
import type { Principal } from '@app/persistence';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { BatchesService } from './batches.service';

const batchId = new UuidParamPipe(BATCH_ERR.notFound);

@Controller('api/batches')
@RequireRole('viewer')
export class BatchesController {
  constructor(private readonly batches: BatchesService) {}

  @Post()
  @HttpCode(202)
  @RequireRole('staff')
  create(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(createBatchSchema)) body: CreateBatchRequest): Promise<CreatedBatch> {
    return this.batches.create(user, body);
  }

  @Get()
  list(): Promise<BatchSummary[]> {
    return this.batches.list();
  }

  @Get(':id')
  get(@Param('id', batchId) id: string): Promise<Batch> {
    return this.batches.get(id);
  }

  @Get(':id/archive')
  archive(@Param('id', batchId) id: string, @Res() res: Response): Promise<void> {
    return this.batches.archive(id, res);
  }
}
