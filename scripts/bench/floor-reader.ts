import { pipeline, type Readable } from 'node:stream';
import { createInflateRaw, type ZlibOptions } from 'node:zlib';
import * as yauzl from 'yauzl';

/**
 * `floor`: the bare cost of reading a price list once. The shared-strings part and the data sheet
 * are inflated (yauzl for the zip directory, zlib streaming with 256 KB output chunks — the step
 * the engine uses, so the floor is not handicapped by smaller ones) and their bytes scanned once
 * by a byte-level state machine: every `<v>` and `<t>` text is folded into a checksum, cells,
 * rows and strings are counted, with no string decoding and no object per cell. Nothing an
 * exporter does can be cheaper than this, so it is the yardstick of the ratios.
 */

export interface FloorResult {
  sheetBytes: number;
  sharedStringsBytes: number;
  rows: number;
  cells: number;
  strings: number;
  values: number;
  valueBytes: number;
  checksum: number;
  /** Wall time of each part's pass, ms. */
  sharedStringsMs: number;
  sheetMs: number;
}

const LT = 0x3c;
const GT = 0x3e;
const INFLATE_CHUNK = 256 * 1024;

interface ScanState {
  /** 0 = text between tags, 1 = inside a tag, 2 = inside a value's text. */
  mode: number;
  tagLen: number;
  c0: number;
  c1: number;
  c2: number;
  last: number;
  rows: number;
  cells: number;
  strings: number;
  values: number;
  valueBytes: number;
  hash: number;
  bytes: number;
}

const newState = (): ScanState => ({ mode: 0, tagLen: 0, c0: 0, c1: 0, c2: 0, last: 0, rows: 0, cells: 0, strings: 0, values: 0, valueBytes: 0, hash: 0x811c9dc5, bytes: 0 });

export async function floorScan(path: string): Promise<FloorResult> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  try {
    const entries = await readDirectory(zip);
    const { sheet, sharedStrings } = await locate(zip, entries);
    const state = newState();
    let sharedStringsBytes = 0;
    const t0 = performance.now();
    if (sharedStrings) {
      await scanEntry(zip, sharedStrings, state);
      sharedStringsBytes = state.bytes;
    }
    const t1 = performance.now();
    await scanEntry(zip, sheet, state);
    const t2 = performance.now();
    return {
      sheetBytes: state.bytes - sharedStringsBytes,
      sharedStringsBytes,
      rows: state.rows,
      cells: state.cells,
      strings: state.strings,
      values: state.values,
      valueBytes: state.valueBytes,
      checksum: state.hash >>> 0,
      sharedStringsMs: t1 - t0,
      sheetMs: t2 - t1,
    };
  } finally {
    zip.close();
  }
}

/**
 * One pass over the inflated bytes, a byte at a time (a JS loop beats a native indexOf per tag
 * here: tags are short and dense). The state survives chunk boundaries, so nothing is copied.
 */
async function scanEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, s: ScanState): Promise<void> {
  for await (const piece of await inflated(zip, entry)) {
    const buf = piece as Buffer;
    const n = buf.length;
    s.bytes += n;
    let { mode, tagLen, c0, c1, c2, last, hash, valueBytes } = s;
    for (let i = 0; i < n; i++) {
      const b = buf[i];
      if (mode === 2) {
        if (b === LT) {
          mode = 1;
          tagLen = 0;
        } else {
          hash = Math.imul(hash ^ b, 16777619);
          valueBytes++;
        }
      } else if (mode === 0) {
        if (b === LT) {
          mode = 1;
          tagLen = 0;
        }
      } else if (b === GT) {
        mode = classify(s, tagLen, c0, c1, c2, last);
      } else {
        if (tagLen === 0) c0 = b;
        else if (tagLen === 1) c1 = b;
        else if (tagLen === 2) c2 = b;
        tagLen++;
        last = b;
      }
    }
    Object.assign(s, { mode, tagLen, c0, c1, c2, last, hash, valueBytes });
  }
}

/** A tag just ended: counts what it opens; returns 2 when a `<v>` or `<t…>` value text follows. */
function classify(s: ScanState, len: number, c0: number, c1: number, c2: number, last: number): number {
  if (len === 1 && c0 === 0x76 /* v */) {
    s.values++;
    return 2;
  }
  if (c0 === 0x74 /* t */ && (len === 1 || c1 === 0x20) && last !== 0x2f /* <t/> */) {
    s.values++;
    return 2;
  }
  if (c0 === 0x63 /* c */ && (len === 1 || c1 === 0x20)) s.cells++;
  else if (c0 === 0x72 && c1 === 0x6f && c2 === 0x77 /* row */) s.rows++;
  else if (len === 2 && c0 === 0x73 && c1 === 0x69 /* si */) s.strings++;
  return 0;
}

async function inflated(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
  if (entry.compressionMethod === 0) return raw;
  const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK, highWaterMark: 1024 * 1024 } as ZlibOptions);
  return pipeline(raw, inflate, () => undefined);
}

async function readSmall(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await inflated(zip, entry)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The sheet named `Данные` (else the first) and the shared strings, through workbook.xml and its rels. */
async function locate(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<{ sheet: yauzl.Entry; sharedStrings?: yauzl.Entry }> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new Error('not a workbook');
  const wbXml = await readSmall(zip, workbook);
  const relXml = await readSmall(zip, rels);
  const sheets = [...wbXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((m) => ({
    name: /\bname="([^"]*)"/.exec(m[0])?.[1] ?? '',
    rid: /\br:id="([^"]*)"/.exec(m[0])?.[1] ?? '',
  }));
  const chosen = sheets.find((x) => x.name.trim().toLowerCase() === 'данные') ?? sheets[0];
  const targets = new Map<string, { target: string; type: string }>();
  for (const m of relXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]*)"/.exec(m[0])?.[1] ?? '';
    targets.set(id, { target: /\bTarget="([^"]*)"/.exec(m[0])?.[1] ?? '', type: /\bType="([^"]*)"/.exec(m[0])?.[1] ?? '' });
  }
  const part = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).toLowerCase();
  const sheet = chosen && targets.get(chosen.rid) ? entries.get(part(targets.get(chosen.rid)!.target)) : undefined;
  if (!sheet) throw new Error('data sheet not found');
  const ss = [...targets.values()].find((t) => t.type.endsWith('/sharedStrings'));
  return { sheet, sharedStrings: ss ? entries.get(part(ss.target)) : undefined };
}

function readDirectory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (e: yauzl.Entry) => {
      entries.set(e.fileName.toLowerCase(), e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}
