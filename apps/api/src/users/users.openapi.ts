import { z } from 'zod';
import { AUTH_ERR, AUTH_UI } from '@app/contracts';
import { createUserSchema, patchUserSchema } from '@app/contracts/auth.schemas';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import type { RouteDoc } from '../openapi/route-doc';

export const USER_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/users',
    tag: 'users',
    summary: `«${AUTH_UI.usersTitle}»: every user`,
    answers: [{ status: 200, description: 'the users', json: z.array(R.User) }],
  },
  {
    method: 'post',
    path: '/api/users',
    tag: 'users',
    summary: `«${AUTH_UI.addUser}»`,
    description: 'The password is temporary: until the user changes it (`POST /api/auth/password`), every call but `/api/auth/*` answers 403. Without `displayName` the login is the name. Logins are unique whatever their case.',
    body: {
      schema: createUserSchema,
      example: { login: 'ivanova', displayName: 'Иванова Мария', role: 'staff', password: 'temporary-1' },
      pipe: {
        invalid: [
          { login: 'я', role: 'staff', password: 'temporary-1' },
          { login: 'ivanova', role: 'boss', password: 'temporary-1' },
          { login: 'ivanova', role: 'staff', password: 'short' },
        ],
      },
    },
    answers: [{ status: 201, description: 'the new user', json: R.User }],
    errors: { 409: [AUTH_ERR.loginTaken] },
  },
  {
    method: 'patch',
    path: '/api/users/{id}',
    tag: 'users',
    summary: 'Change a user: name, role, disabled, a new temporary password',
    description:
      "A part left out keeps its value. `password` is a new temporary password (`Сбросить пароль`). Disabling a user or giving a new password ends their sessions; a disabled user's tokens sign nobody in. The last active admin can be neither demoted nor disabled.",
    params: { id: { schema: idParamSchema, description: "the user's id", notFound: AUTH_ERR.userNotFound } },
    body: {
      schema: patchUserSchema,
      example: { role: 'viewer', disabled: false },
      pipe: { invalid: [{ role: 'boss' }, { disabled: 'да' }, { login: 'petrova' }] },
    },
    answers: [{ status: 200, description: 'the changed user', json: R.User }],
    errors: { 409: [AUTH_ERR.lastAdmin] },
  },
];
