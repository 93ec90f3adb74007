/** How a cache entry's value is made: may fail or take long; the cache never lets either hang a caller. */
export type ShareBuilder<T> = () => Promise<T>;

export interface PriceShareCacheOptions<T> {
  /** Entries kept at once (DESIGN §12: at most 2 indexes). */
  maxEntries: number;
  /** An entry unused this long is freed (a batch whose end this worker never hears of). */
  idleMs: number;
  /** A build taking longer is given up: its callers read the price list themselves. */
  buildTimeoutMs: number;
  /** True when memory is short: every entry is freed and nothing new is built. */
  memoryShort?: () => boolean;
  /** Called with a dropped entry's value once its build has settled (its files removed). */
  dispose?: (value: NonNullable<T>) => void;
}

interface Entry<T> {
  batchId: string;
  value: Promise<T | null>;
  timer?: NodeJS.Timeout;
  lastUsed: number;
}

/**
 * The worker's shared price reads of running batches (DESIGN §12 "Speed"), one per (batch, price
 * file). The first child of a batch that asks builds it; children asking meanwhile await the same
 * build. Every answer settles: a failed, timed-out or evicted build answers null, and the child
 * reads the price list itself (always exact, only slower). Entries are freed when their batch
 * ends (release), when unused for idleMs, when a newer one needs the room, or when memory is short.
 */
export class PriceShareCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Order of use (a clock could tie within a millisecond). */
  private uses = 0;

  constructor(private readonly options: PriceShareCacheOptions<T>) {}

  get size(): number {
    return this.entries.size;
  }

  get(batchId: string, priceKey: string, build: ShareBuilder<T>): Promise<T | null> {
    if (this.options.memoryShort?.()) {
      this.clear();
      return Promise.resolve(null);
    }
    const key = `${batchId}\u0000${priceKey}`;
    const found = this.entries.get(key);
    if (found) {
      this.touch(key, found);
      return found.value;
    }
    while (this.entries.size >= this.options.maxEntries) this.evictOldest();
    let failed = false;
    const entry: Entry<T> = { batchId, value: this.settle(build, () => (failed = true)), lastUsed: 0 };
    this.entries.set(key, entry);
    this.touch(key, entry);
    // A build that answers null has nothing to share (a lone task's file): it holds no slot, so it
    // never pushes a real index out. A failed one stays, so its batch does not build it again.
    void entry.value.then((value) => {
      if ((value === null || value === undefined) && !failed) this.drop(key, entry);
    });
    return entry.value;
  }

  /** Whether some read of the batch is kept here. */
  holds(batchId: string): boolean {
    for (const entry of this.entries.values()) if (entry.batchId === batchId) return true;
    return false;
  }

  /** The batch has ended: its reads are of no more use here. */
  release(batchId: string): void {
    for (const [key, entry] of this.entries) if (entry.batchId === batchId) this.drop(key, entry);
  }

  clear(): void {
    for (const [key, entry] of this.entries) this.drop(key, entry);
  }

  /**
   * The build's value, or null once it fails or outlasts buildTimeoutMs; never rejects. A value
   * that comes after its time is nobody's: it is disposed of at once.
   */
  private settle(build: ShareBuilder<T>, onFailure: () => void): Promise<T | null> {
    return new Promise<T | null>((resolve) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        onFailure();
        resolve(null);
      }, this.options.buildTimeoutMs);
      timer.unref();
      const done = (value: T | null) => {
        clearTimeout(timer);
        if (late && value !== null && value !== undefined) this.options.dispose?.(value as NonNullable<T>);
        resolve(value);
      };
      const fail = () => {
        onFailure();
        done(null);
      };
      try {
        build().then(done, fail);
      } catch {
        fail();
      }
    });
  }

  private touch(key: string, entry: Entry<T>): void {
    entry.lastUsed = ++this.uses;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.drop(key, entry), this.options.idleMs);
    entry.timer.unref();
  }

  private evictOldest(): void {
    let oldest: [string, Entry<T>] | undefined;
    for (const pair of this.entries) if (!oldest || pair[1].lastUsed < oldest[1].lastUsed) oldest = pair;
    if (oldest) this.drop(...oldest);
  }

  /** Callers already holding the entry's promise keep it; the cache lets go of the value. */
  private drop(key: string, entry: Entry<T>): void {
    clearTimeout(entry.timer);
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    const { dispose } = this.options;
    if (dispose) void entry.value.then((value) => value !== null && value !== undefined && dispose(value as NonNullable<T>));
  }
}
