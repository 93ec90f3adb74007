import type { Readable } from 'node:stream';
import type { KeyFilter } from './key-filter';
import { mayBeKey, normalizeKey } from './key-normalizer';
import { HeldPieces, joinBuffers } from '../package/held-pieces';
import { siText } from '../package/shared-strings-reader';

/** A checkpoint every STRIDE strings: the second pass starts there and skips < STRIDE items. */
export const STRIDE = 16;

/** What the first pass over sharedStrings.xml leaves behind: the items' keys and one offset per STRIDE strings (~0.5 MB at 1M strings). */
export interface SharedStringsIndex {
  /** Shared-string index → its normalised text, only for strings that are some item's key. */
  keys: Map<number, string>;
  /** Namespace prefix of the part (`x:` in `<x:sst>`), '' when none. */
  prefix: string;
  /** checkpoints[k] = byte offset in the inflated part where string k·STRIDE's XML starts (right after the previous `</si>`). */
  checkpoints: number[];
}

/**
 * Told of each string taken for a key, and how it got past the cheap tests, so a shared index
 * (price-share.ts) can tell which strings another task's own scan would have taken:
 * `always`: by `alsoCheck` alone, whatever the keys; otherwise only if `mayBeKey(text, its
 * longest key)` and, when `filtered`, its KeyFilter passes `text`.
 */
export type StringNote = (index: number, text: string, always: boolean, filtered: boolean) => void;

/**
 * First pass over the shared strings, on the inflated bytes rather than decoded text: most strings
 * are long names that cannot be a key, and counting their characters in UTF-8 needs no decoding.
 * Only strings short enough to be a key are decoded and normalised (DESIGN §5.2), exactly as
 * `readSharedStrings` + `mayBeKey` + `normalizeKey` would; byte offsets are remembered every
 * STRIDE strings so that the second pass can jump to the few texts the matched rows need.
 * Undefined when the part holds `<si/>` items, which have no `</si>` to count: the caller then
 * uses the tag-level `readSharedStrings` for both passes.
 */
export async function indexSharedStrings(
  stream: Readable,
  isKey: (key: string) => boolean,
  maxKeyLength: number,
  filter?: KeyFilter,
  alsoCheck?: (buf: Buffer, from: number, to: number) => boolean,
  note?: StringNote,
): Promise<SharedStringsIndex | undefined> {
  const scanner = new SharedStringsScanner(isKey, maxKeyLength, filter, alsoCheck, note);
  // The bytes after the last whole item (see HeldPieces: a long item is not copied at every piece).
  const held = new HeldPieces<Buffer>(joinBuffers);
  try {
    for await (const piece of stream) {
      let buf = piece as Buffer;
      let pos = 0;
      if (scanner.prefix === undefined) {
        const all = held.add(buf);
        if (all === undefined) continue;
        buf = all;
        const root = /<([A-Za-z_][\w.-]*:)?sst[\s>]/.exec(buf.toString('latin1'));
        if (!root) {
          held.keep(buf);
          continue;
        }
        scanner.setPrefix(root[1] ?? '');
        pos = root.index;
      } else if (held.size > 0) {
        // Only the item cut by the piece boundary is copied together, not the whole piece:
        // fewer dead buffers waiting for a GC that this allocation-light loop rarely triggers.
        const first = buf.indexOf(scanner.closeSi);
        if (first < 0) {
          // No whole `</si>` in the piece (one may straddle the boundary): the two as one.
          const all = held.add(buf);
          if (all === undefined) continue;
          buf = all;
        } else {
          const head = first + scanner.closeSi.length;
          const joined = held.take(buf.subarray(0, head));
          if (scanner.region(joined, 0) === undefined) return undefined;
          scanner.base += joined.length - head;
          pos = head;
        }
      }
      const next = scanner.region(buf, pos);
      if (next === undefined) return undefined;
      scanner.base += next;
      held.keep(buf.subarray(next));
    }
  } finally {
    stream.destroy();
  }
  // Pieces held since the last try: the part's end.
  let carry = held.take();
  let pos = 0;
  if (scanner.prefix === undefined) {
    const root = /<([A-Za-z_][\w.-]*:)?sst[\s>]/.exec(carry.toString('latin1'));
    if (root) scanner.setPrefix(root[1] ?? '');
    pos = root?.index ?? carry.length;
  }
  if (scanner.prefix !== undefined && carry.length > pos) {
    const next = scanner.region(carry, pos);
    if (next === undefined) return undefined;
    carry = carry.subarray(next);
  }
  if (within(carry, 'si/>', 0, carry.length) || within(carry, 'si />', 0, carry.length)) return undefined;
  return { keys: scanner.keys, prefix: scanner.prefix ?? '', checkpoints: scanner.checkpoints };
}

