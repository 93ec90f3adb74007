import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ERR, type ExportRecord } from '@app/contracts';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ExportsService } from './exports.service';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';

const taskId = new UuidParamPipe(ERR.taskNotFound);
const exportId = new UuidParamPipe(ERR.exportNotFound);

@Controller('api/tasks/:id')
@RequireRole('viewer')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Post('generate')
  @HttpCode(200)
  @RequireRole('staff')
  generate(@CurrentUser() user: Principal, @Param('id', taskId) id: string, @Res() res: Response): Promise<void> {
    return this.exports.generate(user, id, res);
  }

  @Get('exports')
  history(@Param('id', taskId) id: string): Promise<ExportRecord[]> {
    return this.exports.history(id);
  }

  // Before `exports/:exportId/file`, which would take `latest` for an id.
  @Get('exports/latest/file')
  latest(@Param('id', taskId) id: string, @Res() res: Response): Promise<void> {
    return this.exports.sendLatest(id, res);
  }

  @Get('exports/:exportId/file')
  file(@Param('id', taskId) id: string, @Param('exportId', exportId) exp: string, @Res() res: Response): Promise<void> {
    return this.exports.sendFile(id, exp, res);
  }
}
