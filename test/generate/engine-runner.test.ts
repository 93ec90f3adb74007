import { join } from 'node:path';
import type { EngineRejection as EngineRejectionType } from '../../apps/worker/src/export/engine-runner';
import type { ThreadEngineRunner as ThreadEngineRunnerType } from '../../apps/worker/src/export/thread-engine-runner';
import { REPO_ROOT } from '../support/app-runner';
import { fixture, sampleItems } from '@app/export-engine/testing/fixtures';
import { countPriceRows, readColumns, type SharedPriceMiss as SharedPriceMissType } from '@app/export-engine';
import { SAMPLE_RULES } from '../support/generate-helpers';

/**
 * The worker's engine seam on the built code: a thread entry is a compiled file, so this loads the
 * runner from dist/ (the worker itself is tested as a process elsewhere).
 */
const built = (file: string) => join(REPO_ROOT, 'dist/worker/apps/worker/src/export', file);
/* eslint-disable @typescript-eslint/no-require-imports */
const { ThreadEngineRunner } = require(built('thread-engine-runner.js')) as { ThreadEngineRunner: typeof ThreadEngineRunnerType };
const { EngineRejection } = require(built('engine-runner.js')) as { EngineRejection: typeof EngineRejectionType };
const { SharedPriceMiss } = require(join(REPO_ROOT, 'dist/worker/libs/export-engine/src/export-inputs.js')) as { SharedPriceMiss: typeof SharedPriceMissType };
/* eslint-enable @typescript-eslint/no-require-imports */

const input = (template = fixture('template-sample.xlsx')) => ({ price: fixture('price-sample.xlsx'), template, items: sampleItems(), mapping: SAMPLE_RULES });

describe('ThreadEngineRunner', () => {
  const runner = new ThreadEngineRunner();
  afterAll(() => runner.close());

  it('runs exports side by side, each in a thread of its own, and gives the engine’s workbook and report', async () => {
    const outs = await Promise.all([runner.run(input()), runner.run(input()), runner.run(input())]);
    for (const out of outs) {
      expect(out.report.rows).toBe(sampleItems().length);
      expect(out.xlsx.subarray(0, 2).toString()).toBe('PK');
    }
    expect(runner.threads).toBe(3);
  });

  it('reuses its idle threads instead of starting new ones', async () => {
    await runner.run(input());
    await Promise.all([runner.run(input()), runner.run(input())]);
    expect(runner.threads).toBe(3);
  });

  it('passes the engine’s refusal on as an EngineRejection with its Russian message', async () => {
    const refused = runner.run(input(fixture('real/encryptAES.xlsx')));
    await expect(refused).rejects.toBeInstanceOf(EngineRejection);
    await expect(refused).rejects.toThrow('Шаблон экспорта: файл защищён паролем');
  });

  it('a batch share: kept by the thread that built it, sent once to another, asked for whole by a thread that lacks it; exports as without it', async () => {
    const own = new ThreadEngineRunner(undefined, 3);
    try {
      const repeatColumns = Object.keys(SAMPLE_RULES.priceToTemplate).map(Number);
      const share = await own.share({ price: fixture('price-sample.xlsx'), items: sampleItems(), repeatColumns, headers: false });
      const plain = await own.run(input());
      const outs = await Promise.all([own.run(input(), share), own.run(input(), share), own.run(input(), share)]);
      // Internals on purpose: which threads hold the share, and one made to lose it behind the ledger's back.
      const internals = own as unknown as { idle: import('node:worker_threads').Worker[]; shares: { heldBy(t: unknown): number[] } };
      const holders = internals.idle.filter((t) => internals.shares.heldBy(t).length > 0);
      expect(holders).toHaveLength(3);
      for (const t of holders) t.postMessage({ mode: 'forget', id: internals.shares.heldBy(t)[0] });
      outs.push(await own.run(input(), share));
      own.forget(share);
      outs.push(await own.run(input(), share));
      for (const out of outs) {
        expect(out.report).toEqual(plain.report);
        expect(out.xlsx.equals(plain.xlsx)).toBe(true);
      }
    } finally {
      await own.close();
    }
  });

  it('without the price file, a share that cannot answer for the task rejects with SharedPriceMiss (generate and check), so the job fetches the file', async () => {
    const repeatColumns = Object.keys(SAMPLE_RULES.priceToTemplate).map(Number);
    const share = await runner.share({ price: fixture('price-sample.xlsx'), items: sampleItems().slice(0, 4), repeatColumns, headers: false });
    const covered = { ...input(), items: sampleItems().slice(0, 4) };
    const outside = { ...input(), price: null };
    expect((await runner.run({ ...covered, price: null }, share)).report).toEqual((await runner.run(covered)).report);
    await expect(runner.run(outside, share)).rejects.toBeInstanceOf(SharedPriceMiss);
    await expect(runner.check(outside, share)).rejects.toBeInstanceOf(SharedPriceMiss);
    expect((await runner.check({ ...covered, price: null }, share)).rowsTotal).toBe(4);
    runner.forget(share);
  });

  it('counts a price list’s rows in a thread, as the engine does, and passes a refusal on as an EngineRejection', async () => {
    expect(await runner.countRows(fixture('price-sample.xlsx'))).toBe(await countPriceRows(fixture('price-sample.xlsx')));
    await expect(runner.countRows(fixture('real/encryptAES.xlsx'))).rejects.toBeInstanceOf(EngineRejection);
  });

  it('reads a file’s columns in a thread, as the engine does, and passes a refusal on as an EngineRejection', async () => {
    expect(await runner.columns(fixture('price-sample.xlsx'), 'price')).toEqual(await readColumns(fixture('price-sample.xlsx'), 'price'));
    expect(await runner.columns(fixture('template-sample.xlsx'), 'template')).toEqual(await readColumns(fixture('template-sample.xlsx'), 'template'));
    await expect(runner.columns(fixture('real/encryptAES.xlsx'), 'price')).rejects.toBeInstanceOf(EngineRejection);
  });

  it('runs a share’s exports in at most so many threads at once: the share is cloned into no more', async () => {
    const own = new ThreadEngineRunner(undefined, 1);
    try {
      const repeatColumns = Object.keys(SAMPLE_RULES.priceToTemplate).map(Number);
      const share = await own.share({ price: fixture('price-sample.xlsx'), items: sampleItems(), repeatColumns, headers: false });
      await Promise.all([own.run(input()), own.run(input())]);
      const outs = await Promise.all([own.run(input(), share), own.run(input(), share), own.run(input(), share)]);
      const internals = own as unknown as { idle: import('node:worker_threads').Worker[]; shares: { heldBy(t: unknown): number[] } };
      expect(internals.idle).toHaveLength(2);
      expect(internals.idle.filter((t) => internals.shares.heldBy(t).length > 0)).toHaveLength(1);
      for (const out of outs) expect(out.report.rows).toBe(sampleItems().length);
    } finally {
      await own.close();
    }
  });

  it('close() ends the exports still running; each of them rejects instead of hanging', async () => {
    const other = new ThreadEngineRunner();
    const running = other.run(input());
    await other.close();
    await expect(running).rejects.toThrow(/engine thread exited/);
  });
});
