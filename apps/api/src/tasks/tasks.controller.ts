import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ERR, JSON_BODY_LIMITS, type PatchTaskResponse, type Task, type TaskSummary } from '@app/contracts';
import { patchTaskSchema } from '@app/contracts/schemas';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { BodyLimit } from '../common/json-body.interceptor';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { TasksService } from './tasks.service';

const taskId = new UuidParamPipe(ERR.taskNotFound);

@Controller('api/tasks')
@RequireRole('viewer')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  list(@Query('view') view: unknown): Promise<Task[] | TaskSummary[]> {
    return this.tasks.list(view);
  }

  @Post()
  @RequireRole('staff')
  create(@CurrentUser() user: Principal, @Body() body: unknown): Promise<Task> {
    return this.tasks.create(user, body);
  }

  @Get(':id')
  get(@Param('id', taskId) id: string): Promise<Task> {
    return this.tasks.get(id);
  }

  @Patch(':id')
  @RequireRole('staff')
  // The save holds the items: up to 10,000 at their field limits.
  @BodyLimit(JSON_BODY_LIMITS.taskSave)
  patch(@CurrentUser() user: Principal, @Param('id', taskId) id: string, @Body(new ZodBodyPipe(patchTaskSchema)) body: never): Promise<PatchTaskResponse> {
    return this.tasks.patch(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireRole('staff')
  remove(@CurrentUser() user: Principal, @Param('id', taskId) id: string): Promise<void> {
    return this.tasks.remove(user, id);
  }
}
