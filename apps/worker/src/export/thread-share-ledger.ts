/** Shares an engine thread keeps at once: a batch's share is 1–2 MB of heap per thread. */
export const SHARES_PER_THREAD = 2;

/** What goes with a request for a share: always its id, the share itself only when the thread lacks it. */
export interface SharePost<S> {
  id: number;
  value?: S;
  /** Ids the thread lets go of first, to make room. */
  drop: number[];
}

/**
 * Which batch shares (DESIGN §12 "Speed") each engine thread of a ThreadEngineRunner holds. A
 * share is cloned into a thread once (a 4,000-item share costs ~40 ms to clone) and afterwards
 * named by an id. The ledger follows the threads exactly: a thread takes its messages in the order
 * they were posted, and drops what the ledger tells it to. Generic over the thread, so it is
 * tested without threads.
 */
export class ThreadShareLedger<T, S extends object> {
  private readonly ids = new WeakMap<S, number>();
  private nextId = 0;
  /** Per thread, the ids it holds, oldest use first. */
  private readonly held = new Map<T, number[]>();

  /** What to post to `thread` for `share`; from then on the ledger counts the thread as holding it. */
  post(thread: T, share: S): SharePost<S> {
    let id = this.ids.get(share);
    if (id === undefined) this.ids.set(share, (id = ++this.nextId));
    const { had, drop } = this.take(thread, id);
    return had ? { id, drop } : { id, value: share, drop };
  }

  /**
   * The thread is asked to build a share and keep it: a new id, counted as held from now on (the
   * thread drops `drop` first). Name the share built with `name`, or call `lost` when it fails.
   */
  reserve(thread: T): { id: number; drop: number[] } {
    const id = ++this.nextId;
    return { id, drop: this.take(thread, id).drop };
  }

  name(share: S, id: number): void {
    this.ids.set(share, id);
  }

  /** The thread lacks the share after all (its build failed, or it said so): it is sent whole next time. */
  lost(thread: T, id: number): void {
    const held = this.held.get(thread);
    if (held) this.held.set(thread, held.filter((h) => h !== id));
  }

  /** The share is of no more use: `tell` each thread holding it to drop it (a message it takes in order). */
  forget(share: S, tell: (thread: T, id: number) => void): void {
    const id = this.ids.get(share);
    if (id === undefined) return;
    for (const [thread, held] of this.held) {
      if (!held.includes(id)) continue;
      this.held.set(thread, held.filter((h) => h !== id));
      tell(thread, id);
    }
  }

  /** The thread is gone, and its shares with it. */
  gone(thread: T): void {
    this.held.delete(thread);
  }

  /** Whether the thread holds the share (so a request for it sends no bytes). */
  holds(thread: T, share: S): boolean {
    const id = this.ids.get(share);
    return id !== undefined && (this.held.get(thread)?.includes(id) ?? false);
  }

  /** Ids the thread holds, oldest use first. */
  heldBy(thread: T): number[] {
    return [...(this.held.get(thread) ?? [])];
  }

  private take(thread: T, id: number): { had: boolean; drop: number[] } {
    const held = this.held.get(thread) ?? [];
    const kept = held.filter((h) => h !== id);
    const drop: number[] = [];
    while (kept.length >= SHARES_PER_THREAD) drop.push(kept.shift()!);
    kept.push(id);
    this.held.set(thread, kept);
    return { had: held.includes(id), drop };
  }
}
