import { z } from 'zod';
import { loadConfig } from '@app/config';
import { ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS } from '@app/contracts/response-schemas';
import { fixHeaderSchema } from '@app/contracts/schemas';
import { API_ROUTES } from './api-routes';
import { buildOpenApiDocument, errorTexts } from './openapi-document';
import { taskIdParam, type RouteDoc } from './route-doc';

const config = loadConfig({ UPLOAD_MAX_MB: '40' });

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument(API_ROUTES, config);

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
    const texts = errorTexts(upload, config);
    expect(texts[413]).toEqual([ERR.fileTooLarge(40)]);
    expect(texts[404]).toEqual([ERR.taskNotFound, ERR.notFound]);
    expect(texts[403]).toEqual([ERR.crossSite]);
    expect(texts[503]).toEqual([ERR.serviceUnavailable]);
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
    expect(errorTexts(route, config)[400]).toEqual([ERR.badRequest, ERR.invalidField('{field}', '{reason}'), ERR.invalidField('to', ERR.fixSameColumn), ERR.badJson]);
    const accepted = { ...route, body: { schema: fixHeaderSchema, pipe: { invalid: [{ file: 'price', from: 6, to: 7 }] } } };
    expect(() => errorTexts(accepted, config)).toThrow('is accepted');
  });

  it('refuses a route whose path parameters and descriptions differ, or one described twice', () => {
    const route: RouteDoc = { method: 'get', path: '/api/tasks/{id}/exports/{exportId}/file', tag: 'exports', summary: 'file', params: { id: taskIdParam }, answers: [{ status: 200, description: 'file', json: z.object({}) }] };
    expect(() => buildOpenApiDocument([route], config)).toThrow('path parameters exportId,id but id described');
    const one = API_ROUTES[0];
    expect(() => buildOpenApiDocument([one, one], config)).toThrow('described twice');
  });
});
