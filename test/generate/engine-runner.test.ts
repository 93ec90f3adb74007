import { join } from 'node:path';
import type { EngineRejection as EngineRejectionType } from '../../apps/worker/src/export/engine-runner';
import type { ThreadEngineRunner as ThreadEngineRunnerType } from '../../apps/worker/src/export/thread-engine-runner';
import { REPO_ROOT } from '../support/app-runner';
import { fixture, sampleItems } from '@app/export-engine/testing/fixtures';
import { SAMPLE_RULES } from '../support/generate-helpers';

/**
 * The worker's engine seam on the built code: a thread entry is a compiled file, so this loads the
 * runner from dist/ (the worker itself is tested as a process elsewhere).
 */
const built = (file: string) => join(REPO_ROOT, 'dist/worker/apps/worker/src/export', file);
/* eslint-disable @typescript-eslint/no-require-imports */
const { ThreadEngineRunner } = require(built('thread-engine-runner.js')) as { ThreadEngineRunner: typeof ThreadEngineRunnerType };
const { EngineRejection } = require(built('engine-runner.js')) as { EngineRejection: typeof EngineRejectionType };
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

  it('close() ends the exports still running; each of them rejects instead of hanging', async () => {
    const other = new ThreadEngineRunner();
    const running = other.run(input());
    await other.close();
    await expect(running).rejects.toThrow(/engine thread exited/);
  });
});
