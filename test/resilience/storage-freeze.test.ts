import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, type ExportRecord } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { StorageService } from '@app/storage';
import { AppLauncher } from '../../scripts/app-launcher';
import { ENTRY } from '../../scripts/app-processes';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { ownedKeys, untilSwept } from '../support/owned-objects';
import { testEnv } from '../support/test-env';

/**
 * The S3 server frozen (SIGSTOP: it accepts connections and never answers) for longer than a
 * request waits: every storage call gives up after STORAGE_TIMEOUT_MS of silence, so an upload,
 * a download and a generate answer 503 instead of hanging or 504; once it thaws everything works,
 * and what the frozen server stored late is swept as unowned.
 */
jest.setTimeout(240_000);

const timed = async <T>(work: () => PromiseLike<T>): Promise<[T, number]> => {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
};

describe('storage frozen', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-s3-freeze-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  const databaseUrl = `${appEnv.DATABASE_URL}_s3_freeze`;
  afterAll(async () => {
    await launcher.stopAll(10_000);
    await dropDatabase(databaseUrl);
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  it('calls answer 503 within their timeouts, not 504, and work again once it thaws', async () => {
    const s3 = launcher.startApp('s3-frozen', ENTRY.embeddedS3, {}, [join(workDir, 's3')]);
    const endpoint = (JSON.parse(await launcher.waitForLine(s3, /^\{"endpoint"/)) as { endpoint: string }).endpoint;
    const env: Record<string, string> = {
      ...appEnv,
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'pe-s3-freeze',
      STORAGE_TIMEOUT_MS: '1500',
      GENERATE_TIMEOUT_MS: '30000',
      HOUSEKEEPING_EVERY_MS: '1000',
      STORAGE_GRACE_MS: '3000',
    };
    delete env.QUEUE_PREFIX;
    const api = await launcher.startApi('api-s3-freeze', env);
    await launcher.startWorker('worker-s3-freeze', env);
    const taskId = await sampleTaskAt(api.url, 'замёрзшее хранилище');

    process.kill(s3.pid, 'SIGSTOP');
    try {
      const [up, upMs] = await timed(() => signedInAt(api.url).post(`/api/tasks/${taskId}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'прайс.xlsx'));
      expect(up.status).toBe(503);
      expect(up.body).toEqual({ error: ERR.serviceUnavailable });
      const [file, fileMs] = await timed(() => signedInAt(api.url).get(`/api/tasks/${taskId}/files/template`));
      expect(file.status).toBe(503);
      const [out, outMs] = await timed(() => generate(taskId, api.url));
      expect(out.status).toBe(503);
      expect(JSON.parse((out.body as Buffer).toString())).toEqual({ error: ERR.serviceUnavailable });
      process.stdout.write(`S3 frozen, STORAGE_TIMEOUT_MS 1500: upload 503 in ${upMs} ms, download 503 in ${fileMs} ms, generate 503 in ${outMs} ms\n`);
      expect(outMs).toBeLessThan(30_000);
      const [row] = (await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
      expect(row).toMatchObject({ status: 'failed', error: ERR.serviceUnavailable });
    } finally {
      process.kill(s3.pid, 'SIGCONT');
    }

    await generate(taskId, api.url).expect(200);
    await signedInAt(api.url).post(`/api/tasks/${taskId}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'прайс.xlsx').expect(200);

    // The frozen server took the upload's bytes and may store them when it thaws: listed as
    // `writing` before the put, that object is removed as unowned.
    await untilSwept(databaseUrl);
    const storage = new StorageService({ endpoint, accessKey: env.S3_ACCESS_KEY ?? 'minioadmin', secretKey: env.S3_SECRET_KEY ?? 'minioadmin', bucket: 'pe-s3-freeze', region: 'us-east-1', timeoutMs: 10_000 });
    expect((await storage.list(`tasks/${taskId}/`)).sort()).toEqual(await ownedKeys(databaseUrl, taskId));
  });
});
