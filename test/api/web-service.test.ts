import { ERR, LIMITS, UI } from '@app/contracts';
import { api, createTask, putGlobalMapping, upload } from '../support/api-client';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { objectsOf } from '../support/inspect';
import { testEnv } from '../support/test-env';

describe('the basics of a web service', () => {
  it.each(['/api/health', '/', '/tasks/x', '/admin/queues'])('sends security headers on %s, with a CSP the web app satisfies', async (path) => {
    const res = await api().get(path);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Served over plain HTTP inside a company network: nothing may be upgraded to HTTPS.
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  describe('refuses state-changing calls from another site', () => {
    it.each([
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
      ['an Origin of another host', { Origin: 'http://evil.example' }],
    ])('%s → 403, nothing created', async (_what, headers) => {
      const before = (await api().get('/api/tasks')).body.length;
      const res = await api().post('/api/tasks').set(headers).send({ name: 'чужая' }).expect(403);
      expect(res.body).toEqual({ error: ERR.crossSite });
      expect((await api().get('/api/tasks')).body.length).toBe(before);
    });

    it('an upload from another site stores nothing', async () => {
      const task = await createTask();
      await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).set('Sec-Fetch-Site', 'cross-site').expect(403);
      expect(await objectsOf(task.id)).toEqual([]);
    });

    it('the app itself (same origin), and tools that send no Origin, are served', async () => {
      const url = new URL(testEnv().apiUrl);
      await api().post('/api/tasks').set('Origin', url.origin).set('Sec-Fetch-Site', 'same-origin').send({ name: 'своя' }).expect(201);
      await api().post('/api/tasks').set('Origin', url.origin).send({ name: 'своя, старый браузер' }).expect(201);
      await api().post('/api/tasks').send({ name: 'скрипт' }).expect(201);
      await api().get('/api/tasks').set('Sec-Fetch-Site', 'cross-site').expect(200);
    });
  });

  it('takes the largest valid save: 10,000 items with 1,000-character names', async () => {
    const task = await createTask();
    const name = 'Ж'.repeat(LIMITS.itemTextMax);
    const items = Array.from({ length: LIMITS.itemsMax }, (_, i) => ({ ma: String(i), gm: '', name, minQty: 1, step: 1 }));
    const res = await api().patch(`/api/tasks/${task.id}`).send({ items }).expect(200);
    expect(res.body.items).toHaveLength(LIMITS.itemsMax);
  }, 120_000);

  it.each([
    ['a NUL in an item name', { items: [{ ma: '1', name: 'мол\u0000око' }] }, UI.columns.name],
    ['a control character in a code', { items: [{ ma: '1\u0007', name: 'молоко' }] }, UI.columns.ma],
  ])('refuses %s with 400 naming the row and column', async (_what, body, column) => {
    const task = await createTask();
    const res = await api().patch(`/api/tasks/${task.id}`).send(body).expect(400);
    expect(res.body).toEqual({ error: ERR.itemField(1, column, ERR.controlChars) });
  });

  it('refuses a task name with a NUL with 400', async () => {
    const res = await api().post('/api/tasks').send({ name: 'за\u0000дача' }).expect(400);
    expect(res.body).toEqual({ error: ERR.invalidField('name', ERR.controlChars) });
  });

  it.each([
    [{ manualMapping: { ma: 1e21 } }, 'manualMapping.ma', `ожидается целое число от 0 до ${LIMITS.columnMax}`],
    [{ manualMapping: { ma: '-5' } }, 'manualMapping.ma', `ожидается целое число от 0 до ${LIMITS.columnMax}`],
    [{ manualMapping: { ma: '1e3' } }, 'manualMapping.ma', `ожидается целое число от 0 до ${LIMITS.columnMax}`],
    [{ priceToTemplate: { '1e3': 2 } }, 'priceToTemplate.1e3', `ожидается целое число от 0 до ${LIMITS.columnMax}`],
    [{ priceKeys: 'x' }, 'priceKeys', 'ожидается объект'],
    [{ manualMapping: { ma: [1] } }, 'manualMapping.ma', 'ожидается число'],
  ])('refuses the rules %j with a Russian 400 naming %s, and keeps the saved rules', async (body, field, why) => {
    const saved = await putGlobalMapping({ manualMapping: { ma: 1, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 0, gm: 0 } });
    const res = await api().put('/api/mappings/global').send(body).expect(400);
    expect(res.body).toEqual({ error: ERR.invalidField(field, why) });
    expect((await api().get('/api/mappings/global')).body).toEqual(saved);
  });
});
