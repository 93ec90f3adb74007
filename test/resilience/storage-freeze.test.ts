import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ERR, type ExportRecord } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { StorageService } from '@app/storage';
import { AppLauncher, type StackProcess } from '../../scripts/app-launcher';
import { ENTRY } from '../../scripts/app-processes';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { ownedKeys, untilSwept } from '../support/owned-objects';
import { testEnv } from '../support/test-env';

/**
 * The S3 server frozen (SIGSTOP: it accepts connections and never answers) for longer than a
 * request waits: every storage call gives up after STORAGE_TIMEOUT_MS of silence, so an upload,
 * a download and a generate answer 503 `Хранилище файлов недоступно` instead of hanging or 504;
 * once storage is known to be down (a call or health probe failed in the last 10 s) generate and
 * check answer so at once, recording nothing (DESIGN §15). Once it thaws everything works, and
 * what the frozen server stored late is swept as unowned.
 */
jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timed = async <T>(work: () => PromiseLike<T>): Promise<[T, number]> => {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
};
const errorOf = (res: { body: unknown }) => (Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString()) : res.body);

describe('storage frozen', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-s3-freeze-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  const databases: string[] = [];
  afterAll(async () => {
    await launcher.stopAll(10_000);
    for (const url of databases) await dropDatabase(url);
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  /** An S3 server, an API and a worker of a database of their own (and so a queue of their own). */
  async function world(name: string, extra: Record<string, string>): Promise<{ s3: StackProcess; endpoint: string; env: Record<string, string>; api: StackProcess & { url: string } }> {
    const s3 = launcher.startApp(`s3-${name}`, ENTRY.embeddedS3, {}, [join(workDir, name)]);
    const endpoint = (JSON.parse(await launcher.waitForLine(s3, /^\{"endpoint"/)) as { endpoint: string }).endpoint;
    const env: Record<string, string> = { ...appEnv, DATABASE_URL: `${appEnv.DATABASE_URL}_${name.replace(/-/g, '_')}`, S3_ENDPOINT: endpoint, S3_BUCKET: `pe-${name}`, ...extra };
    delete env.QUEUE_PREFIX;
    databases.push(env.DATABASE_URL);
    const api = await launcher.startApi(`api-${name}`, env);
    await launcher.startWorker(`worker-${name}`, env);
    return { s3, endpoint, env, api };
  }

  it('calls answer 503 within their timeouts, not 504, then at once, and work again once it thaws', async () => {
    const { s3, endpoint, env, api } = await world('s3-freeze', { STORAGE_TIMEOUT_MS: '1500', GENERATE_TIMEOUT_MS: '30000', HOUSEKEEPING_EVERY_MS: '1000', STORAGE_GRACE_MS: '3000' });
    const taskId = await sampleTaskAt(api.url, 'замёрзшее хранилище');

    process.kill(s3.pid, 'SIGSTOP');
    try {
      // The API has not met the freeze yet: the job meets it, three times, and fails.
      const [out, outMs] = await timed(() => generate(taskId, api.url));
      expect([out.status, errorOf(out)]).toEqual([503, { error: ERR.storageUnavailable }]);
      const [row] = (await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
      expect(row).toMatchObject({ status: 'failed', error: ERR.storageUnavailable });
      const [up, upMs] = await timed(() => signedInAt(api.url).post(`/api/tasks/${taskId}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'прайс.xlsx'));
      expect([up.status, up.body]).toEqual([503, { error: ERR.storageUnavailable }]);
      const [file, fileMs] = await timed(() => signedInAt(api.url).get(`/api/tasks/${taskId}/files/template`));
      expect([file.status, file.body]).toEqual([503, { error: ERR.storageUnavailable }]);
      // Known down now: generate and check answer at once and record nothing.
      const [again, againMs] = await timed(() => generate(taskId, api.url));
      expect([again.status, errorOf(again)]).toEqual([503, { error: ERR.storageUnavailable }]);
      const check = await signedInAt(api.url).post(`/api/tasks/${taskId}/check`);
      expect([check.status, check.body]).toEqual([503, { error: ERR.storageUnavailable }]);
      expect((await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body).toHaveLength(1);
      process.stdout.write(`S3 frozen, STORAGE_TIMEOUT_MS 1500: generate 503 in ${outMs} ms, upload 503 in ${upMs} ms, download 503 in ${fileMs} ms, then generate 503 in ${againMs} ms\n`);
    } finally {
      process.kill(s3.pid, 'SIGCONT');
    }

    // Storage answers again: the first call that reaches it forgets the outage.
    await signedInAt(api.url).post(`/api/tasks/${taskId}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'прайс.xlsx').expect(200);
    await generate(taskId, api.url).expect(200);

    // The frozen server took the upload's bytes and may store them when it thaws: listed as
    // `writing` before the put, that object is removed as unowned.
    await untilSwept(env.DATABASE_URL);
    const storage = new StorageService({ endpoint, accessKey: env.S3_ACCESS_KEY ?? 'minioadmin', secretKey: env.S3_SECRET_KEY ?? 'minioadmin', bucket: env.S3_BUCKET, region: 'us-east-1', timeoutMs: 10_000 });
    expect((await storage.list(`tasks/${taskId}/`)).sort()).toEqual(await ownedKeys(env.DATABASE_URL, taskId));
  });

  it('frozen for 40 s under 13 generates (default STORAGE_TIMEOUT_MS, a 30 s wait): every generate 503, none 504; those after a failed health probe at once', async () => {
    const { s3, api } = await world('s3-freeze-40', { GENERATE_TIMEOUT_MS: '30000' });
    const taskId = await sampleTaskAt(api.url, 'хранилище замёрзло на 40 с');
    await generate(taskId, api.url).expect(200);

    process.kill(s3.pid, 'SIGSTOP');
    const frozenAt = Date.now();
    try {
      const burst = Array.from({ length: 13 }, () => timed(() => generate(taskId, api.url)));
      await sleep(1_000);
      // Health's probe gives up on the silent storage: from now on it is known to be down.
      const health = await request(api.url).get('/api/health');
      expect([health.status, health.body.storage]).toEqual([503, 'down']);
      const after = await Promise.all(Array.from({ length: 3 }, () => timed(() => generate(taskId, api.url))));
      const answered = await Promise.all(burst);

      const all = [...answered, ...after];
      expect(all.map(([res]) => res.status).filter((s) => s !== 503)).toEqual([]);
      for (const [res] of all) expect(errorOf(res)).toEqual({ error: ERR.storageUnavailable });
      // Those after the probe recorded nothing: the history holds the first export and the burst's.
      const rows = (await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
      expect(rows).toHaveLength(1 + 13);
      const ms = (list: [unknown, number][]) => list.map(([, t]) => t).sort((a, b) => a - b);
      process.stdout.write(`S3 frozen 40 s, default STORAGE_TIMEOUT_MS, 30 s wait: 13 generates 503 in ${ms(answered).join(', ')} ms; after a failed health probe 3 generates 503 in ${ms(after).join(', ')} ms\n`);
      await sleep(Math.max(0, 40_000 - (Date.now() - frozenAt)));
    } finally {
      process.kill(s3.pid, 'SIGCONT');
    }

    // Thawed: the exports the frozen jobs left end (failed or done), and a new generate works.
    await generate(taskId, api.url).expect(200);
  });
});
