import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { AUTH_ERR, type User } from '@app/contracts';
import { createUserSchema, patchUserSchema } from '@app/contracts/auth.schemas';
import type { Principal } from '@app/persistence';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UsersService } from './users.service';

const userId = new UuidParamPipe(AUTH_ERR.userNotFound);

@Controller('api/users')
@RequireRole('admin')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list(): Promise<User[]> {
    return this.users.list();
  }

  @Post()
  create(@CurrentUser() admin: Principal, @Body(new ZodBodyPipe(createUserSchema)) body: never): Promise<User> {
    return this.users.create(admin, body);
  }

  @Patch(':id')
  update(@CurrentUser() admin: Principal, @Param('id', userId) id: string, @Body(new ZodBodyPipe(patchUserSchema)) body: never): Promise<User> {
    return this.users.update(admin, id, body);
  }
}
