import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ERR, type AuditPage } from '@app/contracts';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { RequireRole } from '../auth/access.decorators';
import { AuditService } from './audit.service';

const taskId = new UuidParamPipe(ERR.taskNotFound);

@Controller('api')
@RequireRole('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit')
  page(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.audit.page(query);
  }

  @Get('audit.csv')
  csv(@Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    return this.audit.csv(query, res);
  }

  @Get('tasks/:id/audit')
  @RequireRole('viewer')
  task(@Param('id', taskId) id: string, @Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.audit.taskPage(id, query);
  }
}
