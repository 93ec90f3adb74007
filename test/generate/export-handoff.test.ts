import { Redis } from 'ioredis';
import { redisOptions } from '@app/config';
import { EXPORT_HEADERS, EXPORT_QUEUE } from '@app/contracts';
import { ExportHandoff } from '@app/storage';
import { startApi, startWorker } from '../support/app-runner';
import { generate, readyTask } from '../support/generate-helpers';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { bucket, sql } from '../support/inspect';
import { ownQueueEnv } from '../support/own-world';
import { testEnv } from '../support/test-env';

/**
 * A small finished workbook reaches the waiting request through Redis instead of a read back from
 * storage; storage still holds the same bytes, and nothing is left behind in Redis.
 */
describe('handing a finished export to the API', () => {
  const { appEnv, logDir } = testEnv();
  const redis = new Redis(redisOptions(appEnv.REDIS_URL));
  const warnings: string[] = [];
  const logger = { warn: (_: Record<string, unknown>, message: string) => void warnings.push(message) };
  afterAll(() => redis.quit());

  async function storedBytes(exportId: string): Promise<Buffer> {
    const [row] = await sql<{ object_key: string }>('SELECT object_key FROM exports WHERE id = $1', [exportId]);
    return bucket().getBuffer(row.object_key);
  }
  const jobResult = async (prefix: string, exportId: string) =>
    JSON.parse((await redis.hget(`${prefix}:${EXPORT_QUEUE}:${exportId}`, 'returnvalue')) ?? 'null') as { handedOff: boolean; size: number };

  it('answers from the handoff: the same bytes as the stored object, and the key is taken', async () => {
    const task = await readyTask(sampleItems());
    const res = await generate(task.id).expect(200);
    const exportId = res.headers[EXPORT_HEADERS.id.toLowerCase()];
    expect(await jobResult(appEnv.QUEUE_PREFIX, exportId)).toMatchObject({ handedOff: true, size: (res.body as Buffer).length });
    expect((res.body as Buffer).equals(await storedBytes(exportId))).toBe(true);
    expect(await redis.keys(`${appEnv.QUEUE_PREFIX}:export-handoff:*`)).toEqual([]);
  });

  it('with EXPORT_HANDOFF_MAX_KB=0 the API reads the stored object, and the answer is the same', async () => {
    const env = ownQueueEnv('no-handoff', { EXPORT_HANDOFF_MAX_KB: '0' });
    const api = await startApi('api-no-handoff', env, logDir);
    const worker = await startWorker('worker-no-handoff', env, logDir);
    try {
      const task = await readyTask(sampleItems());
      const res = await generate(task.id, api.url).expect(200);
      const exportId = res.headers[EXPORT_HEADERS.id.toLowerCase()];
      expect(await jobResult(env.QUEUE_PREFIX, exportId)).toMatchObject({ handedOff: false });
      expect((res.body as Buffer).equals(await storedBytes(exportId))).toBe(true);
      expect(res.headers[EXPORT_HEADERS.rows.toLowerCase()]).toBe(String(sampleItems().length));
    } finally {
      await worker.stop();
      await api.stop();
    }
  });

  it('is taken once, only at the size the job reported, and only up to its limit', async () => {
    const handoff = new ExportHandoff({ redis: redisOptions(appEnv.REDIS_URL), prefix: `${appEnv.QUEUE_PREFIX}-unit`, maxBytes: 1024, logger });
    try {
      const bytes = fixtureBytes('template-sample.xlsx').subarray(0, 1000);
      expect(await handoff.offer('a', bytes)).toBe(true);
      expect(await redis.pttl(handoff.key('a'))).toBeGreaterThan(0);
      expect((await handoff.take('a', bytes.length))?.equals(bytes)).toBe(true);
      expect(await handoff.take('a', bytes.length)).toBeNull();

      // A key of another size is never served (the caller then reads storage).
      expect(await handoff.offer('b', bytes)).toBe(true);
      expect(await handoff.take('b', bytes.length + 1)).toBeNull();
      expect(await redis.exists(handoff.key('b'))).toBe(0);

      expect(await handoff.offer('c', Buffer.alloc(1025))).toBe(false);
      expect(await redis.exists(handoff.key('c'))).toBe(0);
      expect(warnings).toEqual([]);
    } finally {
      await handoff.onApplicationShutdown();
    }
  });

  it('with Redis away, offer and take give up within a reconnect instead of throwing or hanging', async () => {
    const handoff = new ExportHandoff({ redis: { host: '127.0.0.1', port: 1, retryStrategy: () => 200 }, prefix: 'nowhere', maxBytes: 1024, logger });
    try {
      expect(await handoff.offer('a', Buffer.from('x'))).toBe(false);
      expect(await handoff.take('a', 1)).toBeNull();
      expect(warnings.some((w) => /could not hand the export over/.test(w))).toBe(true);
      expect(warnings.some((w) => /not readable; reading it from storage/.test(w))).toBe(true);
    } finally {
      await handoff.onApplicationShutdown();
    }
  });
});
