import type { Readable } from 'node:stream';
import { readSharedStrings, siText } from './shared-strings-reader';
import { decodeXmlText } from './xml-text';

/**
 * The texts of the shared strings marked in `wanted` (wanted[i] === 1), up to index `last`, by
 * index; the others stay undefined. Read on the inflated bytes: items are counted by their
 * `</si>` (a native search), and only the wanted ones are decoded — so a table of 400,000 names
 * and codes costs the search and the codes, not a decoded copy of every name. A part with `<si/>`
 * items (no `</si>` to count) is read by the tag-level reader instead, from `reopen()`.
 */
export async function pickSharedStrings(stream: Readable, reopen: () => Promise<Readable>, wanted: Uint8Array, last: number): Promise<(string | undefined)[]> {
  const texts: (string | undefined)[] = new Array(last + 1);
  if (last < 0) {
    stream.destroy();
    return texts;
  }
  const picker = new Picker(wanted, last, texts);
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
  return texts;
}

async function readByTags(stream: Readable, wanted: Uint8Array, last: number): Promise<(string | undefined)[]> {
  const texts: (string | undefined)[] = new Array(last + 1);
  await readSharedStrings(
    stream,
    (i, text) => {
      texts[i] = text;
      return i < last;
    },
    { wanted: (i) => i <= last && wanted[i] === 1 },
  );
  return texts;
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
    private readonly texts: (string | undefined)[],
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
          if (index < wanted.length && wanted[index] === 1) text = plainText(buf, t, j);
        }
      }
      if (next < 0) {
        const close = buf.indexOf(closeSi, pos);
        if (close < 0) return pos;
        next = close + closeSi.length;
        if (index < wanted.length && wanted[index] === 1) text = this.textOf(buf, pos, close);
      }
      this.index = index;
      if (text !== undefined) this.texts[index] = text;
      pos = next;
      if (index >= last) {
        this.done = true;
        return pos;
      }
    }
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
