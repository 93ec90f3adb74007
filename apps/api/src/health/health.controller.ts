import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { HealthResponse } from '@app/contracts';
import { HealthService } from './health.service';
import { Public } from '../auth/access.decorators';

@Controller('api/health')
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const report = await this.health.check();
    // Starting is healthy for the API itself: it serves and queues; the jobs wait for a worker.
    res.status(report.status === 'error' ? 503 : 200);
    return report;
  }
}
