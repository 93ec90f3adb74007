import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { CompareSettings, FileColumns, FileKind, PriceListDiff } from '@app/contracts';
import { SharedPriceMiss, type CheckOutput, type EngineInput, type EngineOutput } from '@app/export-engine';
import { EngineBoundExceeded, EngineRejection, EngineRunner, type DiffFiles, type EngineBounds, type PriceShare, type ShareRequest } from './engine-runner';
import type { EngineThreadReply, EngineThreadRequest } from './engine.thread';
import { ThreadShareLedger } from './thread-share-ledger';
import { KeyedGate } from './keyed-gate';

/** A thread idle this long is stopped and its memory given back; one is always kept warm. */
const IDLE_MS = 60_000;

type Answer = Extract<EngineThreadReply, { ok: true }>;

interface Running {
  resolve: (reply: Answer) => void;
  reject: (err: Error) => void;
  /** Ends the thread once the request has run longer than its time bound. */
  deadline: NodeJS.Timeout;
  /** Which bound ended the thread, when one did. */
  exceeded?: 'heap' | 'time';
}

/** The default bounds of DESIGN §15 (ENGINE_THREAD_HEAP_MB, ENGINE_JOB_TIMEOUT_MS). */
const DEFAULT_BOUNDS: EngineBounds = { heapMb: 1024, timeoutMs: 120_000 };

/** The thread lacked the share it was named (the ledger never expects it): asked again with the share itself. */
class MissingShare extends Error {}

/**
 * Each export (or check) runs in an engine thread of its own: exports share the CPU (a small one is not stuck
 * behind a big one), the main thread stays free to renew job locks, and a crashed engine takes
 * only its own export. Threads are reused: a fresh one would pay for loading and compiling the
 * engine on every export (the benchmark's small-task load ran 6× slower that way). A thread keeps
 * the batch shares it was given (DESIGN §12 "Speed"; ThreadShareLedger), so a batch's share is
 * cloned into each thread once, not for every export; and a share's exports run in at most as
 * many threads at once as there are cores (the rest wait their turn), since more would only share
 * the cores and clone the share into more threads (on 2 cores, 8 threads each cloning a batch's
 * share cost more than the clones saved).
 *
 * Each thread is bounded (DESIGN §15): its heap by `bounds.heapMb` (V8 ends a thread past it) and
 * each request by `bounds.timeoutMs`; a thread past either is ended, and its request rejects with
 * EngineBoundExceeded, a refusal of the file (never retried). The worker and its other threads live on.
 */
export class ThreadEngineRunner extends EngineRunner {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running>();
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly shares = new ThreadShareLedger<Worker, PriceShare>();
  private readonly shareGate: KeyedGate<PriceShare>;
  private closed = false;

  constructor(
    private readonly entry = join(__dirname, 'engine.thread.js'),
    sharedAtOnce = Math.max(2, availableParallelism()),
    private readonly bounds: EngineBounds = DEFAULT_BOUNDS,
  ) {
    super();
    this.shareGate = new KeyedGate(sharedAtOnce);
  }

  /** Threads alive now, busy or idle. */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  get busyThreads(): number {
    return this.busy.size;
  }

