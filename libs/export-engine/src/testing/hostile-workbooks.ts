import { randomBytes } from 'node:crypto';
import { rowFromRef } from '../package/xml-text';
import { inlineCell, minimalXlsx } from './minimal-xlsx';
import { craftedEntriesOf, craftZip } from './zip-craft';

/**
 * The hostile workbooks of issue 34 (DESIGN §15), built in code: each is what an attacker sent,
 * small on disk and meant to make the engine allocate, expand or write far more than it holds.
 * The engine specs, the upload test (test/resilience/hostile-files.test.ts) and the measurement
 * (scripts/hostile-measure.ts) use the same ones.
 */

/** A small price list: a header (`Код МА`, `Цена`, `Описание`) and two items, 111 and 222. */
const PRICE_ROWS: string[][] = [
  [inlineCell('A1', 'Код МА'), inlineCell('B1', 'Цена'), inlineCell('C1', 'Описание')],
  [inlineCell('A2', '111'), '<c r="B2"><v>49.9</v></c>', inlineCell('C2', 'Молоко')],
  [inlineCell('A3', '222'), '<c r="B3"><v>120</v></c>', inlineCell('C3', 'Сыр')],
];

/**
 * A normal price list with cells added past the sheet's last column or row (the issue's file had
 * `XFE1`, `ZZZZZZZ1` and `AAAAAAAAAAAA2`: reading its columns grew a worker to 5.1 GB).
 */
export function priceWithCellsBeyond(refs: readonly string[] = ['XFE1', 'ZZZZZZZ1', 'AAAAAAAAAAAA2']): Buffer {
  const rows = new Map(PRICE_ROWS.map((cells, i) => [i + 1, [...cells]]));
  for (const ref of refs) {
    const r = rowFromRef(ref);
    rows.set(r, [...(rows.get(r) ?? []), inlineCell(ref, 'x')]);
  }
  const sorted = [...rows].sort(([a], [b]) => a - b);
  return minimalXlsx({ rows: sorted.map(([r, cells]) => `<row r="${r}">${cells.join('')}</row>`).join('') });
}

/**
 * `length` characters of letters and spaces, the same every time: text that compresses as a real
 * description does (a run of one letter would be refused as a zip bomb first), a byte a character.
 */
export function longText(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz ';
  let seed = 34;
  const chunks: string[] = [];
  for (let n = 0; n < length; n += 4096) {
    let chunk = '';
    for (let i = 0; i < 4096; i++) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fffffff;
      chunk += letters[(seed >> 16) % letters.length];
    }
    chunks.push(chunk);
  }
  return chunks.join('').slice(0, length);
}

/** A price list whose item 111 has a description (column C) of `length` characters (longText), a shared string. */
export function priceWithLongText(length: number): Buffer {
  const rows = [PRICE_ROWS[0], [inlineCell('A2', '111'), '<c r="B2"><v>49.9</v></c>', '<c r="C2" t="s"><v>0</v></c>'], PRICE_ROWS[2]];
  return minimalXlsx({ rows: rows.map((cells, i) => `<row r="${i + 1}">${cells.join('')}</row>`).join(''), strings: [longText(length)] });
}

/** A template: `№`, `Код МА`, `Цена`, `Описание` in row 1. */
export function plainTemplate(extra: { rows?: string; after?: string; before?: string; prolog?: string; strings?: string[] } = {}): Buffer {
  const header = `<row r="1">${['№', 'Код МА', 'Цена', 'Описание'].map((h, i) => inlineCell(`${'ABCD'[i]}1`, h)).join('')}</row>`;
  return minimalXlsx({ rows: header + (extra.rows ?? ''), after: extra.after, before: extra.before, prolog: extra.prolog, strings: extra.strings });
}

/**
 * The issue's entity template: its sheet declares one entity of `entityLength` characters and
 * references it `references` times (1,000 to a cell), a 9 KB file that made every export a 495 MB
 * sheet when references were replaced by the entity's text.
 */
export function entityTemplate(references = 330_000, entityLength = 1_500): Buffer {
  const perCell = 1_000;
  const rows: string[] = [];
  for (let n = 0, r = 2; n < references; n += perCell, r++) rows.push(`<row r="${r}">${inlineCell(`D${r}`, '&e;'.repeat(Math.min(perCell, references - n)))}</row>`);
  return plainTemplate({ prolog: `<!DOCTYPE worksheet [<!ENTITY e "${'ж'.repeat(entityLength)}">]>`, rows: rows.join('') });
}

/** Billion laughs: ten levels of ten references each, 10^9 `lol`s if anything expanded them. */
export function billionLaughsTemplate(): Buffer {
  let entities = '<!ENTITY lol0 "lol">';
  for (let i = 1; i <= 9; i++) entities += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  return plainTemplate({ prolog: `<!DOCTYPE worksheet [${entities}]>`, rows: `<row r="2">${inlineCell('D2', '&lol9;')}</row>` });
}

/** An external entity: a reader that resolved it would put the server's /etc/passwd in the export. */
export function externalEntityTemplate(): Buffer {
  return plainTemplate({ prolog: '<!DOCTYPE worksheet [<!ENTITY ext SYSTEM "file:///etc/passwd">]>', rows: `<row r="2">${inlineCell('D2', '&ext;')}</row>` });
}

/**
 * The issue's overlapping template: `copies` directory entries (one real, the rest aliases)
 * pointing at one stored entry of `bytes` random bytes — a 2.1 MB file whose every export was
 * 398 MB, each alias copied out as an entry of its own.
 */
export async function overlappingTemplate(copies = 190, bytes = 2 * 1024 * 1024): Promise<Buffer> {
  const entries = await craftedEntriesOf(plainTemplate());
  entries.push({ name: 'xl/media/image1.bin', content: randomBytes(bytes), stored: true });
  const aliases = Array.from({ length: copies - 1 }, (_, i) => ({ name: `xl/media/image${i + 2}.bin`, of: 'xl/media/image1.bin' }));
  return craftZip(entries, aliases);
}

/** A template whose description cell D2 holds `length` characters (longText; Excel keeps 32,767 at most). */
export function templateWithLongCell(length: number): Buffer {
  return plainTemplate({ rows: `<row r="2">${inlineCell('D2', longText(length))}</row>` });
}
