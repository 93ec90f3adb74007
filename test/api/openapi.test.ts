import type * as oas from 'openapi3-ts/oas31';
import request from 'supertest';
import { AUTH_LIMITS, ERR, JSON_BODY_LIMITS, type AuditPage, type CreatedApiToken, type Mapping, type RuleProfile, type Task, type User } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { api, binary, replaceGlobalMapping, putGlobalMapping } from '../support/api-client';
import { signInCookie, uniqueLogin, userWithRole } from '../support/auth';
import { SAMPLE_RULES } from '../support/generate-helpers';
import { DocumentedApi, documentedRoutes, servedRoutes, validateOpenApi } from '../support/openapi-contract';
import { apiUrl, testEnv } from '../support/test-env';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI document at /api/openapi.json', () => {
  let doc: oas.OpenAPIObject;
  let documented: DocumentedApi;
  let rules: Mapping;

  beforeAll(async () => {
    await request(apiUrl()).get('/api/openapi.json').expect(401);
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

  it('gives every operation a summary, a success answer (or a redirect) and, for a state change, the cross-site 403', () => {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, oas.OperationObject>)) {
        expect({ route: `${method} ${path}`, summary: Boolean(op.summary) }).toEqual({ route: `${method} ${path}`, summary: true });
        expect({ route: `${method} ${path}`, answers: Object.keys(op.responses ?? {}).some((s) => /^[23]/.test(s)) }).toEqual({ route: `${method} ${path}`, answers: true });
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
    const saved = documented.expect('put', '/api/profiles/{id}', await api().put(`/api/profiles/${profile.id}`).send({ ...SAMPLE_RULES, headers: { template: { '5': 'Цена закупки' } }, version: profile.version })).body as RuleProfile;
    expect(saved.version).toBe(profile.version + 1);
    documented.expect('put', '/api/profiles/{id}', await api().put(`/api/profiles/${profile.id}`).send({ priceKeys: { ma: 1 }, version: profile.version }), 409);
    documented.expect('put', '/api/profiles/{id}', await api().put(`/api/profiles/${profile.id}`).send({ version: 0 }), 400);

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
    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: 'a', minQty: '=1+1' }] }), 400);
    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).send({ name: 'OpenAPI, переименована' }), 200);
    documented.expect('patch', '/api/tasks/{id}', await api().patch(`/api/tasks/${task.id}`).send({ name: '   ' }), 400);
    documented.expect('get', '/api/tasks/{id}/audit', await api().get(`/api/tasks/${task.id}/audit`), 200);
    documented.expect('get', '/api/tasks/{id}/audit', await api().get(`/api/tasks/${task.id}/audit?cursor=вчера`), 400);
    documented.expect('get', '/api/tasks/{id}/audit', await api().get(`/api/tasks/${MISSING}/audit`), 404);
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

  it('tells the truth about who may call: signed out, a temporary password, a role too low', async () => {
    const viewer = await userWithRole('viewer');
    const temporary = await userWithRole('staff', { temporary: true });
    documented.expect('get', '/api/tasks', await request(apiUrl()).get('/api/tasks'), 401);
    documented.expect('post', '/api/tasks', await request(apiUrl()).post('/api/tasks').send({ name: 'x' }), 401);
    documented.expect('get', '/api/tasks', await temporary.agent().get('/api/tasks'), 403);
    documented.expect('post', '/api/tasks', await viewer.agent().post('/api/tasks').send({ name: 'x' }), 403);
    documented.expect('get', '/api/users', await viewer.agent().get('/api/users'), 403);
    documented.expect('get', '/api/audit', await viewer.agent().get('/api/audit'), 403);
    documented.expect('delete', '/api/profiles/{id}', await viewer.agent().delete(`/api/profiles/${MISSING}`), 403);
    documented.expect('get', '/api/openapi.json', await request(apiUrl()).get('/api/openapi.json'), 401);
    documented.expect('get', '/api/openapi.json', await viewer.agent().get('/api/openapi.json'), 200);
    documented.expect('get', '/api/auth/me', await temporary.agent().get('/api/auth/me'), 200);
    documented.expect('get', '/api/health', await request(apiUrl()).get('/api/health'), 200);
  });

  it('tells the truth about signing in, passwords, personal tokens and single sign-on', async () => {
    const staff = await userWithRole('staff');
    const anonymous = () => request(apiUrl());
    documented.expect('get', '/api/auth/options', await anonymous().get('/api/auth/options'), 200);
    // From an address of this test's own (the API trusts the loopback proxy's X-Forwarded-For).
    const address = `192.0.2.${Math.floor(Math.random() * 200) + 20}`;
    const signIn = (body: unknown) => anonymous().post('/api/auth/sign-in').set('X-Forwarded-For', address).send(body as object);
    const session = documented.expect('post', '/api/auth/sign-in', await signIn({ login: staff.login, password: staff.password }), 200);
    const cookie = String(session.headers['set-cookie']).split(';')[0];
    documented.expect('post', '/api/auth/sign-in', await signIn([]), 400);
    documented.expect('post', '/api/auth/sign-in', await signIn({ login: 'x'.repeat(JSON_BODY_LIMITS.public), password: 'x' }), 413);
    const stranger = uniqueLogin('nobody');
    for (let i = 0; i < AUTH_LIMITS.signInFailures; i++) documented.expect('post', '/api/auth/sign-in', await signIn({ login: stranger, password: 'wrong' }), 401);
    documented.expect('post', '/api/auth/sign-in', await signIn({ login: stranger, password: 'wrong' }), 429);

    documented.expect('get', '/api/auth/me', await anonymous().get('/api/auth/me').set('Cookie', cookie), 200);
    documented.expect('get', '/api/auth/me', await anonymous().get('/api/auth/me'), 401);
    documented.expect('post', '/api/auth/password', await staff.agent().post('/api/auth/password').send({ current: 'not-it', next: 'another-password' }), 400);
    documented.expect('post', '/api/auth/password', await staff.agent().post('/api/auth/password').send({ current: staff.password, next: 'short' }), 400);
    documented.expect('post', '/api/auth/password', await staff.agent().post('/api/auth/password').send({ current: staff.password, next: staff.password }), 400);

    const token = documented.expect('post', '/api/auth/tokens', await staff.agent().post('/api/auth/tokens').send({ name: 'OpenAPI' }), 201).body as CreatedApiToken;
    documented.expect('post', '/api/auth/tokens', await staff.agent().post('/api/auth/tokens').send({ name: ' ' }), 400);
    documented.expect('get', '/api/auth/tokens', await anonymous().get('/api/auth/tokens').set('Authorization', `Bearer ${token.token}`), 200);
    documented.expect('delete', '/api/auth/tokens/{id}', await staff.agent().delete(`/api/auth/tokens/${token.id}`), 204);
    documented.expect('delete', '/api/auth/tokens/{id}', await staff.agent().delete(`/api/auth/tokens/${token.id}`), 404);
    documented.expect('delete', '/api/auth/tokens/{id}', await staff.agent().delete('/api/auth/tokens/pe_secret'), 404);

    documented.expect('get', '/api/auth/oidc/start', await anonymous().get('/api/auth/oidc/start?next=/task/1'), 404);
    documented.expect('get', '/api/auth/oidc/callback', await anonymous().get('/api/auth/oidc/callback?code=x&state=y'), 404);
    documented.expect('post', '/api/auth/password', await staff.agent().post('/api/auth/password').send({ current: staff.password, next: 'a-new-password' }), 200);
    const again = await signInCookie(apiUrl(), staff.login, 'a-new-password');
    documented.expect('post', '/api/auth/sign-out', await anonymous().post('/api/auth/sign-out').set('Cookie', again), 204);
    documented.expect('post', '/api/auth/sign-out', await anonymous().post('/api/auth/sign-out'), 204);
  });

  it('tells the truth about users and the audit log', async () => {
    const login = uniqueLogin('openapi');
    const created = documented.expect('post', '/api/users', await api().post('/api/users').send({ login, role: 'viewer', password: 'temporary-1' }), 201).body as User;
    documented.expect('post', '/api/users', await api().post('/api/users').send({ login: login.toUpperCase(), role: 'viewer', password: 'temporary-1' }), 409);
    documented.expect('post', '/api/users', await api().post('/api/users').send({ login, role: 'boss', password: 'temporary-1' }), 400);
    documented.expect('get', '/api/users', await api().get('/api/users'), 200);
    documented.expect('patch', '/api/users/{id}', await api().patch(`/api/users/${created.id}`).send({ role: 'staff', displayName: 'Сотрудник OpenAPI' }), 200);
    documented.expect('patch', '/api/users/{id}', await api().patch(`/api/users/${created.id}`).send({ disabled: true, password: 'temporary-2' }), 200);
    documented.expect('patch', '/api/users/{id}', await api().patch(`/api/users/${created.id}`).send({ login: 'другой' }), 400);
    documented.expect('patch', '/api/users/{id}', await api().patch(`/api/users/${MISSING}`).send({ disabled: true }), 404);

    const page = documented.expect('get', '/api/audit', await api().get(`/api/audit?userId=&action=user.update`), 200).body as AuditPage;
    expect(page.events.some((e) => e.action === 'user.update')).toBe(true);
    documented.expect('get', '/api/audit', await api().get(`/api/audit?from=2026-01-01&to=2099-12-31&cursor=${page.events[0].id}`), 200);
    documented.expect('get', '/api/audit', await api().get('/api/audit?action=task.burn'), 400);
    documented.expect('get', '/api/audit', await api().get('/api/audit?from=вчера'), 400);
    const csv = documented.expect('get', '/api/audit.csv', await api().get('/api/audit.csv?action=user.create'), 200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    documented.expect('get', '/api/audit.csv', await api().get('/api/audit.csv?userId=12'), 400);
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