  async run(input: Omit<EngineInput, 'sharedPrice'>, share?: PriceShare): Promise<EngineOutput> {
    const reply = await this.askWith({ mode: 'generate', input }, share);
    if (reply.mode !== 'generate') throw new Error('the engine thread answered another request');
    const { ok: _ok, mode: _mode, xlsx, ...rest } = reply;
    return { ...rest, xlsx: Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength) };
  }

  async check(input: Omit<EngineInput, 'sharedPrice'>, share?: PriceShare): Promise<CheckOutput> {
    const reply = await this.askWith({ mode: 'check', input }, share);
    if (reply.mode !== 'check') throw new Error('the engine thread answered another request');
    return reply.check;
  }

  async countRows(price: string): Promise<number> {
    const reply = await this.ask(() => ({ mode: 'rows', price }));
    if (reply.mode !== 'rows') throw new Error('the engine thread answered another request');
    return reply.rows;
  }

  async inspectPrice(file: string): Promise<'xlsx' | 'csv'> {
    const reply = await this.ask(() => ({ mode: 'inspect', file }));
    if (reply.mode !== 'inspect') throw new Error('the engine thread answered another request');
    return reply.format;
  }

  async columns(file: string, kind: FileKind): Promise<FileColumns> {
    const reply = await this.ask(() => ({ mode: 'columns', file, kind }));
    if (reply.mode !== 'columns') throw new Error('the engine thread answered another request');
    return reply.columns;
  }

  async diff(before: string, after: string, settings: CompareSettings, files: DiffFiles): Promise<PriceListDiff> {
    const reply = await this.ask(() => ({ mode: 'diff', before, after, settings, ...files }));
    if (reply.mode !== 'diff') throw new Error('the engine thread answered another request');
    return reply.diff;
  }

  async keep(file: string, settings: CompareSettings, snapshotTo: string): Promise<void> {
    const reply = await this.ask(() => ({ mode: 'keep', file, settings, snapshotTo }));
    if (reply.mode !== 'keep') throw new Error('the engine thread answered another request');
  }

  /** Built in a thread that keeps it (no clone of it is ever sent there). */
  async share(request: ShareRequest): Promise<PriceShare> {
    let kept: { thread: Worker; id: number } | undefined;
    const reply = await this.ask((thread) => {
      const { id, drop } = this.shares.reserve(thread);
      kept = { thread, id };
      return { mode: 'share', ...request, keep: { id, drop } };
    }).catch((err: Error) => {
      if (kept) this.shares.lost(kept.thread, kept.id);
      throw err;
    });
    if (reply.mode !== 'share') throw new Error('the engine thread answered another request');
    const share: PriceShare = { bytes: reply.bytes };
    this.shares.name(share, kept!.id);
    return share;
  }

  forget(share: PriceShare): void {
    this.shares.forget(share, (thread, id) => thread.postMessage({ mode: 'forget', id } satisfies EngineThreadRequest));
  }

  /** An export or a check, with the batch's share when given: the thread is sent its bytes only if it lacks it. */
  private async askWith(request: Extract<EngineThreadRequest, { mode: 'generate' | 'check' }>, share?: PriceShare): Promise<Answer> {
    if (!share) return this.ask(() => request);
    const ask = (thread: Worker): EngineThreadRequest => {
      const { id, value, drop } = this.shares.post(thread, share);
      return { ...request, share: { id, bytes: value?.bytes, drop } };
    };
    // An idle thread already holding the share is taken first: no bytes to send and deserialize.
    const prefer = (thread: Worker) => this.shares.holds(thread, share);
    return this.shareGate.run(share, () => this.ask(ask, prefer).catch((err: Error) => (err instanceof MissingShare ? this.ask(ask) : Promise.reject(err))));
  }

  private ask(request: (thread: Worker) => EngineThreadRequest, prefer?: (thread: Worker) => boolean): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('the engine runner is closed'));
    const preferred = prefer ? this.idle.findIndex(prefer) : -1;
    const thread = preferred >= 0 ? this.idle.splice(preferred, 1)[0] : (this.idle.pop() ?? this.start());
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    return new Promise((resolve, reject) => {
      const running: Running = { resolve, reject, deadline: setTimeout(() => this.exceed(thread, running, 'time'), this.bounds.timeoutMs) };
      this.busy.set(thread, running);
      thread.postMessage(request(thread));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    await Promise.all([...this.idle, ...this.busy.keys()].map((thread) => thread.terminate()));
  }

  private start(): Worker {
    const thread = new Worker(this.entry, { resourceLimits: { maxOldGenerationSizeMb: this.bounds.heapMb } });
    thread.on('message', (reply: EngineThreadReply) => {
      const running = this.busy.get(thread);
      if (!running) return;
      clearTimeout(running.deadline);
      this.busy.delete(thread);
      this.park(thread);
      if (reply.ok) running.resolve(reply);
      else if (reply.missingShare !== undefined) {
        this.shares.lost(thread, reply.missingShare);
        running.reject(new MissingShare(reply.message));
      } else if (reply.priceMiss) running.reject(new SharedPriceMiss());
      else running.reject(reply.engineError ? new EngineRejection(reply.message, reply.code) : new Error(reply.message));
    });
    thread.on('error', (err: Error & { code?: string }) => {
      const running = this.busy.get(thread);
      if (running && err.code === 'ERR_WORKER_OUT_OF_MEMORY') running.exceeded = 'heap';
      this.drop(thread, err);
    });
    thread.on('exit', (code) => this.drop(thread, new Error(`engine thread exited with code ${code} before it answered`)));
    return thread;
  }

  /** The request has outrun its time: its thread is ended, and the request refused (drop, on the thread's exit). */
  private exceed(thread: Worker, running: Running, bound: 'time'): void {
    if (this.busy.get(thread) !== running) return;
    running.exceeded = bound;
    void thread.terminate();
  }

  /**
   * A dead thread is never reused. Its request is refused when a bound ended it (final, DESIGN
   * §15); otherwise it fails as a crash, which BullMQ retries.
   */
  private drop(thread: Worker, err: Error): void {
    const running = this.busy.get(thread);
    if (running) clearTimeout(running.deadline);
    this.busy.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    this.shares.gone(thread);
    if (running?.exceeded) running.reject(new EngineBoundExceeded(running.exceeded, this.bounds));
    else running?.reject(err);
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
