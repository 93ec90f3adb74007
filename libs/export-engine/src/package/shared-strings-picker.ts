import type { Readable } from 'node:stream';
import { readSharedStrings, siText } from './shared-strings-reader';
import { decodeXmlText } from './xml-text';

/**
 * Picked shared strings by index. A text of digits only (most codes: `001000021`) is kept as its
 * number and length, `digitLengths[i]` > 0, and not as a string: 100,000 codes kept as strings
 * were most of what a diff's garbage collector had to copy and keep.
 */
export interface PickedStrings {
  texts: (string | undefined)[];
  digitValues: Float64Array;
  digitLengths: Uint8Array;
}

export const NO_PICKED_STRINGS: PickedStrings = { texts: [], digitValues: new Float64Array(0), digitLengths: new Uint8Array(0) };

/** Picked string i as text (a digits-only one written out again, leading zeros and all); undefined when not picked. */
export function pickedText(picked: PickedStrings, i: number): string | undefined {
  const length = picked.digitLengths[i];
  return length > 0 ? String(picked.digitValues[i]).padStart(length, '0') : picked.texts[i];
}

/**
 * The shared strings marked in `wanted` (wanted[i] === 1), up to index `last`; the others are not
 * picked. Read on the inflated bytes: items are counted by their `</si>`, and only the wanted ones
 * are decoded — so a table of 400,000 names and codes costs the scan and the codes, not a decoded
 * copy of every name. A part with `<si/>` items (no `</si>` to count) is read by the tag-level
 * reader instead, from `reopen()`.
 */
export async function pickSharedStrings(stream: Readable, reopen: () => Promise<Readable>, wanted: Uint8Array, last: number): Promise<PickedStrings> {
  const picked: PickedStrings = { texts: new Array(Math.max(0, last + 1)), digitValues: new Float64Array(last + 1), digitLengths: new Uint8Array(last + 1) };
  if (last < 0) {
    stream.destroy();
    return picked;
  }
  const picker = new Picker(wanted, last, picked);
  let carry: Buffer | undefined;
  try {
    for await (const chunk of stream) {
      let buf = chunk as Buffer;
      let from = 0;
      if (carry && carry.length > 0) {
        // Only the item cut by the piece boundary is copied together, not the whole piece.
        const first = picker.started ? buf.indexOf(picker.closeSi) : -1;
        if (first < 0) buf = Buffer.concat([carry, buf]);
        else {
          from = first + picker.closeSi.length;
          const joined = Buffer.concat([carry, buf.subarray(0, from)]);
          if (picker.region(joined, 0) === undefined) return readByTags(await reopen(), wanted, last);
        }
      }
      const next = picker.done ? buf.length : picker.region(buf, from);
      if (next === undefined) return readByTags(await reopen(), wanted, last);
      if (picker.done) break;
      carry = buf.subarray(next);
    }
  } finally {
    stream.destroy();
  }
  return picked;
}

async function readByTags(stream: Readable, wanted: Uint8Array, last: number): Promise<PickedStrings> {
  const texts: (string | undefined)[] = new Array(last + 1);
  await readSharedStrings(
    stream,
    (i, text) => {
      texts[i] = text;
      return i < last;
    },
    { wanted: (i) => i <= last && wanted[i] === 1 },
  );
  return { ...NO_PICKED_STRINGS, texts };
}

/** The scan's state between pieces (a class for the reason SheetScanner is one). */
class Picker {
  done = false;
  private index = -1;
  private prefix: string | undefined;
  closeSi = Buffer.alloc(0);
  private openA = this.closeSi;
  private openB = this.closeSi;
  /** `</t></si>`: the end of the usual item. */
  private item = this.closeSi;

  constructor(
    private readonly wanted: Uint8Array,
    private readonly last: number,
    private readonly picked: PickedStrings,
  ) {}

  /** The root element was found: items are counted from here on. */
  get started(): boolean {
    return this.prefix !== undefined;
  }

