import request from 'supertest';
import { AUTH_ERR, type Role } from '@app/contracts';
import { userWithRole, type TestUser } from '../support/auth';
import { apiUrl } from '../support/test-env';

/** An id that names nothing: a call that passes the role check answers 404 (or 400 for its body), never 401/403. */
const NONE = '00000000-0000-4000-8000-000000000000';

/** Every route of the API with the least role it needs (DESIGN §13). */
const ROUTES: [method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, least: Role][] = [
  ['get', '/api/tasks', 'viewer'],
  ['get', '/api/tasks?view=summary', 'viewer'],
  ['post', '/api/tasks', 'staff'],
  ['get', `/api/tasks/${NONE}`, 'viewer'],
  ['patch', `/api/tasks/${NONE}`, 'staff'],
  ['delete', `/api/tasks/${NONE}`, 'staff'],
  ['post', `/api/tasks/${NONE}/upload/price`, 'staff'],
  ['get', `/api/tasks/${NONE}/files/price`, 'viewer'],
  ['get', `/api/tasks/${NONE}/files/template/columns`, 'viewer'],
  ['post', `/api/tasks/${NONE}/generate`, 'staff'],
  ['post', `/api/tasks/${NONE}/check`, 'staff'],
  ['get', `/api/tasks/${NONE}/exports`, 'viewer'],
  ['get', `/api/tasks/${NONE}/exports/${NONE}/file`, 'viewer'],
  ['get', `/api/tasks/${NONE}/header-changes`, 'viewer'],
  ['post', `/api/tasks/${NONE}/header-changes/fix`, 'staff'],
  ['get', `/api/tasks/${NONE}/audit`, 'viewer'],
  ['get', `/api/tasks/${NONE}/exports/latest/file`, 'viewer'],
  ['get', '/api/price-lists', 'viewer'],
  ['post', '/api/price-lists', 'staff'],
  ['get', `/api/price-lists/${NONE}`, 'viewer'],
  ['patch', `/api/price-lists/${NONE}`, 'staff'],
  ['delete', `/api/price-lists/${NONE}`, 'admin'],
  ['post', `/api/price-lists/${NONE}/versions`, 'staff'],
  ['get', `/api/price-lists/${NONE}/versions`, 'viewer'],
  ['get', `/api/price-lists/${NONE}/versions/${NONE}/file`, 'viewer'],
  ['get', `/api/price-lists/${NONE}/versions/${NONE}/columns`, 'viewer'],
  ['get', '/api/batches', 'viewer'],
  ['post', '/api/batches', 'staff'],
  ['get', `/api/batches/${NONE}`, 'viewer'],
  ['get', `/api/batches/${NONE}/archive`, 'viewer'],
  ['get', '/api/mappings/global', 'viewer'],
  ['put', '/api/mappings/global', 'staff'],
  ['get', '/api/profiles', 'viewer'],
  ['post', '/api/profiles', 'staff'],
  ['get', `/api/profiles/${NONE}`, 'viewer'],
  ['put', `/api/profiles/${NONE}`, 'staff'],
  ['delete', `/api/profiles/${NONE}`, 'admin'],
  ['get', '/api/users', 'admin'],
  ['post', '/api/users', 'admin'],
  ['patch', `/api/users/${NONE}`, 'admin'],
  ['get', '/api/audit', 'admin'],
  ['get', '/api/audit.csv', 'admin'],
  ['get', '/api/auth/me', 'viewer'],
  ['get', '/api/auth/tokens', 'viewer'],
  ['post', '/api/auth/tokens', 'viewer'],
  ['delete', `/api/auth/tokens/${NONE}`, 'viewer'],
  ['post', '/api/auth/password', 'viewer'],
];

const ORDER: Role[] = ['viewer', 'staff', 'admin'];

describe('roles on every call (DESIGN §13)', () => {
  const users = {} as Record<Role, TestUser>;
  beforeAll(async () => {
    for (const role of ORDER) users[role] = await userWithRole(role);
  });

  it.each(ROUTES)('%s %s: 401 signed out, 403 below %s, through above', async (method, path, least) => {
    // A JSON body for the writes: an empty one is a 400 only once the role check has passed.
    const call = (cookie?: string) => {
      const req = request(apiUrl())[method](path);
      if (cookie) req.set('Cookie', cookie);
      return method === 'get' || method === 'delete' ? req : req.send({});
    };
    expect((await call().expect(401)).body).toEqual({ error: AUTH_ERR.signInRequired });
    for (const role of ORDER) {
      const res = await call(users[role].cookie);
      if (ORDER.indexOf(role) < ORDER.indexOf(least)) {
        expect([role, res.status, res.body]).toEqual([role, 403, { error: AUTH_ERR.forbidden }]);
      } else {
        expect({ role, status: [401, 403].includes(res.status) ? res.status : 'through' }).toEqual({ role, status: 'through' });
      }
    }
  });
});
