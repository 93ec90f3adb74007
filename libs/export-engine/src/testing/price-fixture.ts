import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Item } from '@app/contracts';

/**
 * The reference price list for tests and the benchmark (`scripts/bench.ts`): deterministic for a
 * given seed, 13 columns like a real supplier's list (text codes with leading zeros, numbers,
 * Cyrillic names, a date), written with exceljs' streaming writer so 100k rows take seconds.
 * 100,000 rows come to 10.2 MB, a little over issue 7's estimate of 8–9 MB: every row's article,
 * MA code and barcode is a string of its own, and ~76,000 names are distinct (376,705 shared
 * strings), as in a real supplier's list.
 */

export const PRICE_HEADER = [
  'Артикул', 'Код МА', 'Код ГМ', 'Наименование', 'Производитель', 'Цена', 'НДС',
  'Штрихкод', 'Остаток', 'Ед. изм.', 'Вес, кг', 'Дата поставки', 'Категория',
] as const;

/** 1-based columns of the fixture, for mappings. */
export const PRICE_COLUMNS = { article: 1, ma: 2, gm: 3, name: 4, maker: 5, price: 6, vat: 7, barcode: 8, stock: 9, unit: 10, weight: 11, date: 12, category: 13 } as const;

const NOUNS = ['Молоко', 'Кефир', 'Сметана', 'Масло сливочное', 'Сыр', 'Творог', 'Йогурт', 'Хлеб', 'Батон', 'Сахар', 'Соль', 'Мука', 'Рис', 'Гречка', 'Чай', 'Кофе', 'Печенье', 'Конфеты', 'Сок', 'Вода'];
const ADJ = ['фермерское', 'отборный', 'классический', 'домашний', 'premium', 'эконом', 'детский', 'луговой', 'северный', 'золотой'];
const MAKERS = ['ООО «Молочный край»', 'АО «Хлебозавод №1»', 'ИП Петров', 'ООО «Вкусно»', 'ЗАО «Сибирь-Продукт»', 'ООО «Южные сады»', 'АО «Северная звезда»'];
const UNITS = ['шт', 'кг', 'л', 'уп'];
const CATEGORIES = ['Молочные продукты', 'Бакалея', 'Хлеб', 'Напитки', 'Кондитерские изделия', 'Чай и кофе'];

/** mulberry32: tiny, fast, good enough for test data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Codes of data row `i` (0-based, sheet row i + 2): pure functions of i, so items can be picked. */
export function priceCodes(i: number): { ma: string; gm: number; article: string; barcode: string } {
  return {
    ma: String(1_000_000 + i * 7).padStart(9, '0'),
    gm: 500_000 + i * 3,
    article: `ART-${String(i).padStart(6, '0')}`,
    barcode: String(4_600_000_000_000 + i * 11),
  };
}

export interface PriceListOptions {
  rows?: number;
  seed?: number;
  sheetName?: string;
  /** false: texts in the sheet itself (`t="str"`), as streaming writers without a string table do. */
  sharedStrings?: boolean;
  /**
   * A later version of the same list (DESIGN §16): each data row as `edit` returns it (null: left
   * out), then `addedRows` more rows with codes of their own (rows `rows`, `rows + 1`, …).
   */
  edit?: (i: number, row: PriceRow) => PriceRow | null;
  addedRows?: number;
}

/** A data row of the fixture, in PRICE_HEADER order. */
export type PriceRow = [string, string, number, string, string, number, number, string, number, string, number, Date, string];

/** The fixture's rows for `options`: edited, left out and added as a later version asks. */
function* fixtureRows(options: PriceListOptions): Generator<PriceRow> {
  const rows = options.rows ?? 100_000;
  const rand = rng(options.seed ?? 20240501);
  for (let i = 0; i < rows + (options.addedRows ?? 0); i++) {
    const row = priceRow(i, rand);
    const out = i < rows && options.edit ? options.edit(i, row) : row;
    if (out) yield out;
  }
}

export async function writePriceList(path: string, options: PriceListOptions = {}): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: options.sharedStrings ?? true, useStyles: true });
  const ws = wb.addWorksheet(options.sheetName ?? 'Данные');
  ws.columns = PRICE_HEADER.map((header, i) => ({
    header,
    width: i === 3 ? 40 : 14,
    style: i === 5 ? { numFmt: '#,##0.00' } : i === 11 ? { numFmt: 'dd.mm.yyyy' } : {},
  }));
  for (const row of fixtureRows(options)) ws.addRow(row).commit();
  ws.commit();
  await wb.commit();
}

const BASE_DATE = Date.UTC(2024, 0, 1);

/** Data row `i` of the fixture; `rand` is drawn in the same order for every writer. */
function priceRow(i: number, rand: () => number): PriceRow {
  const c = priceCodes(i);
  const noun = NOUNS[Math.floor(rand() * NOUNS.length)];
  return [
    c.article,
    c.ma,
    c.gm,
    `${noun} ${ADJ[Math.floor(rand() * ADJ.length)]} ${Math.floor(rand() * 900 + 100)} г`,
    MAKERS[Math.floor(rand() * MAKERS.length)],
    Math.round(rand() * 100_000) / 100,
    rand() < 0.8 ? 20 : 10,
    c.barcode,
    Math.floor(rand() * 1000),
    UNITS[Math.floor(rand() * UNITS.length)],
    Math.round(rand() * 5000) / 1000,
    new Date(BASE_DATE + Math.floor(rand() * 365) * 86_400_000),
    CATEGORIES[Math.floor(rand() * CATEGORIES.length)],
  ];
}

/**
 * The same list as a CSV the way Russian Excel saves «CSV UTF-8»: a BOM, `;`, decimal commas,
 * dates as dd.mm.yyyy, fields with `;` or quotes quoted. 100,000 rows come to ~14 MB.
 */
export async function writePriceCsv(path: string, options: Omit<PriceListOptions, 'sheetName' | 'sharedStrings'> = {}): Promise<void> {
  const field = (v: string | number | Date): string => {
    if (typeof v === 'number') return String(v).replace('.', ',');
    if (v instanceof Date) return `${pad(v.getUTCDate())}.${pad(v.getUTCMonth() + 1)}.${v.getUTCFullYear()}`;
    return /[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  const out = createWriteStream(path);
  out.write(`\ufeff${PRICE_HEADER.map(field).join(';')}\r\n`);
  for (const row of fixtureRows(options)) {
    if (!out.write(`${row.map(field).join(';')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `count` items spread over the list (every k-th row), the last `missing` of them not in it. */
export function benchItems(rows: number, count: number, missing = 0): Item[] {
  const items: Item[] = [];
  const stride = Math.max(1, Math.floor(rows / count));
  for (let k = 0; k < count - missing; k++) {
    const c = priceCodes((k * stride) % rows);
    items.push({ ma: c.ma, gm: String(c.gm), name: `Позиция ${k}`, minQty: 1 + (k % 12), step: 1 + (k % 6) });
  }
  for (let k = 0; k < missing; k++) items.push({ ma: `99${k}`, gm: `88${k}`, name: 'Нет в прейскуранте', minQty: 1, step: 1 });
  return items;
}
