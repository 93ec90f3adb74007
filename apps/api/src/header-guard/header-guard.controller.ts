import { Body, Controller, Get, HttpCode, Post, Param } from '@nestjs/common';
import { ERR, type HeaderChangesResponse, type Task } from '@app/contracts';
import { fixHeaderSchema } from '@app/contracts/schemas';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { HeaderGuardService } from './header-guard.service';

const taskId = new UuidParamPipe(ERR.taskNotFound);

@Controller('api/tasks/:id/header-changes')
@RequireRole('viewer')
export class HeaderGuardController {
  constructor(private readonly guard: HeaderGuardService) {}

  @Get()
  async list(@Param('id', taskId) id: string): Promise<HeaderChangesResponse> {
    return { changes: await this.guard.changes(id) };
  }

  @Post('fix')
  @HttpCode(200)
  @RequireRole('staff')
  fix(@CurrentUser() user: Principal, @Param('id', taskId) id: string, @Body(new ZodBodyPipe(fixHeaderSchema)) body: never): Promise<Task> {
    return this.guard.fix(user, id, body);
  }
}
