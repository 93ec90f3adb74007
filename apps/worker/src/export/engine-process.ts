import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { EnginePriority } from '@app/config';
import type { EngineInput, EngineOutput } from '@app/export-engine';
import { EngineRejection, type EngineProcessOptions, type EngineProcessStarted, type EngineReply } from './engine.protocol';

export interface EngineProcessClientOptions extends EngineProcessOptions {
  /** Each start reports the priority the process could take (lower than asked when `chrt` is missing). */
  onStarted?: (priority: EnginePriority) => void;
}

interface Pending {
  child: ChildProcess;
  resolve: (out: EngineOutput) => void;
  reject: (err: Error) => void;
}

/**
 * glibc serves large blocks (the engine's inflate and read buffers) from fresh mappings only until
 * the first one is freed; then it raises that threshold and keeps them in the heap, which
 * fragments and grows with the number of blocks, i.e. with the price list's size. A fixed
 * threshold returns them to the system when freed. The engine process's peak over five exports
 * in a row: 111–128 MB at 100k rows and 117–169 MB at 300k before; 98–122 MB and 98–136 MB
 * (mostly 103–122) with it, over three runs (scripts/bench/RESULTS.md). A value set in the
 * environment wins.
 */
const ENGINE_MALLOC = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };

/** How long a disconnected engine process may take to finish before it is killed. */
const EXIT_GRACE_MS = 5_000;

/**
 * The worker's side of its engine process (engine-process.main.ts): started with the worker and
 * again on the next job if it dies, in which case the jobs it had fail (BullMQ retries them).
 */
export class EngineProcess {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EngineProcessClientOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('engine process is closed'));
    return (this.ready ??= this.spawn());
  }

  async run(input: EngineInput): Promise<EngineOutput> {
    await this.start();
    const child = this.child!;
    return new Promise<EngineOutput>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { child, resolve, reject });
      child.send({ id, input }, (err) => {
        if (err && this.pending.delete(id)) reject(err);
      });
    });
  }

  /** After the worker's last job: the process exits and gives its memory back. */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private spawn(): Promise<void> {
    const { onStarted, ...options } = this.options;
    const child = fork(join(__dirname, 'engine-process.main.js'), [JSON.stringify(options)], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...ENGINE_MALLOC, ...process.env },
    });
    this.child = child;
    return new Promise<void>((resolve, reject) => {
      child.on('message', (message: EngineReply | EngineProcessStarted) => {
        if ('started' in message) {
          onStarted?.(message.started);
          return resolve();
        }
        const job = this.pending.get(message.id);
        if (!job) return;
        this.pending.delete(message.id);
        if (message.ok) {
          job.resolve({ xlsx: Buffer.from(message.xlsx.buffer, message.xlsx.byteOffset, message.xlsx.byteLength), report: message.report, timings: message.timings });
        } else {
          job.reject(message.engineError ? new EngineRejection(message.message, message.code) : new Error(message.message));
        }
      });
      const gone = (err: Error) => {
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        reject(err);
        for (const [id, job] of this.pending) {
          if (job.child !== child) continue;
          this.pending.delete(id);
          job.reject(err);
        }
      };
      child.once('error', gone);
      child.once('exit', (code, signal) => gone(new Error(`engine process exited (${signal ?? `code ${code}`})`)));
    });
  }
}
