import { join } from 'node:path';
import type { EnginePool as EnginePoolType } from '../../apps/worker/src/export/engine-pool';
import { REPO_ROOT } from '../support/app-runner';
import { fixture, sampleItems } from '../support/fixtures';
import { SAMPLE_RULES } from '../support/generate-helpers';
import { threadNices } from '../support/inspect';

/**
 * The worker's engine threads, on the built code (the thread entry is a compiled file): started on
 * demand, niced per thread, idle ones stopped down to one warm thread, and a job handed to a
 * retired pool still runs.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EnginePool } = require(join(REPO_ROOT, 'dist/worker/apps/worker/src/export/engine-pool.js')) as { EnginePool: typeof EnginePoolType };

const input = () => ({ price: fixture('price-sample.xlsx'), template: fixture('template-sample.xlsx'), items: sampleItems(), mapping: SAMPLE_RULES });

describe('EnginePool', () => {
  let pool: EnginePoolType;
  afterEach(() => pool?.close());

  it('starts threads on demand, one per job at once, each at the given nice value', async () => {
    pool = new EnginePool({ size: 3, nice: 17, idleMs: 60_000 });
    expect(pool.threads).toBe(0);
    const outs = await Promise.all([pool.run(input()), pool.run(input()), pool.run(input())]);
    expect(outs.map((o) => o.report.rows)).toEqual([sampleItems().length, sampleItems().length, sampleItems().length]);
    expect(pool.threads).toBe(3);
    expect(threadNices('self').filter((n) => n === 17)).toHaveLength(3);
    // A fourth job at once is a bug upstream (BullMQ runs at most WORKER_CONCURRENCY): refused, not queued.
    const four = [pool.run(input()), pool.run(input()), pool.run(input()), pool.run(input())];
    await expect(four[3]).rejects.toThrow('more than 3 jobs at once');
    await Promise.all(four.slice(0, 3));
  });

  it('stops idle threads down to one and starts them again when needed', async () => {
    pool = new EnginePool({ size: 3, nice: 0, idleMs: 100 });
    await Promise.all([pool.run(input()), pool.run(input()), pool.run(input())]);
    expect(pool.threads).toBe(3);
    const deadline = Date.now() + 5_000;
    while (pool.threads > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(pool.threads).toBe(1);
    const again = await Promise.all([pool.run(input()), pool.run(input())]);
    expect(again.every((o) => o.xlsx.length > 0)).toBe(true);
    expect(pool.threads).toBe(2);
  });
});
