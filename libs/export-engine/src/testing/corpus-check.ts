import type { ExportReport, Item, Mapping } from '@app/contracts';
import { normalizeKey } from '../price/key-normalizer';
import { readTables } from '../template/table-reader';
import { locateParts } from '../package/workbook-locator';
import { isWellFormedXml } from '../package/xml-check';
import { decodeXml } from '../package/xml-encoding';
import { ZipSource } from '../package/zip-source';

/**
 * Checks of the real-world corpus runner (realworld-corpus.spec.ts): each returns the problems it
 * found as short lines, so one failing file shows everything wrong with it at once.
 */

const XML_PART_RE = /\.(xml|rels|vml)$/i;

/** The parts an export may change: the data sheet, styles, the sheet's tables and the calcChain. */
export async function partsTheEngineMayChange(template: Buffer): Promise<Set<string>> {
  const zip = await ZipSource.open(template);
  try {
    const parts = await locateParts(zip);
    const sheetXml = await zip.readText(parts.dataSheet.entry);
    const tables = await readTables(zip, parts.dataSheet.path, sheetXml);
    const names = [parts.dataSheet.path, parts.styles?.fileName, parts.calcChain?.fileName, ...tables.map((t) => t.path)];
    return new Set(names.filter((n): n is string => !!n));
  } finally {
    zip.close();
  }
}

/** The sheet the engine reads or fills (§5.1). */
export async function dataSheetName(xlsx: Buffer): Promise<string> {
  const zip = await ZipSource.open(xlsx);
  try {
    return (await locateParts(zip)).dataSheet.name;
  } finally {
    zip.close();
  }
}

/**
 * The output has the template's parts in its order; every XML part is well-formed; a part the
 * engine had no reason to change is byte-for-byte the template's.
 */
export function partProblems(template: Map<string, Buffer>, output: Map<string, Buffer>, mayChange: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if ([...template.keys()].join('\n') !== [...output.keys()].join('\n')) problems.push(`parts differ: ${[...output.keys()].join(', ')}`);
  for (const [name, bytes] of output) {
    if (XML_PART_RE.test(name) && !isWellFormedXml(decodeXml(bytes))) problems.push(`${name}: not well-formed`);
    const before = template.get(name);
    if (!before || before.equals(bytes) || mayChange.has(name)) continue;
    problems.push(`${name}: changed though the engine does not touch it`);
  }
  return problems;
}

/**
 * The data sheet as LibreOffice read it against what the engine says it wrote: from `firstRow` on,
 * one row per item with its typed fields and, for a matched item, the mapped cells of its price row
 * (as LibreOffice read the price list); every other cell of those rows empty.
 */
export function cellProblems(
  sheet: string[][],
  firstRow: number,
  items: readonly Item[],
  mapping: Mapping,
  report: ExportReport,
  priceSheet: string[][] | undefined,
): string[] {
  const problems: string[] = [];
  const unmatched = new Set(report.unmatched.map((u) => u.index));
  items.forEach((item, i) => {
    const expected = new Map<number, string>();
    const priceRow = unmatched.has(i) ? undefined : findPriceRow(priceSheet, item, report.keyColumns);
    if (!unmatched.has(i) && !priceRow) problems.push(`item ${i}: matched, but no price row has its code`);
    for (const [pc, tc] of Object.entries(mapping.priceToTemplate)) {
      const v = priceRow?.[Number(pc) - 1] ?? '';
      if (v !== '' && tc > 0) expected.set(tc, v);
    }
    const m = mapping.manualMapping;
    for (const f of ['ma', 'gm', 'name'] as const) if (m[f] > 0 && item[f] !== '') expected.set(m[f], item[f]);
    for (const f of ['minQty', 'step'] as const) if (m[f] > 0) expected.set(m[f], String(item[f]));

    const r = firstRow + i;
    const got = sheet[r - 1] ?? [];
    const width = Math.max(got.length, ...expected.keys());
    for (let c = 1; c <= width; c++) {
      const want = expected.get(c) ?? '';
      const have = got[c - 1] ?? '';
      if (!sameValue(want, have)) problems.push(`row ${r} col ${c}: expected ${JSON.stringify(want)}, LibreOffice read ${JSON.stringify(have)}`);
    }
  });
  return problems;
}

/** §5.3 as the report settled it: the first row whose MA key cell holds the item's MA, else its GM. */
function findPriceRow(sheet: string[][] | undefined, item: Item, keys: ExportReport['keyColumns']): string[] | undefined {
  if (!sheet) return undefined;
  const find = (code: string, col: number) => {
    if (code === '' || col <= 0) return undefined;
    const key = normalizeKey(code);
    return sheet.find((row) => normalizeKey(row[col - 1] ?? '') === key);
  };
  return find(item.ma, keys.ma) ?? find(item.gm, keys.gm);
}

/** Equal as LibreOffice shows them, numbers as numbers (`49.9`, `49.90`), but `0031000` is no `31000`. */
function sameValue(a: string, b: string): boolean {
  if (a === b) return true;
  return isPlainNumber(a) && isPlainNumber(b) && Math.abs(Number(a) - Number(b)) <= 1e-9 * Math.max(1, Math.abs(Number(a)));
}

function isPlainNumber(s: string): boolean {
  return /^-?(\d+\.?\d*|\.\d+)(E[+-]?\d+)?$/i.test(s) && !/^-?0\d/.test(s);
}
