import { ERR } from '@app/contracts';
import request from 'supertest';
import { api, createTask, upload } from '../support/api-client';
import { startApi } from '../support/app-runner';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { testEnv } from '../support/test-env';
import { signedInAt } from '../support/auth';

describe('health and the web app', () => {
  it('reports every dependency ok', async () => {
    const res = await api().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', db: 'ok', redis: 'ok', storage: 'ok' });
    expect(res.body.workers).toBeGreaterThanOrEqual(1);
  });

  it('with Redis unreachable: health is 503 naming redis, and generate fails fast with 503', async () => {
    const { appEnv, logDir } = testEnv();
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '0031000' }] }).expect(200);

    const noRedis = await startApi('api-no-redis', { ...appEnv, REDIS_URL: 'redis://127.0.0.1:1' }, logDir, 503);
    try {
      const health = await request(noRedis.url).get('/api/health').expect(503);
      expect(health.body).toMatchObject({ status: 'error', db: 'ok', redis: 'down', storage: 'ok' });
      const started = Date.now();
      const res = await signedInAt(noRedis.url).post(`/api/tasks/${task.id}/generate`).expect(503);
      expect(res.body).toEqual({ error: ERR.queueUnavailable });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await noRedis.stop();
    }
  }, 90_000);

  it('serves the web app at / and falls back to index.html for client routes, not for /api', async () => {
    const root = await api().get('/').expect(200);
    expect(root.headers['content-type']).toMatch(/text\/html/);
    expect(root.text).toContain('<div id="root">');
    const deep = await api().get('/task/123e4567-e89b-42d3-a456-426614174000').expect(200);
    expect(deep.text).toBe(root.text);
    const settings = await api().get('/settings/mapping').expect(200);
    expect(settings.text).toBe(root.text);
    await api().get('/api/definitely-not-here').expect(404).expect('Content-Type', /json/);
  });
});
