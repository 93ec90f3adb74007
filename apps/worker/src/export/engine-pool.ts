import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { EngineInput, EngineOutput } from '@app/export-engine';
import type { EngineReply } from './engine.thread';

/** The engine's own refusal of a workbook: final, shown to the user, never retried. */
export class EngineRejection extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

interface Pending {
  resolve: (out: EngineOutput) => void;
  reject: (err: Error) => void;
}

/**
 * A fixed set of engine threads (one per job slot). A thread that dies fails its job (the job is
 * then retried by BullMQ) and is replaced.
 */
export class EnginePool {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];
  private readonly pending = new Map<Worker, Pending & { id: number }>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  async run(input: EngineInput): Promise<EngineOutput> {
    const thread = await this.acquire();
    return new Promise<EngineOutput>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(thread, { id, resolve, reject });
      thread.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.idle, ...this.pending.keys()].map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const thread = new Worker(join(__dirname, 'engine.thread.js'));
    thread.on('message', (reply: EngineReply) => {
      const job = this.pending.get(thread);
      if (!job || job.id !== reply.id) return;
      this.pending.delete(thread);
      this.release(thread);
      if (reply.ok) {
        job.resolve({ xlsx: Buffer.from(reply.xlsx.buffer, reply.xlsx.byteOffset, reply.xlsx.byteLength), report: reply.report, timings: reply.timings });
      } else if (reply.engineError) {
        job.reject(new EngineRejection(reply.message, reply.code));
      } else {
        job.reject(new Error(reply.message));
      }
    });
    thread.on('error', (err) => this.replace(thread, err));
    thread.on('exit', (code) => this.replace(thread, new Error(`engine thread exited with code ${code}`)));
    return thread;
  }

  private replace(thread: Worker, err: Error): void {
    const job = this.pending.get(thread);
    this.pending.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    if (job) job.reject(err);
    if (!this.closed && (job || at >= 0)) this.release(this.spawn());
  }

  private acquire(): Promise<Worker> {
    const thread = this.idle.pop();
    if (thread) return Promise.resolve(thread);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(thread: Worker): void {
    const next = this.waiting.shift();
    if (next) next(thread);
    else this.idle.push(thread);
  }
}
