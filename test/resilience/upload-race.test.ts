import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportRecord } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { AppLauncher } from '../../scripts/app-launcher';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { bucket } from '../support/inspect';
import { ownedKeys, untilSwept } from '../support/owned-objects';
import { testEnv } from '../support/test-env';

/**
 * An upload racing exports of the same task: every upload is stored under a key of its own and
 * the replaced object stays until housekeeping removes it, once no job can still be reading it
 * (STORAGE_GRACE_MS), so an export that read the task a moment before the swap still finds its
 * file. Afterwards only the task's current files and its exports remain in the bucket.
 */
jest.setTimeout(240_000);

describe('an upload racing exports', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-upload-race-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  const env: Record<string, string> = { ...appEnv, DATABASE_URL: `${appEnv.DATABASE_URL}_upload_race`, HOUSEKEEPING_EVERY_MS: '1000', STORAGE_GRACE_MS: '10000' };
  delete env.QUEUE_PREFIX;
  afterAll(async () => {
    await launcher.stopAll(10_000);
    await dropDatabase(env.DATABASE_URL);
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  it('four generates and a template upload at once, ten rounds: every generate 200, and the replaced templates are swept later', async () => {
    const api = await launcher.startApi('api-race', env);
    await launcher.startWorker('worker-race-1', env);
    await launcher.startWorker('worker-race-2', env);
    const taskId = await sampleTaskAt(api.url, 'гонка загрузки');
    const template = fixtureBytes('template-sample.xlsx');

    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      process.stdout.write(`round ${round} ${JSON.stringify(statuses)}\n`);
      const uploaded = signedInAt(api.url).post(`/api/tasks/${taskId}/upload/template`).attach('file', template, `шаблон-${round}.xlsx`);
      const generates = Array.from({ length: 4 }, () => generate(taskId, api.url));
      const [up, ...outs] = await Promise.all([uploaded, ...generates]);
      expect(up.status).toBe(200);
      statuses.push(...outs.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // What remains once housekeeping has swept: the task's two files and its 40 exports.
    await untilSwept(env.DATABASE_URL, 60_000);
    const exports = (await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
    expect(exports.filter((e) => e.status === 'done')).toHaveLength(40);
    const owned = await ownedKeys(env.DATABASE_URL, taskId);
    expect(owned).toHaveLength(42);
    expect((await bucket().list(`tasks/${taskId}/`)).sort()).toEqual(owned);
  });
});