/**
 * The first pass's state between pieces. A class rather than closures over locals: V8 keeps a
 * class method's optimised code for the life of the process, while a closure made per call loses
 * it at the first GC after the call, and `scan` is costly to recompile.
 */
class SharedStringsScanner {
  readonly keys = new Map<number, string>();
  readonly checkpoints: number[] = [];
  /** Namespace prefix, once the root element has been seen. */
  prefix: string | undefined;
  closeSi = Buffer.alloc(0);
  /** `<si><t>`, `<si><t xml:space="preserve">` and `</t></si>`: the usual item, read byte by byte. */
  private openA = this.closeSi;
  private openB = this.closeSi;
  private tail = this.closeSi;
  private index = -1;
  /** Offset in the inflated part of the current piece's first byte. */
  base = 0;

  constructor(
    private readonly isKey: (key: string) => boolean,
    private readonly maxKeyLength: number,
    private readonly filter: KeyFilter | undefined,
    /** Plain texts to normalise and offer `isKey` although too long or filtered out (the check's damaged codes). */
    private readonly alsoCheck: ((buf: Buffer, from: number, to: number) => boolean) | undefined,
    private readonly note: StringNote | undefined,
  ) {}

  setPrefix(prefix: string): void {
    this.prefix = prefix;
    this.closeSi = Buffer.from(`</${prefix}si>`);
    this.openA = Buffer.from(`<${prefix}si><${prefix}t>`);
    this.openB = Buffer.from(`<${prefix}si><${prefix}t xml:space="preserve">`);
    this.tail = Buffer.from(`</${prefix}t></${prefix}si>`);
  }

  /** Scans the whole items in buf[pos, …); undefined when there are `<si/>` items (no `</si>` to count). */
  region(buf: Buffer, pos: number): number | undefined {
    const last = buf.lastIndexOf(this.closeSi);
    const end = last < 0 ? -1 : last + this.closeSi.length;
    if (end <= pos) return pos;
    if (within(buf, 'si/>', pos, end) || within(buf, 'si />', pos, end)) return undefined;
    return this.scan(buf, pos, end);
  }

  /** The items in buf[pos, end), `end` being just after a `</si>`; returns where it stopped. */
  private scan(buf: Buffer, pos: number, end: number): number {
    const { openA, openB, tail, closeSi, maxKeyLength, filter } = this;
    while (pos < end) {
      const index = ++this.index;
      if (index % STRIDE === 0) this.checkpoints.push(this.base + pos);
      const t = startsWith(buf, pos, openA) ? pos + openA.length : startsWith(buf, pos, openB) ? pos + openB.length : -1;
      if (t >= 0) {
        // What mayBeKey counts, from the UTF-8 bytes: characters but whitespace and leading
        // zeros. Bytes whose meaning needs decoding (`&` entities, `_xHHHH_` escapes, lead
        // bytes of Unicode spaces — U+00A0, U+1680, U+2000–U+205F, U+3000, U+FEFF — and 4-byte
        // sequences, two UTF-16 units) send the item the slow way.
        let count = 0;
        let leading = true;
        let special = false;
        let j = t;
        for (; j < end; j++) {
          const b = buf[j];
          if (b === 60) break;
          if (count > maxKeyLength || special) continue;
          if (b < 0x80) {
            if (b === 32 || (b >= 9 && b <= 13)) continue;
            if (b === 38 || b === 95) special = true;
            else if (leading && b === 48) continue;
          } else if (b < 0xc0) {
            continue;
          } else if (b === 0xc2 || b === 0xe1 || b === 0xe2 || b === 0xe3 || b === 0xef || b >= 0xf0) {
            special = true;
          }
          leading = false;
          count++;
        }
        if (startsWith(buf, j, tail)) {
          const next = j + tail.length;
          if (special) this.visitSlow(buf, pos, next - closeSi.length);
          else if (count <= maxKeyLength && (!filter || filter.mayBeKeyBytes(buf, t, j))) {
            if (this.check(buf.toString('utf8', t, j)) && this.note) this.note(index, buf.toString('utf8', t, j), this.alsoCheck?.(buf, t, j) === true, filter !== undefined);
          } else if (this.alsoCheck !== undefined && this.alsoCheck(buf, t, j)) {
            if (this.check(buf.toString('utf8', t, j)) && this.note) this.note(index, '', true, false);
          }
          pos = next;
          continue;
        }
      }
      const close = buf.indexOf(closeSi, pos);
      this.visitSlow(buf, pos, close);
      pos = close + closeSi.length;
    }
    return pos;
  }

