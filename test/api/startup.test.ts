import { Client } from 'pg';
import { MIGRATIONS } from '@app/persistence/data-source';
import { startApi, startApp } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { testEnv } from '../support/test-env';

describe('startup', () => {
  it.each([
    ['api', { PORT: 'abc' }, 'PORT'],
    ['api', { DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    ['worker', { REDIS_URL: 'not a url' }, 'REDIS_URL'],
    ['worker', { WORKER_CONCURRENCY: '0' }, 'WORKER_CONCURRENCY'],
    ['api', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['api', { PUBLIC_URL: 'prices.example.com' }, 'PUBLIC_URL: expected the http or https address users open'],
    ['api', { TRUST_PROXY: 'true' }, 'TRUST_PROXY: expected a hop count'],
  ] as const)('%s refuses a bad %j with one line naming the variable', async (kind, bad, name) => {
    const { appEnv, logDir } = testEnv();
    const proc = startApp(kind, `${kind}-bad-${name}`, { ...appEnv, ...bad }, logDir);
    expect(await proc.exited).toBe(1);
    const lines = proc.lines.filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: .*${name}`));
  });

  it('refuses the default Bull Board credentials in production', async () => {
    const { appEnv, logDir } = testEnv();
    const proc = startApp('api', 'api-prod-defaults', { ...appEnv, NODE_ENV: 'production', ADMIN_USER: 'admin', ADMIN_PASSWORD: 'admin' }, logDir);
    expect(await proc.exited).toBe(1);
    const lines = proc.lines.filter((l) => l.trim());
    expect(lines).toEqual(['Invalid configuration: ADMIN_USER: must not be the default in production; ADMIN_PASSWORD: at least 12 characters in production']);
  });

  it('two APIs starting at once on a missing database create it and migrate it exactly once', async () => {
    const { appEnv, logDir } = testEnv();
    const url = `${appEnv.DATABASE_URL}_fresh`;
    await dropDatabase(url);
    const env = { ...appEnv, DATABASE_URL: url };
    const [a, b] = await Promise.all([startApi('api-race-a', env, logDir), startApi('api-race-b', env, logDir)]);
    try {
      expect(a.url).not.toBe(b.url);
      const client = new Client({ connectionString: url });
      await client.connect();
      const migrations = await client.query('SELECT name FROM migrations');
      const rules = await client.query('SELECT id FROM global_rules');
      await client.end();
      expect(migrations.rows).toHaveLength(MIGRATIONS.length);
      expect(rules.rows).toEqual([{ id: 1 }]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await dropDatabase(url);
    }
  }, 90_000);
});
