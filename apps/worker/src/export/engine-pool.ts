import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { EngineInput } from '@app/export-engine';
import type { EngineReply, EngineResult } from './engine.protocol';

/**
 * The engine allocates mostly short-lived pieces of streamed XML. A 16 MB young generation instead
 * of Node's 48 MB keeps each thread smaller and the peak RSS flat over repeated big exports: ten
 * 300k-row generates peaked at 228–281 MB with the default, 248–253 MB with this
 * (scripts/bench/RESULTS.md).
 */
const ENGINE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 16 };

interface Pending {
  id: number;
  resolve: (result: EngineResult) => void;
  reject: (err: Error) => void;
}

export interface EnginePoolOptions {
  /** Threads at most: one per job slot (WORKER_CONCURRENCY). */
  size: number;
  /** A thread idle this long is stopped (its heap given back); one is always kept warm. */
  idleMs?: number;
}

/**
 * The engine threads of the engine process, started on demand up to one per job slot.
 * A thread that dies fails its job (BullMQ retries it) and is not reused.
 */
export class EnginePool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EnginePoolOptions) {}

  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  run(input: EngineInput): Promise<EngineResult> {
    if (this.closed) return Promise.reject(new Error('engine pool is closed'));
    if (this.busy.size >= this.options.size) return Promise.reject(new Error(`engine pool: more than ${this.options.size} jobs at once`));
    const thread = this.idle.pop() ?? this.spawn();
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    return new Promise<EngineResult>((resolve, reject) => {
      const id = this.nextId++;
      this.busy.set(thread, { id, resolve, reject });
      thread.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    await Promise.all([...this.idle, ...this.busy.keys()].map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const thread = new Worker(join(__dirname, 'engine.thread.js'), { resourceLimits: ENGINE_THREAD_LIMITS });
    thread.on('message', ({ id, ...result }: EngineReply) => {
      const job = this.busy.get(thread);
      if (!job || job.id !== id) return;
      this.busy.delete(thread);
      this.release(thread);
      job.resolve(result);
    });
    thread.on('error', (err) => this.drop(thread, err));
    thread.on('exit', (code) => this.drop(thread, new Error(`engine thread exited with code ${code}`)));
    return thread;
  }

  private drop(thread: Worker, err: Error): void {
    const job = this.busy.get(thread);
    this.busy.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    job?.reject(err);
  }

  private release(thread: Worker): void {
    if (this.closed) return;
    this.idle.push(thread);
    const idleMs = this.options.idleMs ?? 60_000;
    const timer = setTimeout(() => {
      this.idleTimers.delete(thread);
      const at = this.idle.indexOf(thread);
      if (at < 0 || this.threads <= 1) return;
      // Out of the idle list first, so no job is handed to a thread on its way out.
      this.idle.splice(at, 1);
      void thread.terminate();
    }, idleMs);
    timer.unref();
    this.idleTimers.set(thread, timer);
  }
}
