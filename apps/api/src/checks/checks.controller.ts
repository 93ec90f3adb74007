import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ERR, type CheckResponse } from '@app/contracts';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ChecksService } from './checks.service';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';

const taskId = new UuidParamPipe(ERR.taskNotFound);

@Controller('api/tasks/:id/check')
export class ChecksController {
  constructor(private readonly checks: ChecksService) {}

  @Post()
  @HttpCode(200)
  @RequireRole('staff')
  check(@CurrentUser() user: Principal, @Param('id', taskId) id: string): Promise<CheckResponse> {
    return this.checks.check(user, id);
  }
}
