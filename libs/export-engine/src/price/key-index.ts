import type { Key } from './cell-digits';

const EMPTY = -1;

/**
 * Code → row, for the ~100,000 codes of a version (version-compare.ts). Most codes are numbers
 * (cell-digits.ts): they go into an open-addressing table of typed arrays, which takes no object
 * per entry and no garbage collector's time, where a Map of them took most of a match's time.
 * Codes with letters go into a Map. The first row set for a code stays.
 */
export class KeyIndex {
  private keys: Float64Array;
  private rows: Int32Array;
  private size = 0;
  private readonly texts = new Map<string, number>();

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.rows = new Int32Array(capacity).fill(EMPTY);
  }

  /** The row of `key`, or -1. */
  get(key: Key): number {
    if (typeof key === 'string') return this.texts.get(key) ?? EMPTY;
    const mask = this.rows.length - 1;
    for (let at = hash(key) & mask; ; at = (at + 1) & mask) {
      const row = this.rows[at];
      if (row === EMPTY || this.keys[at] === key) return row;
    }
  }

  has(key: Key): boolean {
    return this.get(key) !== EMPTY;
  }

  /** Sets `key`'s row unless it has one; true when it was set. */
  add(key: Key, row: number): boolean {
    if (typeof key === 'string') {
      if (this.texts.has(key)) return false;
      this.texts.set(key, row);
      return true;
    }
    const mask = this.rows.length - 1;
    let at = hash(key) & mask;
    for (; this.rows[at] !== EMPTY; at = (at + 1) & mask) if (this.keys[at] === key) return false;
    this.keys[at] = key;
    this.rows[at] = row;
    if (++this.size * 2 > this.rows.length) this.grow();
    return true;
  }

  private grow(): void {
    const { keys, rows } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(rows.length * 2).fill(EMPTY);
    this.size = 0;
    for (let at = 0; at < rows.length; at++) if (rows[at] !== EMPTY) this.add(keys[at], rows[at]);
  }
}

/** A whole number (at most 15 digits) spread over all the table's bits (murmur3's finaliser). */
function hash(n: number): number {
  let h = (n >>> 0) ^ Math.imul((n / 4294967296) >>> 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
