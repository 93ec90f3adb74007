import type * as oas from 'openapi3-ts/oas31';
import { ERR, type Mapping, type RuleProfile, type Task } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { api, binary, replaceGlobalMapping, putGlobalMapping } from '../support/api-client';
import { SAMPLE_RULES } from '../support/generate-helpers';
import { DocumentedApi, documentedRoutes, servedRoutes, validateOpenApi } from '../support/openapi-contract';
import { testEnv } from '../support/test-env';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI document at /api/openapi.json', () => {
  let doc: oas.OpenAPIObject;
  let documented: DocumentedApi;
  let rules: Mapping;

  beforeAll(async () => {
    const res = await api().get('/api/openapi.json').expect(200).expect('Content-Type', /json/);
    doc = res.body as oas.OpenAPIObject;
    documented = new DocumentedApi(doc);
    rules = await replaceGlobalMapping(SAMPLE_RULES);
  });
  afterAll(() => putGlobalMapping(rules));

  it('is a valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(validateOpenApi(doc)).toEqual({ valid: true });
  });

  it('has an entry for every route the API serves, and no entry for a route it does not', () => {
    const served = servedRoutes(testEnv().appEnv);
    const entries = documentedRoutes(doc);
    const undocumented = served.filter((r) => !entries.includes(r));
    const unserved = entries.filter((r) => !served.includes(r));
    // A failure here names the routes: describe them in their feature's *.openapi.ts (listed in
    // apps/api/src/openapi/api-routes.ts), or remove the entries of routes that are gone.
    expect({ undocumented, unserved }).toEqual({ undocumented: [], unserved: [] });
    expect(served.length).toBeGreaterThan(20);
  });

  it('gives every operation a summary, a success answer and, for a state change, the cross-site 403', () => {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, oas.OperationObject>)) {
        expect({ route: `${method} ${path}`, summary: Boolean(op.summary) }).toEqual({ route: `${method} ${path}`, summary: true });
        expect(Object.keys(op.responses ?? {}).some((s) => s.startsWith('2'))).toBe(true);
        if (method !== 'get') expect(JSON.stringify(op.responses?.['403'])).toContain(ERR.crossSite);
      }
    }
  });

  it('tells the truth: real answers of a whole task, from creation to export, match what it documents', async () => {
    const profile = documented.expect('post', '/api/profiles', await api().post('/api/profiles').send({ name: `OpenAPI ${Date.now()}` })).body as RuleProfile;
    documented.expect('post', '/api/profiles', await api().post('/api/profiles').send({ name: profile.name }));
    documented.expect('post', '/api/profiles', await api().post('/api/profiles').send({ name: '' }));
    documented.expect('get', '/api/profiles', await api().get('/api/profiles'));
    documented.expect('get', '/api/profiles/{id}', await api().get(`/api/profiles/${profile.id}`));
    documented.expect('get', '/api/profiles/{id}', await api().get(`/api/profiles/${MISSING}`));
    documented.expect('put', '/api/profiles/{id}', await api().put(`/api/profiles/${profile.id}`).send({ ...SAMPLE_RULES, headers: { template: { '5': 'Цена закупки' } } }));

    const task = documented.expect('post', '/api/tasks', await api().post('/api/tasks').send({ name: 'OpenAPI', profileId: profile.id })).body as Task;
    documented.expect('post', '/api/tasks', await api().post('/api/tasks').send({ name: ' ' }));
    documented.expect('post', '/api/tasks', await api().post('/api/tasks').send({ name: 'x', profileId: MISSING }));
    documented.expect('get', '/api/tasks', await api().get('/api/tasks'));
    documented.expect('get', '/api/tasks', await api().get('/api/tasks?view=summary'));
    documented.expect('get', '/api/tasks', await api().get('/api/tasks?view=full'));
    documented.expect('get', '/api/tasks/{id}', await api().get('/api/tasks/not-an-id'));
    documented.expect('post', '/api/tasks/{id}/generate', await api().post(`/api/tasks/${task.id}/generate`));
    documented.expect('post', '/api/tasks/{id}/check', await api().post(`/api/tasks/${task.id}/check`));

    documented.expect('post', '/api/tasks/{id}/upload/{kind}', await api().post(`/api/tasks/${task.id}/upload/price`).attach('file', Buffer.alloc(0), 'пусто.xlsx'));
    documented.expect('post', '/api/tasks/{id}/upload/{kind}', await api().post(`/api/tasks/${task.id}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'price.xlsx'));
    documented.expect('post', '/api/tasks/{id}/upload/{kind}', await api().post(`/api/tasks/${task.id}/upload/template`).attach('file', fixtureBytes('template-sample.xlsx'), 'template.xlsx'));
    documented.expect('get', '/api/tasks/{id}/files/{kind}', await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary));
    documented.expect('get', '/api/tasks/{id}/files/{kind}', await api().get(`/api/tasks/${task.id}/files/smeta`));
    documented.expect('get', '/api/tasks/{id}/files/{kind}/columns', await api().get(`/api/tasks/${task.id}/files/template/columns`));
    documented.expect('get', '/api/tasks/{id}/header-changes', await api().get(`/api/tasks/${task.id}/header-changes`));
    documented.expect('post', '/api/tasks/{id}/header-changes/fix', await api().post(`/api/tasks/${task.id}/header-changes/fix`).send({ file: 'template', from: 5, to: 5 }));

    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).send({ items: sampleItems(), syncMapping: true, version: task.version }));
    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).send({ items: [], version: task.version }));
    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).send({ version: 'первая' }));
    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).set('Origin', 'https://evil.example').send({ items: [] }));

    documented.expect('post', '/api/tasks/{id}/check', await api().post(`/api/tasks/${task.id}/check`));
    const file = documented.expect('post', '/api/tasks/{id}/generate', await api().post(`/api/tasks/${task.id}/generate`).buffer(true).parse(binary));
    expect(file.status).toBe(200);
    documented.expect('post', '/api/tasks/{id}/check', await api().post(`/api/tasks/${task.id}/check`));
    const exportId = file.headers['x-export-id'];
    documented.expect('get', '/api/tasks/{id}/exports', await api().get(`/api/tasks/${task.id}/exports`));
    documented.expect('get', '/api/tasks/{id}/exports/{exportId}/file', await api().get(`/api/tasks/${task.id}/exports/${exportId}/file`).buffer(true).parse(binary));
    documented.expect('get', '/api/tasks/{id}/exports/{exportId}/file', await api().get(`/api/tasks/${task.id}/exports/${MISSING}/file`));

    documented.expect('get', '/api/mappings/global', await api().get('/api/mappings/global'));
    documented.expect('put', '/api/mappings/global', await api().put('/api/mappings/global').send(SAMPLE_RULES));
    documented.expect('put', '/api/mappings/global', await api().put('/api/mappings/global').send({ priceKeys: { ma: 1.5 } }));
    documented.expect('get', '/api/health', await api().get('/api/health'));

    documented.expect('delete', '/api/tasks/{id}', await api().delete(`/api/tasks/${task.id}`));
    documented.expect('delete', '/api/tasks/{id}', await api().delete(`/api/tasks/${task.id}`));
    documented.expect('delete', '/api/profiles/{id}', await api().delete(`/api/profiles/${profile.id}`));
    const defaultProfile = ((await api().get('/api/profiles')).body as RuleProfile[]).find((p) => p.isDefault)!;
    documented.expect('delete', '/api/profiles/{id}', await api().delete(`/api/profiles/${defaultProfile.id}`));
  });

  it('serves its reference page and the viewer files the page loads, nothing else of the package', async () => {
    const page = documented.expect('get', '/api/docs', await api().get('/api/docs'));
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']));
    for (const asset of assets) documented.expect('get', '/api/docs/{asset}', await api().get(asset).expect(200));
    documented.expect('get', '/api/docs/{asset}', await api().get('/api/docs/index.html').expect(404));
    documented.expect('get', '/api/docs/{asset}', await api().get('/api/docs/package.json').expect(404));
  });
});