  /** Reads the whole items of buf[from, …); returns where the unfinished rest starts, undefined for `<si/>` items. */
  region(buf: Buffer, from: number): number | undefined {
    let pos = from;
    if (this.prefix === undefined) {
      const root = /<([A-Za-z_][\w.-]*:)?sst[\s>]/.exec(buf.toString('latin1', 0, Math.min(buf.length, 4096)));
      if (!root) return buf.length > 4096 ? buf.length : 0;
      this.setPrefix(root[1] ?? '');
      pos = root.index;
    }
    const { closeSi, openA, openB, item, wanted, last } = this;
    const end = buf.lastIndexOf(closeSi);
    if (end < pos) return pos;
    if (hasSelfClosing(buf, pos, end)) return undefined;
    const n = buf.length;
    for (;;) {
      // The usual `<si><t>…</t></si>`: its text is run over byte by byte (cheaper than a search).
      const t = startsWith(buf, pos, openA) ? pos + openA.length : startsWith(buf, pos, openB) ? pos + openB.length : -1;
      let next = -1;
      let text: string | undefined;
      const index = this.index + 1;
      if (t >= 0) {
        let j = t;
        while (j < n && buf[j] !== 60) j++;
        if (j === n) return pos;
        if (startsWith(buf, j, item)) {
          next = j + item.length;
          if (index < wanted.length && wanted[index] === 1 && !this.digits(buf, t, j, index)) text = plainText(buf, t, j);
        }
      }
      if (next < 0) {
        const close = buf.indexOf(closeSi, pos);
        if (close < 0) return pos;
        next = close + closeSi.length;
        if (index < wanted.length && wanted[index] === 1) text = this.textOf(buf, pos, close);
      }
      this.index = index;
      if (text !== undefined) this.picked.texts[index] = text;
      pos = next;
      if (index >= last) {
        this.done = true;
        return pos;
      }
    }
  }

  /** Keeps item `index` as a number when buf[from, to) is digits only (≤ 15 after leading zeros); false otherwise. */
  private digits(buf: Buffer, from: number, to: number, index: number): boolean {
    const length = to - from;
    if (length === 0 || length > 255) return false;
    let n = 0;
    let significant = 0;
    for (let i = from; i < to; i++) {
      const b = buf[i];
      if (b < 48 || b > 57) return false;
      if (significant > 0 || b !== 48) significant++;
      n = n * 10 + (b - 48);
    }
    if (significant > 15) return false;
    this.picked.digitValues[index] = n;
    this.picked.digitLengths[index] = length;
    return true;
  }

  private setPrefix(prefix: string): void {
    this.prefix = prefix;
    this.closeSi = Buffer.from(`</${prefix}si>`);
    this.openA = Buffer.from(`<${prefix}si><${prefix}t>`);
    this.openB = Buffer.from(`<${prefix}si><${prefix}t xml:space="preserve">`);
    this.item = Buffer.from(`</${prefix}t></${prefix}si>`);
  }

  /** The text of any item, whose XML is buf[from, close) (`close`: where its `</si>` starts), by siText. */
  private textOf(buf: Buffer, from: number, close: number): string {
    const xml = buf.toString('utf8', from, close);
    const start = xml.indexOf(`<${this.prefix}si`);
    return siText(xml, start < 0 ? 0 : start, xml.length, this.prefix!);
  }
}

/** A `<t>`'s text in buf[from, to), decoded. */
function plainText(buf: Buffer, from: number, to: number): string {
  const text = buf.toString('utf8', from, to);
  return text.indexOf('&') >= 0 || text.indexOf('_x') >= 0 ? decodeXmlText(text) : text;
}

function hasSelfClosing(buf: Buffer, from: number, to: number): boolean {
  for (const needle of ['si/>', 'si />']) {
    const at = buf.indexOf(needle, from, 'latin1');
    if (at >= 0 && at < to) return true;
  }
  return false;
}

function startsWith(buf: Buffer, at: number, what: Buffer): boolean {
  if (at + what.length > buf.length) return false;
  for (let i = 0; i < what.length; i++) if (buf[at + i] !== what[i]) return false;
  return true;
}
