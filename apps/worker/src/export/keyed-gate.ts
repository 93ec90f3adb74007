interface Slot {
  running: number;
  waiting: (() => void)[];
}

/**
 * At most `limit` runs at once per key, the rest waiting their turn in order. A run's end (success
 * or failure) lets the next in, so every run that settles frees its place: nothing waits for ever
 * while the runs themselves settle.
 */
export class KeyedGate<K extends object> {
  private readonly slots = new Map<K, Slot>();

  constructor(private readonly limit: number) {}

  async run<T>(key: K, task: () => Promise<T>): Promise<T> {
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { running: 0, waiting: [] }));
    if (slot.running < this.limit) slot.running++;
    else await new Promise<void>((resolve) => slot.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line, else it is given back.
      const next = slot.waiting.shift();
      if (next) next();
      else if (--slot.running === 0) this.slots.delete(key);
    }
  }

  /** Runs going on or waiting for the key (for tests). */
  load(key: K): { running: number; waiting: number } {
    const slot = this.slots.get(key);
    return { running: slot?.running ?? 0, waiting: slot?.waiting.length ?? 0 };
  }
}
