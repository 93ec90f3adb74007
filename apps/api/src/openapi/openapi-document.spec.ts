import { z } from 'zod';
import { loadConfig } from '@app/config';
import { AUTH_ERR, ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS } from '@app/contracts/response-schemas';
import { fixHeaderSchema } from '@app/contracts/schemas';
import type { Access } from '../auth/access.decorators';
import { API_ROUTES } from './api-routes';
import { buildOpenApiDocument, errorTexts } from './openapi-document';
import { routeKey, taskIdParam, type RouteAccess, type RouteDoc } from './route-doc';

const config = loadConfig({ UPLOAD_MAX_MB: '40' });
/** In the API, RouteAccessExplorer reads these from the handlers' decorators. */
const access: RouteAccess = new Map<string, Access>([
  ...API_ROUTES.map((r): [string, Access] => [routeKey(r.method, r.path), { role: 'viewer' }]),
  [routeKey('get', '/api/health'), { public: true }],
  [routeKey('get', '/api/auth/me'), { role: 'viewer', temporaryOk: true }],
  [routeKey('post', '/api/tasks/{id}/upload/{kind}'), { role: 'staff' }],
  [routeKey('get', '/api/users'), { role: 'admin' }],
]);

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument(API_ROUTES, config, access);

  it('names every answer schema as a component and refers to it', () => {
    expect(Object.keys(doc.components?.schemas ?? {}).sort()).toEqual(Object.keys(RESPONSE_SCHEMAS).sort());
    const task = doc.paths?.['/api/tasks/{id}']?.get?.responses?.['200'];
    expect(task.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Task' });
    const history = doc.paths?.['/api/tasks/{id}/exports']?.get?.responses?.['200'];
    expect(history.content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ExportRecord' } });
  });

  it('gives each operation a unique id', () => {
    const ids = Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item).map((op) => (op as { operationId: string }).operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds what every route of a kind answers, and texts made from the settings', () => {
    const upload = API_ROUTES.find((r) => r.path === '/api/tasks/{id}/upload/{kind}')!;
    const texts = errorTexts(upload, config, { role: 'staff' });
    expect(texts[413]).toEqual([ERR.fileTooLarge(40)]);
    expect(texts[404]).toEqual([ERR.taskNotFound, ERR.notFound]);
    expect(texts[401]).toEqual([AUTH_ERR.signInRequired]);
    expect(texts[403]).toEqual([AUTH_ERR.mustChangePassword, AUTH_ERR.forbidden, ERR.crossSite]);
    expect(texts[503]).toEqual([ERR.storageUnavailable, ERR.databaseUnavailable, ERR.serviceUnavailable]);
    expect(texts[400]).toEqual([ERR.noFile]);
  });

  it("lists a validated body's texts as the pipe gives them, and refuses a documented bad body the pipe accepts", () => {
    const route: RouteDoc = {
      method: 'post',
      path: '/api/tasks/{id}/header-changes/fix',
      tag: 'guard',
      summary: 'fix',
      params: { id: taskIdParam },
      body: { schema: fixHeaderSchema, pipe: { invalid: [{ file: 'price', from: 6, to: 6 }] } },
      answers: [{ status: 200, description: 'the task', json: RESPONSE_SCHEMAS.Task }],
    };
    expect(errorTexts(route, config, { role: 'staff' })[400]).toEqual([ERR.badRequest, ERR.invalidField('{field}', '{reason}'), ERR.invalidField('to', ERR.fixSameColumn), ERR.badJson]);
    const accepted = { ...route, body: { schema: fixHeaderSchema, pipe: { invalid: [{ file: 'price', from: 6, to: 7 }] } } };
    expect(() => errorTexts(accepted, config, { role: 'staff' })).toThrow('is accepted');
  });

  it('refuses a route whose path parameters and descriptions differ, or one described twice', () => {
    const route: RouteDoc = { method: 'get', path: '/api/tasks/{id}/exports/{exportId}/file', tag: 'exports', summary: 'file', params: { id: taskIdParam }, answers: [{ status: 200, description: 'file', json: z.object({}) }] };
    expect(() => buildOpenApiDocument([route], config, access)).toThrow('path parameters exportId,id but id described');
    const one = API_ROUTES[0];
    expect(() => buildOpenApiDocument([one, one], config, access)).toThrow('described twice');
    expect(() => buildOpenApiDocument([{ ...one, path: '/api/nowhere' }], config, access)).toThrow('GET /api/nowhere is described, but no handler serves it');
  });

  it("answers 401 and 403 as the handler's access says, and names how to sign in", () => {
    const errors = (method: string, path: string) => {
      const responses = (doc.paths?.[path] as Record<string, { responses: Record<string, { description: string }> }>)[method].responses;
      return { 401: responses['401']?.description, 403: responses['403']?.description };
    };
    expect(errors('get', '/api/health')).toEqual({ 401: undefined, 403: undefined });
    expect(errors('get', '/api/auth/me')).toEqual({ 401: `- ${AUTH_ERR.signInRequired}`, 403: undefined });
    expect(errors('get', '/api/tasks')).toEqual({ 401: `- ${AUTH_ERR.signInRequired}`, 403: `- ${AUTH_ERR.mustChangePassword}` });
    expect(errors('get', '/api/users')).toEqual({ 401: `- ${AUTH_ERR.signInRequired}`, 403: `- ${AUTH_ERR.mustChangePassword}\n- ${AUTH_ERR.forbidden}` });
    expect(doc.paths?.['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths?.['/api/users']?.get?.security).toEqual([{ session: [] }, { token: [] }]);
    expect(doc.paths?.['/api/users']?.get?.description).toMatch(/^\*\*Access:\*\* role `admin`\./);
    expect(Object.keys(doc.components?.securitySchemes ?? {})).toEqual(['session', 'token']);
  });

  it('lists the 503 of a stopping API for every route, in its own answer for health', () => {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const op of Object.values(item as Record<string, { responses: Record<string, { description: string }> }>)) {
        expect({ path, has503: Boolean(op.responses['503']) }).toEqual({ path, has503: true });
      }
    }
    expect(doc.paths?.['/api/health']?.get?.responses?.['503'].description).toContain(ERR.serviceUnavailable);
  });
});
