import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guardVersion, type CompareSettings } from '@app/contracts';
import { RESPONSE_SCHEMAS } from '@app/contracts/response-schemas';
import { diffPriceVersions, keepPriceVersion } from './price-diff';
import { fixtureBytes } from './testing/fixtures';
import { hasLibreOffice, libreOfficeSheets } from './testing/libreoffice';
import { inlineCell, minimalXlsx } from './testing/minimal-xlsx';
import { buildWorkbook, readWorkbook, type CellInput } from './testing/workbook-builders';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const day = (d: number) => ({ value: new Date(Date.UTC(2025, 1, d)), numFmt: 'dd.mm.yyyy' });
const book = (rows: CellInput[][]) => buildWorkbook([{ name: 'Данные', rows }]);
const settings = (ma: number, gm: number, values: number[], headers?: Record<string, string>): CompareSettings => ({ keyColumns: { ma, gm }, valueColumns: values, ...(headers ? { headers } : {}) });

const HEADER = ['Код МА', 'Код ГМ', 'Наименование', 'Цена', 'Поставка'];

describe('diffPriceVersions: what changed between two versions (DESIGN §16)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'price-diff-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const older = () =>
    book([
      HEADER,
      ['0031000', 77000, 'Молоко', 120.5, day(1)],
      ['0031001', 77001, 'Кефир', 80, day(1)],
      ['0031002', 77002, 'Сыр', 300, day(1)],
      ['0031003', 77003, 'Хлеб', 40, day(1)],
      ['0031003', 77099, 'Хлеб, вторая строка', 41, day(1)],
    ]);
  const newer = () =>
    book([
      HEADER,
      ['0031000', 77000, 'Молоко', 12050, day(1)],
      ['0031001', 77001, 'Кефир', 80, day(8)],
      ['0031004', 77004, 'Сметана', 95, day(8)],
      ['0031003', 77003, 'Хлеб', 19, day(1)],
      ['0031003', 77003, 'Хлеб, вторая строка', 22, day(1)],
    ]);

  it('every field: rows, codes added and removed, each changed value with its %, duplicates, jumps, the settings applied', async () => {
    const diff = await diffPriceVersions(await older(), await newer(), settings(1, 2, [4, 5]));
    const milk = { code: '0031000', column: 4, header: 'Цена', was: 120.5, now: 12050, pct: 9900 };
    const bread = { code: '0031003', column: 4, header: 'Цена', was: 40, now: 19, pct: -52.5 };
    expect(diff).toEqual({
      rowsBefore: 5,
      rowsAfter: 5,
      added: ['0031004'],
      addedTotal: 1,
      removed: ['0031002'],
      removedTotal: 1,
      changed: [milk, { code: '0031001', column: 5, header: 'Поставка', was: '01.02.2025', now: '08.02.2025', pct: null }, bread],
      changedTotal: 3,
      headerChanges: [],
      matched: 3,
      changedCodes: 3,
      duplicates: { before: 1, after: 1 },
      // ×100 is past the last bucket; 40 → 19 fell by 110.5 % measured as a rise is (40 / 19 = 2.105).
      jumps: { up: { '1000': 1 }, down: { '110': 1 }, largestUp: milk, largestDown: bread },
      settings: { keyColumns: { ma: 1, gm: 2 }, valueColumns: [4, 5], headers: { '1': 'Код МА', '2': 'Код ГМ', '4': 'Цена', '5': 'Поставка' } },
    });
    // As GET …/versions/{id}/diff will answer it.
    expect(RESPONSE_SCHEMAS.PriceListDiff.parse(diff)).toEqual(diff);
  });

  it('reads a CSV against a workbook, codes matched as an export matches them: leading zeros, case, spaces, look-alike letters', async () => {
    const before = csv(['Код МА;Код ГМ;Цена;Поставка', '0031000;77000;120,50;01.02.2025', 'gm-77005 ;;10;01.02.2025', 'АВ-1;;5;01.02.2025']);
    const after = await book([
      ['Код МА', 'Код ГМ', 'Цена', 'Поставка'],
      [31000, 77000, 120.5, day(1)],
      [' GM-77005', null, 10, day(1)],
      ['ab-1', null, 7.5, day(1)],
    ]);
    const diff = await diffPriceVersions(before, after, settings(1, 2, [3, 4]));
    expect(diff).toMatchObject({ rowsBefore: 3, rowsAfter: 3, added: [], removed: [], matched: 3, changedCodes: 1 });
    // The code as the newer version writes it; the date written as text in the CSV is the same date.
    expect(diff.changed).toEqual([{ code: 'ab-1', column: 3, header: 'Цена', was: 5, now: 7.5, pct: 50 }]);
  });

  it('a row whose MA code changed is found by its GM code; texts compare trimmed; a number that became text is a change', async () => {
    const before = csv(['Код МА;Код ГМ;Цена;Страна', 'A-1;500;10;Россия', 'A-2;501;20;Беларусь']);
    const after = csv(['Код МА;Код ГМ;Цена;Страна', 'A-1-NEW;500;10; Россия ', 'A-2;501;по запросу;Беларусь']);
    const diff = await diffPriceVersions(before, after, settings(1, 2, [3, 4]));
    expect(diff).toMatchObject({ added: [], removed: [], matched: 2, changedCodes: 1 });
    expect(diff.changed).toEqual([{ code: 'A-2', column: 3, header: 'Цена', was: 20, now: 'по запросу', pct: null }]);
  });

  it('only a GM column: codes by GM; rows with no code (category rows, totals) are not rows of the list', async () => {
    const before = csv(['Код ГМ;Наименование;Цена', ';Молочное;', '500;Молоко;10', '501;Кефир;20', ';Итого;30']);
    const after = csv(['Код ГМ;Наименование;Цена', '500;Молоко;11', ';Бакалея;', '502;Мука;5']);
    const diff = await diffPriceVersions(before, after, settings(0, 1, [3]));
    expect(diff).toMatchObject({ rowsBefore: 2, rowsAfter: 2, added: ['502'], removed: ['501'], matched: 1, changedTotal: 1 });
  });

  it('cuts every list at 500 and keeps the totals whole', async () => {
    const rows = (from: number, to: number, price: number) => Array.from({ length: to - from + 1 }, (_, k) => `${String(from + k).padStart(7, '0')};${price}`);
    const before = csv(['Код;Цена', ...rows(1, 1200, 10)]);
    const after = csv(['Код;Цена', ...rows(601, 1800, 12)]);
    const diff = await diffPriceVersions(before, after, settings(1, 0, [2]));
    expect(diff).toMatchObject({ rowsBefore: 1200, rowsAfter: 1200, addedTotal: 600, removedTotal: 600, changedTotal: 600, matched: 600, changedCodes: 600 });
    expect([diff.added.length, diff.removed.length, diff.changed.length]).toEqual([500, 500, 500]);
    expect([diff.added[0], diff.added[499], diff.removed[0], diff.removed[499]]).toEqual(['0001201', '0001700', '0000001', '0000500']);
    expect(diff.changed[499]).toEqual({ code: '0001100', column: 2, header: 'Цена', was: 10, now: 12, pct: 20 });
    expect(diff.jumps).toEqual({ up: { '19': 600 }, down: {}, largestUp: diff.changed[0], largestDown: null });
  });

  it('follows a column that moved, compares one renamed to a header of its kind, and leaves out one that is gone', async () => {
    const before = csv(['Код МА;Наименование;Цена с НДС;Цена без НДС;Остаток', '1;Молоко;120;100;5']);
    // A column was inserted before the prices, and the stock column renamed to something else.
    const after = csv(['Код МА;Наименование;Бренд;Цена с НДС;Стоимость без НДС;Склад', '1;Молоко;Луг;132;110;7']);
    const diff = await diffPriceVersions(before, after, settings(1, 0, [3, 4, 5]));
    expect(diff.headerChanges).toEqual([
      { column: 3, was: 'Цена с НДС', now: 'Бренд', movedTo: 4, missing: false },
      { column: 4, was: 'Цена без НДС', now: 'Цена с НДС', movedTo: 5, missing: false },
      { column: 5, was: 'Остаток', now: 'Стоимость без НДС', missing: true },
    ]);
    expect(diff.changed).toEqual([
      { code: '1', column: 3, header: 'Цена с НДС', was: 120, now: 132, pct: 10 },
      { code: '1', column: 4, header: 'Цена без НДС', was: 100, now: 110, pct: 10 },
    ]);
    // What the next comparison starts from once this version is accepted: the prices where they went, the stock left out.
    expect(diff.settings).toEqual({ keyColumns: { ma: 1, gm: 0 }, valueColumns: [4, 5], headers: { '1': 'Код МА', '4': 'Цена с НДС', '5': 'Стоимость без НДС' } });
    expect(guardVersion(diff).map((r) => r.message)).toEqual([
      'Изменились значения у 100\u00a0% позиций (1 из 1)',
      'Колонка «Цена с НДС» перемещена из C в D',
      'Колонка «Цена без НДС» перемещена из D в E',
      'Колонка «Остаток» не найдена',
    ]);

    const renamed = await diffPriceVersions(csv(['Код;Цена', '1;10']), csv(['Код;Стоимость', '1;11']), settings(1, 0, [2]));
    expect(renamed.headerChanges).toEqual([{ column: 2, was: 'Цена', now: 'Стоимость', missing: false }]);
    expect(renamed.changed).toHaveLength(1);
    expect(guardVersion(renamed).map((r) => r.code)).toEqual(['many-changed']);
  });

  it('a key column gone: no code is found in the newer version, and the guard names it', async () => {
    const diff = await diffPriceVersions(csv(['Код МА;Цена', '1;10', '2;20']), csv(['Товар;Цена', 'Молоко;10', 'Кефир;20']), settings(1, 0, [2]));
    expect(diff).toMatchObject({ rowsBefore: 2, rowsAfter: 0, removedTotal: 2, headerChanges: [{ column: 1, was: 'Код МА', now: 'Товар', missing: true }] });
    expect(guardVersion(diff).map((r) => r.message)).toEqual(['Строк стало меньше на 100\u00a0% (было 2, стало 0)', 'Колонка «Код МА» не найдена']);
  });

  it('the headers the settings remember: a column found where it moved in the older version is no change when the newer keeps it there', async () => {
    const before = csv(['Код;Наименование;Цена', '1;Молоко;10']);
    const after = csv(['Код;Наименование;Цена', '1;Молоко;11']);
    const diff = await diffPriceVersions(before, after, settings(1, 0, [2], { '1': 'Код', '2': 'Цена' }));
    expect(diff.headerChanges).toEqual([]);
    expect(diff.changed).toEqual([{ code: '1', column: 3, header: 'Цена', was: 10, now: 11, pct: 10 }]);
    expect(diff.settings.valueColumns).toEqual([3]);
  });

  it('finds the header under title rows and with a merged group title above it, as the column picker does', async () => {
    const rows = (price: number): CellInput[][] => [
      ['Прайс-лист ООО «Ромашка»'],
      [],
      [null, null, 'Цены поставщика'],
      ['Код', 'Наименование', 'Цена', 'Цена опт'],
      ['A-1', 'Молоко', price, 40],
    ];
    const merged = (price: number) =>
      buildWorkbook([{ name: 'Прайс', rows: rows(price), setup: (ws) => (ws.mergeCells('A1:D1'), ws.mergeCells('C3:D3')) }]);
    const diff = await diffPriceVersions(await merged(49.9), await merged(52), settings(1, 0, [3]));
    expect(diff).toMatchObject({ rowsBefore: 1, rowsAfter: 1, matched: 1, headerChanges: [] });
    expect(diff.changed).toEqual([{ code: 'A-1', column: 3, header: 'Цены поставщика / Цена', was: 49.9, now: 52, pct: 4.2 }]);
  });

  it('reads a version again when its merged cells, which follow the rows, change where a compared column is', async () => {
    // A two-row header: `Код` merged down over both rows, `Цены` over the two price columns.
    const version = (wholesale: number) =>
      buildWorkbook([
        {
          name: 'Данные',
          rows: [['Код', 'Цены'], [null, 'Опт', 'Розница'], ['A-1', wholesale, 60], ['A-2', 30, 45]],
          setup: (ws) => (ws.mergeCells('A1:A2'), ws.mergeCells('B1:C1')),
        },
      ]);
    // Without the merges row 2 has no `Код`: the key column would be taken for gone.
    const timings: Record<string, number> = {};
    const diff = await diffPriceVersions(await version(40), await version(44), settings(1, 0, [2], { '1': 'Код', '2': 'Опт' }), { timings });
    expect(Object.keys(timings)).toEqual(['heads', 'read', 'reread', 'compare']);
    expect(diff).toMatchObject({ rowsBefore: 2, rowsAfter: 2, matched: 2, headerChanges: [] });
    expect(diff.changed).toEqual([{ code: 'A-1', column: 2, header: 'Опт', was: 40, now: 44, pct: 10 }]);
    expect(diff.settings.headers).toEqual({ '1': 'Код', '2': 'Цены / Опт' });
  });

  it('reads texts kept in the sheet (inline strings) as it reads shared ones', async () => {
    const inline = (price: string) =>
      minimalXlsx({ rows: `<row r="1">${inlineCell('A1', 'Код')}${inlineCell('B1', 'Цена')}</row><row r="2">${inlineCell('A2', '0031000')}<c r="B2"><v>${price}</v></c></row>` });
    const shared = await book([['Код', 'Цена'], ['0031000', 10]]);
    const diff = await diffPriceVersions(shared, inline('10.5'), settings(1, 0, [2]));
    expect(diff.changed).toEqual([{ code: '0031000', column: 2, header: 'Цена', was: 10, now: 10.5, pct: 5 }]);
  });

  it('a version with no rows under its header: every code removed', async () => {
    const diff = await diffPriceVersions(csv(['Код;Цена', '1;10', '2;20']), csv(['Код;Цена']), settings(1, 0, [2]));
    expect(diff).toMatchObject({ rowsBefore: 2, rowsAfter: 0, removed: ['1', '2'], matched: 0, changedTotal: 0 });
  });

  it('refuses a file it cannot read with the engine error of a price list', async () => {
    await expect(diffPriceVersions(csv(['Код;Цена', '1;10']), fixtureBytes('real/BadWorkbook.xlsx'), settings(1, 0, [2]))).rejects.toMatchObject({ name: 'EngineError', kind: 'price' });
  });

  describe('snapshots: a version kept as the diff that brought it in read it', () => {
    const week = (prices: number[], extra: CellInput[][] = []) =>
      book([['Код МА', 'Код ГМ', 'Наименование', 'Цена', 'Страна'], ...prices.map((p, i): CellInput[] => [`00${i}`, 500 + i, `Товар ${i}`, p, i % 2 ? 'Россия' : 'Беларусь']), ...extra]);
    const s = settings(1, 2, [4, 5]);

    it('the next diff takes the older version from its snapshot, without its file, and finds what reading the file finds', async () => {
      const [w1, w2, w3] = [await week([10, 20, 30]), await week([10, 21, 30], [['T-1', 900, 'Новый', 5, 'Китай']]), await week([11, 21], [['T-1', 900, 'Новый', 6, 'Китай']])];
      const path = join(dir, 'w2.snapshot');
      await diffPriceVersions(w1, w2, s, { snapshotTo: path });
      const fromFile = await diffPriceVersions(w2, w3, s);
      const fromSnapshot = await diffPriceVersions(Buffer.from('not read'), w3, s, { olderSnapshot: readFileSync(path) });
      expect(fromSnapshot).toEqual(fromFile);
      expect(fromFile).toMatchObject({ removed: ['002'], matched: 3, changedTotal: 2 });
    });

    it("a list's first version kept alone serves the next diff as a diff's snapshot does", async () => {
      const [w1, w2] = [await week([10, 20, 30]), await week([10, 21], [['T-1', 900, 'Новый', 5, 'Китай']])];
      const path = join(dir, 'first.snapshot');
      await keepPriceVersion(w1, s, path);
      const fromFile = await diffPriceVersions(w1, w2, s);
      expect(await diffPriceVersions(Buffer.from('not read'), w2, s, { olderSnapshot: readFileSync(path) })).toEqual(fromFile);
      expect(fromFile).toMatchObject({ removed: ['002'], added: ['T-1'], matched: 2, changedTotal: 1 });
      const csvPath = join(dir, 'first-csv.snapshot');
      await keepPriceVersion(csv(['Код;Цена', '1;10', '2;20']), settings(1, 0, [2]), csvPath);
      const next = csv(['Код;Цена', '1;11']);
      expect(await diffPriceVersions(Buffer.from('not read'), next, settings(1, 0, [2]), { olderSnapshot: readFileSync(csvPath) })).toEqual(
        await diffPriceVersions(csv(['Код;Цена', '1;10', '2;20']), next, settings(1, 0, [2])),
      );
    });

    it('a first version it cannot read is refused as a diff refuses it', async () => {
      await expect(keepPriceVersion(fixtureBytes('real/BadWorkbook.xlsx'), s, join(dir, 'bad.snapshot'))).rejects.toMatchObject({ name: 'EngineError', kind: 'price' });
    });

    it('a snapshot of other columns, or no snapshot at all, is passed over: the file is read', async () => {
      const [w1, w2] = [await week([10, 20]), await week([10, 22])];
      const path = join(dir, 'other.snapshot');
      await diffPriceVersions(w1, w1, settings(1, 2, [4]), { snapshotTo: path });
      const expected = await diffPriceVersions(w1, w2, s);
      expect(await diffPriceVersions(w1, w2, s, { olderSnapshot: readFileSync(path) })).toEqual(expected);
      expect(await diffPriceVersions(w1, w2, s, { olderSnapshot: Buffer.from('PEVT garbage') })).toEqual(expected);
    });
  });

  describe('diff.xlsx: every change, and the codes added and removed', () => {
    it('one row per change (code, column, was, now, Δ %), then the added and the removed codes with their values', async () => {
      const path = join(dir, 'diff.xlsx');
      await diffPriceVersions(await older(), await newer(), settings(1, 2, [4, 5]), { xlsx: path });
      const wb = await readWorkbook(readFileSync(path));
      expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Изменения', 'Добавлены', 'Удалены']);
      const values = (name: string) => wb.getWorksheet(name)!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
      expect(values('Изменения')).toEqual([
        ['Код', 'Колонка', 'Было', 'Стало', 'Δ %'],
        ['0031000', 'D — Цена', 120.5, 12050, 9900],
        ['0031001', 'E — Поставка', new Date(Date.UTC(2025, 1, 1)), new Date(Date.UTC(2025, 1, 8))],
        ['0031003', 'D — Цена', 40, 19, -52.5],
      ]);
      expect(wb.getWorksheet('Изменения')!.getCell('E2').numFmt).toBe('0.0');
      expect(wb.getWorksheet('Изменения')!.getCell('C3').numFmt).toBe('mm-dd-yy');
      expect(values('Добавлены')).toEqual([['Код', 'D — Цена', 'E — Поставка'], ['0031004', 95, new Date(Date.UTC(2025, 1, 8))]]);
      expect(values('Удалены')).toEqual([['Код', 'D — Цена', 'E — Поставка'], ['0031002', 300, new Date(Date.UTC(2025, 1, 1))]]);
    });

    it('holds every change of a long list, written in pieces', async () => {
      const note = (k: number, changed: boolean) => (changed && k % 1000 === 0 ? 'новый & <текст>' : `текст ${k}`);
      const rows = (price: (k: number) => number, changed: boolean) => Array.from({ length: 12_000 }, (_, k) => `${k};${price(k)};${note(k, changed)}`);
      const before = csv(['Код;Цена;Примечание', ...rows(() => 1, false)]);
      const after = csv(['Код;Цена;Примечание', ...rows((k) => 2 + (k % 10), true)]);
      const path = join(dir, 'long.xlsx');
      const diff = await diffPriceVersions(before, after, settings(1, 0, [2, 3]), { xlsx: path });
      // ~1.3 MB of sheet XML: five deflated pieces joined.
      expect(diff.changedTotal).toBe(12_012);
      const sheet = (await readWorkbook(readFileSync(path))).getWorksheet('Изменения')!;
      expect(sheet.rowCount).toBe(12_013);
      const row = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
      expect([row(2), row(3)]).toEqual([
        ['0', 'B — Цена', 1, 2, 100],
        ['0', 'C — Примечание', 'текст 0', 'новый & <текст>'],
      ]);
      expect(row(12_013)).toEqual(['11999', 'B — Цена', 1, 11, 1000]);
    });

    const itLo = hasLibreOffice() ? it : it.skip;
    itLo('opens in LibreOffice', async () => {
      const path = join(dir, 'lo.xlsx');
      await diffPriceVersions(await older(), await newer(), settings(1, 2, [4, 5]), { xlsx: path });
      const sheets = (await libreOfficeSheets(new Map([['lo.xlsx', readFileSync(path)]]))).get('lo.xlsx')!;
      expect(sheets.get('Изменения')).toEqual([
        ['Код', 'Колонка', 'Было', 'Стало', 'Δ %'],
        ['0031000', 'D — Цена', '120.5', '12050', '9900'],
        ['0031001', 'E — Поставка', '02/01/2025', '02/08/2025', ''],
        ['0031003', 'D — Цена', '40', '19', '-52.5'],
      ]);
      expect(sheets.get('Удалены')?.[1]?.[0]).toBe('0031002');
    }, 120_000);

    it('no file without the option', async () => {
      const path = join(dir, 'none.xlsx');
      await diffPriceVersions(csv(['Код;Цена', '1;10']), csv(['Код;Цена', '1;11']), settings(1, 0, [2]));
      expect(existsSync(path)).toBe(false);
    });
  });
});
