import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { Item } from '@app/contracts';
import type { CheckOutput, EngineInput, EngineOutput, SharedPrice } from '@app/export-engine';
import { EngineRejection, EngineRunner } from './engine-runner';
import type { EngineThreadReply, EngineThreadRequest } from './engine.thread';

/** A thread idle this long is stopped and its memory given back; one is always kept warm. */
const IDLE_MS = 60_000;

interface Running {
  resolve: (reply: Extract<EngineThreadReply, { ok: true }>) => void;
  reject: (err: Error) => void;
}

/**
 * Each export (or check) runs in an engine thread of its own: exports share the CPU (a small one is not stuck
 * behind a big one), the main thread stays free to renew job locks, and a crashed engine takes
 * only its own export. Threads are reused: a fresh one would pay for loading and compiling the
 * engine on every export (the benchmark's small-task load ran 6× slower that way).
 */
export class ThreadEngineRunner extends EngineRunner {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running>();
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly entry = join(__dirname, 'engine.thread.js')) {
    super();
  }

  /** Threads alive now, busy or idle. */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  async run(input: EngineInput): Promise<EngineOutput> {
    const reply = await this.ask({ mode: 'generate', input });
    if (reply.mode !== 'generate') throw new Error('the engine thread answered another request');
    const { ok: _ok, mode: _mode, xlsx, ...rest } = reply;
    return { ...rest, xlsx: Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength) };
  }

  async check(input: EngineInput): Promise<CheckOutput> {
    const reply = await this.ask({ mode: 'check', input });
    if (reply.mode !== 'check') throw new Error('the engine thread answered another request');
    return reply.check;
  }

  async share(price: string, items: Item[], repeatColumns: number[]): Promise<SharedPrice> {
    const reply = await this.ask({ mode: 'share', price, items, repeatColumns });
    if (reply.mode !== 'share') throw new Error('the engine thread answered another request');
    return reply.share;
  }

  private ask(request: EngineThreadRequest): Promise<Extract<EngineThreadReply, { ok: true }>> {
    if (this.closed) return Promise.reject(new Error('the engine runner is closed'));
    const thread = this.idle.pop() ?? this.start();
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    return new Promise((resolve, reject) => {
      this.busy.set(thread, { resolve, reject });
      thread.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    await Promise.all([...this.idle, ...this.busy.keys()].map((thread) => thread.terminate()));
  }

  private start(): Worker {
    const thread = new Worker(this.entry);
    thread.on('message', (reply: EngineThreadReply) => {
      const running = this.busy.get(thread);
      if (!running) return;
      this.busy.delete(thread);
      this.park(thread);
      if (reply.ok) running.resolve(reply);
      else running.reject(reply.engineError ? new EngineRejection(reply.message, reply.code) : new Error(reply.message));
    });
    thread.on('error', (err) => this.drop(thread, err));
    thread.on('exit', (code) => this.drop(thread, new Error(`engine thread exited with code ${code} before it answered`)));
    return thread;
  }

  /** A dead thread fails its export (BullMQ retries it) and is never reused. */
  private drop(thread: Worker, err: Error): void {
    const running = this.busy.get(thread);
    this.busy.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    running?.reject(err);
  }

  private park(thread: Worker): void {
    if (this.closed) return;
    this.idle.push(thread);
    const timer = setTimeout(() => {
      this.idleTimers.delete(thread);
      const at = this.idle.indexOf(thread);
      if (at < 0 || this.threads <= 1) return;
      // Out of the idle list first, so no export is handed to a thread on its way out.
      this.idle.splice(at, 1);
      void thread.terminate();
    }, IDLE_MS);
    timer.unref();
    this.idleTimers.set(thread, timer);
  }
}
