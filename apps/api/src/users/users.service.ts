import { Injectable } from '@nestjs/common';
import { AUTH_ERR, type User } from '@app/contracts';
import type { createUserSchema, patchUserSchema } from '@app/contracts/auth.schemas';
import { UsersRepository, type Principal, type UserChange, type UserEntity, type UserRefusal } from '@app/persistence';
import type { z } from 'zod';
import { conflict, notFound } from '../common/user-error';
import { PasswordHasher } from '../auth/password-hasher';
import { toUser } from '../auth/user.mapper';

const answer = (result: UserEntity | UserRefusal | null): User => {
  if (result === null) throw notFound(AUTH_ERR.userNotFound);
  if (result === 'login-taken') throw conflict(AUTH_ERR.loginTaken);
  if (result === 'last-admin') throw conflict(AUTH_ERR.lastAdmin);
  return toUser(result);
};

/** `Пользователи` (admins): every user gets a temporary password, changed at first sign-in. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async list(): Promise<User[]> {
    return (await this.users.list()).map(toUser);
  }

  async create(admin: Principal, body: z.output<typeof createUserSchema>): Promise<User> {
    const passwordHash = await this.hasher.hash(body.password);
    const displayName = body.displayName ?? body.login;
    return answer(await this.users.create(admin, { login: body.login, displayName, role: body.role, passwordHash, mustChangePassword: true, email: body.email ?? null }));
  }

  async update(admin: Principal, id: string, body: z.output<typeof patchUserSchema>): Promise<User> {
    const { password, ...rest } = body;
    const change: UserChange = { ...rest, ...(password === undefined ? {} : { passwordHash: await this.hasher.hash(password) }) };
    return answer(await this.users.update(admin, id, change));
  }
}