  /** Any other item, whose XML is buf[from, to): the tag reader's own text, then mayBeKey. */
  private visitSlow(buf: Buffer, from: number, to: number): void {
    const xml = buf.toString('utf8', from, to);
    const text = siText(xml, 0, xml.length, this.prefix!);
    if (mayBeKey(text, this.maxKeyLength) && this.check(text) && this.note) this.note(this.index, text, false, false);
  }

  /** Remembers the string when it is a key; true then. */
  private check(text: string): boolean {
    const key = normalizeKey(text);
    if (key === '' || !this.isKey(key)) return false;
    this.keys.set(this.index, key);
    return true;
  }
}

const EMPTY: Buffer = Buffer.alloc(0);

function within(buf: Buffer, needle: string, from: number, to: number): boolean {
  const at = buf.indexOf(needle, from, 'latin1');
  return at >= 0 && at < to;
}

function startsWith(buf: Buffer, at: number, what: Buffer): boolean {
  if (at + what.length > buf.length) return false;
  for (let i = 0; i < what.length; i++) if (buf[at + i] !== what[i]) return false;
  return true;
}

/**
 * Second pass: the texts of the `needed` strings (ascending, distinct), each found from its
 * checkpoint by counting at most STRIDE `</si>`; chunks before a needed string are skipped
 * unread and the part is left as soon as the last one is had.
 */
export async function readStringsAt(stream: Readable, index: SharedStringsIndex, needed: readonly number[]): Promise<Map<number, string>> {
  const reader = new NeededStrings(index, needed);
  // From the checkpoint of a string that runs on into later chunks (see HeldPieces).
  const held = new HeldPieces<Buffer>(joinBuffers);
  try {
    for await (const chunk of stream) {
      const buf = held.add(chunk as Buffer);
      if (buf === undefined) continue;
      held.keep(reader.read(buf));
      if (reader.done) break;
    }
    // Pieces held since the last try: the part's end.
    if (!reader.done && held.size > 0) reader.read(held.take());
  } finally {
    stream.destroy();
  }
  return reader.texts;
}

/** readStringsAt's state: the next needed string, and where in the part the bytes read start. */
class NeededStrings {
  readonly texts = new Map<number, string>();
  private readonly closeSi: Buffer;
  private j = 0;
  private base = 0;

  constructor(
    private readonly index: SharedStringsIndex,
    private readonly needed: readonly number[],
  ) {
    this.closeSi = Buffer.from(`</${index.prefix}si>`);
  }

  get done(): boolean {
    return this.j >= this.needed.length;
  }

  /** Reads the needed strings that `buf` (the part from `base` on) holds whole; returns the bytes to read again with the next. */
  read(buf: Buffer): Buffer {
    const { closeSi, index, needed } = this;
    let carry = EMPTY;
    while (this.j < needed.length) {
      const i = needed[this.j];
      const block = Math.floor(i / STRIDE);
      const start = (index.checkpoints[block] ?? Infinity) - this.base;
      if (start >= buf.length) break;
      let from = start;
      let close = -1;
      for (let k = block * STRIDE; k <= i; k++) {
        close = buf.indexOf(closeSi, from);
        if (close < 0) break;
        if (k < i) from = close + closeSi.length;
      }
      if (close < 0) {
        // The string runs on into the next chunk: keep the bytes from its checkpoint.
        carry = buf.subarray(start);
        break;
      }
      const xml = buf.toString('utf8', from, close);
      this.texts.set(i, siText(xml, 0, xml.length, index.prefix));
      this.j++;
    }
    this.base += buf.length - carry.length;
    return carry;
  }
}
