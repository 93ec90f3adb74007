import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The in-process stages; each runs in its own child process (see stage-child.ts). */
export type StageName = 'floor' | 'naive' | 'engine';

export interface StageRequest {
  stage: StageName;
  price: string;
  template: string;
  itemsFile: string;
  runs: number;
}

export interface StageResult {
  stage: StageName;
  /** Wall time of each run, ms. */
  times: number[];
  /** VmHWM of the child over all runs (includes Node's own ~40 MB). */
  peakRssMb: number;
  /** RSS of the child after loading, before the first run. */
  baselineRssMb: number;
  gc: boolean;
  /** The engine's own per-stage timings, one record per run. */
  timings: Record<string, number>[];
  /** What the last run produced (counts, checksum), to check every stage did the full job. */
  check: Record<string, number>;
}

export function runStage(request: StageRequest, timeoutMs = 30 * 60_000): Promise<StageResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', join(__dirname, 'stage-child.js'), JSON.stringify(request)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as StageResult);
      else reject(new Error(`stage ${request.stage} failed (exit ${code ?? signal}):\n${err.slice(-2000)}`));
    });
  });
}
