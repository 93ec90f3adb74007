import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { EnginePriority } from '@app/config';
import type { EngineInput, EngineOutput } from '@app/export-engine';
import type { EngineReply, EngineThreadData, EngineThreadStarted } from './engine.thread';

/** The engine's own refusal of a workbook: final, shown to the user, never retried. */
export class EngineRejection extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

/**
 * The engine allocates mostly short-lived pieces of streamed XML. A 16 MB young generation instead
 * of Node's 48 MB keeps each thread smaller and the worker's peak RSS flat over repeated big
 * exports: ten 300k-row generates peaked at 228–281 MB with the default, 248–253 MB with this
 * (scripts/bench/RESULTS.md).
 */
const ENGINE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 16 };

interface Pending {
  id: number;
  resolve: (out: EngineOutput) => void;
  reject: (err: Error) => void;
}

export interface EnginePoolOptions {
  /** Threads at most: one per job slot (WORKER_CONCURRENCY). */
  size: number;
  /** CPU priority the threads give themselves (ENGINE_PRIORITY). */
  priority: EnginePriority;
  /** A thread idle this long is stopped (its heap given back); one is always kept warm. */
  idleMs?: number;
  /** Each new thread reports the priority it could take (lower than asked when `chrt` is missing). */
  onThreadStarted?: (priority: EnginePriority) => void;
}

/**
 * Engine threads, started on demand up to one per job slot. They lower their own CPU priority,
 * so while the CPU is saturated by generation, the worker's main thread (lock renewal, queue and
 * database round trips, storage), the API and the databases run first; the engines share what
 * is left.
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

  run(input: EngineInput): Promise<EngineOutput> {
    if (this.closed) return Promise.reject(new Error('engine pool is closed'));
    if (this.busy.size >= this.options.size) return Promise.reject(new Error(`engine pool: more than ${this.options.size} jobs at once`));
    const thread = this.idle.pop() ?? this.spawn();
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    return new Promise<EngineOutput>((resolve, reject) => {
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
    const workerData: EngineThreadData = { priority: this.options.priority };
    const thread = new Worker(join(__dirname, 'engine.thread.js'), { workerData, resourceLimits: ENGINE_THREAD_LIMITS });
    thread.on('message', (reply: EngineReply | EngineThreadStarted) => {
      if ('started' in reply) return this.options.onThreadStarted?.(reply.started);
      const job = this.busy.get(thread);
      if (!job || job.id !== reply.id) return;
      this.busy.delete(thread);
      this.release(thread);
      if (reply.ok) {
        job.resolve({ xlsx: Buffer.from(reply.xlsx.buffer, reply.xlsx.byteOffset, reply.xlsx.byteLength), report: reply.report, timings: reply.timings });
      } else if (reply.engineError) {
        job.reject(new EngineRejection(reply.message, reply.code));
      } else {
        job.reject(new Error(reply.message));
      }
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
