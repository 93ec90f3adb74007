import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

/** The in-process stages; each runs in its own child process (see stage-child.ts). */
export type StageName = 'floor' | 'naive' | 'engine' | 'diff' | 'diff-kept';

export interface StageRequest {
  stage: StageName;
  price: string;
  template: string;
  itemsFile: string;
  /** `diff`, `diff-kept`: the later version compared with `price`, and its JSON `{settings, expected}` (fixture-builder buildRevision). */
  newer?: string;
  diffFile?: string;
}

export interface StageResult {
  stage: StageName;
  /** Wall time of each run, ms. */
  times: number[];
  /** CPU time of the child in each run (every thread of it: zlib's included), ms: steadier than wall time on a busy machine. */
  cpuTimes: number[];
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

/**
 * One or more stages, each in its own fresh child, `runs` times each, run by run in turn (A B A B …):
 * these machines' speed drifts by tens of percent within a minute, and a ratio of two stages is
 * only fair when that drift falls on both alike.
 */
export async function runStages(requests: StageRequest[], runs: number, timeoutMs = 30 * 60_000): Promise<StageResult[]> {
  const children = requests.map((request) => new PacedStage(request, timeoutMs));
  try {
    for (const child of children) await child.next('STAGE_READY');
    for (let i = 0; i < runs; i++) {
      for (const child of children) {
        child.send('run');
        await child.next('STAGE_RUN_DONE');
      }
    }
    return await Promise.all(children.map((child) => child.finish()));
  } finally {
    for (const child of children) child.kill();
  }
}

class PacedStage {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiter?: () => void;
  private err = '';
  private readonly exited: Promise<number | null>;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly request: StageRequest, timeoutMs: number) {
    this.child = spawn(process.execPath, ['--expose-gc', join(__dirname, 'stage-child.js'), JSON.stringify(request)]);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line);
      this.waiter?.();
    });
    this.child.stderr.on('data', (c: Buffer) => (this.err += c.toString()));
    this.exited = new Promise((done) => this.child.on('exit', (code) => {
      done(code);
      this.waiter?.();
    }));
    this.timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Waits for a line starting with `prefix`; throws if the child exits first. */
  async next(prefix: string): Promise<string> {
    for (;;) {
      const at = this.lines.findIndex((l) => l.startsWith(prefix));
      if (at >= 0) return this.lines.splice(0, at + 1)[at];
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`stage ${this.request.stage} failed (exit ${this.child.exitCode ?? this.child.signalCode}):\n${this.err.slice(-2000)}`);
      }
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  async finish(): Promise<StageResult> {
    this.child.stdin.end('end\n');
    const line = await this.next('BENCH_RESULT ');
    await this.exited;
    clearTimeout(this.timer);
    return JSON.parse(line.slice('BENCH_RESULT '.length)) as StageResult;
  }

  kill(): void {
    clearTimeout(this.timer);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
