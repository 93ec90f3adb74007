import { groupDigits, formatDiffValue, guardVersion, jumpFactorText, jumpsAbove } from './price-list-guard';
import { GUARD_DEFAULTS, type DiffChange, type PriceListDiff } from './price-list.contract';
import { compareSettingsSchema, guardThresholdsSchema } from './price-list.schemas';
import { parseRussian } from './schemas';

const NB = '\u00a0';

/** A diff within every default threshold; each test changes what it needs. */
function diff(over: Partial<PriceListDiff> = {}): PriceListDiff {
  return {
    rowsBefore: 100_000,
    rowsAfter: 100_000,
    added: [],
    addedTotal: 0,
    removed: [],
    removedTotal: 0,
    changed: [],
    changedTotal: 0,
    headerChanges: [],
    matched: 100_000,
    changedCodes: 0,
    duplicates: { before: 0, after: 0 },
    jumps: { up: {}, down: {}, largestUp: null, largestDown: null },
    settings: { keyColumns: { ma: 2, gm: 0 }, valueColumns: [6] },
    ...over,
  };
}

const change = (code: string, was: number, now: number): DiffChange => ({ code, column: 6, header: 'Цена с НДС', was, now, pct: Math.round(((now - was) / was) * 1000) / 10 });

describe('guardVersion: why a new version is held (DESIGN §16)', () => {
  it('holds nothing within the thresholds, at the thresholds themselves included', () => {
    expect(guardVersion(diff())).toEqual([]);
    const atEdges = diff({
      rowsAfter: 80_000,
      matched: 80_000,
      changedCodes: 40_000,
      // 400 codes of 80,000 are exactly 0.5 %; jumps of exactly 100 % (2×) are no jump.
      jumps: { up: { '100': 300, '99': 5_000 }, down: { '150': 100 }, largestUp: change('1', 1, 2.01), largestDown: change('2', 10, 4) },
    });
    expect(guardVersion(atEdges)).toEqual([]);
  });

  it('rows-dropped: `Строк стало меньше на 35 % (было 100 000, стало 65 000)`', () => {
    expect(guardVersion(diff({ rowsAfter: 65_000, matched: 65_000 }))).toEqual([
      { code: 'rows-dropped', message: `Строк стало меньше на 35${NB}% (было 100${NB}000, стало 65${NB}000)` },
    ]);
    // Just past the threshold, the percentage is not rounded down to it.
    expect(guardVersion(diff({ rowsAfter: 79_960, matched: 79_960 }))[0].message).toBe(`Строк стало меньше на 20,04${NB}% (было 100${NB}000, стало 79${NB}960)`);
  });

  it('many-changed: more than half of the codes in both versions changed a value', () => {
    expect(guardVersion(diff({ matched: 50_000, changedCodes: 31_000 }))).toEqual([
      { code: 'many-changed', message: `Изменились значения у 62${NB}% позиций (31${NB}000 из 50${NB}000)` },
    ]);
  });

  it('price-jump: `Цена выросла более чем вдвое у 1 240 позиций (например, 0031000: 120,50 → 12 050,00)`, and one for the falls', () => {
    const jumps = { up: { '1000': 1_000, '150': 240, '100': 0 }, down: { '110': 21 }, largestUp: change('0031000', 120.5, 12_050), largestDown: change('0031003', 40, 19) };
    expect(guardVersion(diff({ jumps }))).toEqual([
      { code: 'price-jump', message: `Цена выросла более чем вдвое у 1${NB}240 позиций (например, 0031000: 120,50 → 12${NB}050,00)` },
      { code: 'price-jump', message: 'Цена упала более чем вдвое у 21 позиции (например, 0031003: 40,00 → 19,00)' },
    ]);
  });

  it('price-jump counts the codes past the list\'s own threshold, and says how far', () => {
    const jumps = { up: { '150': 400, '250': 300 }, down: {}, largestUp: change('7', 1, 4), largestDown: null };
    // 700 codes rose by more than 100 %, 300 by more than 200 %: 0.7 % and 0.3 % of 100,000.
    expect(guardVersion(diff({ jumps })).map((r) => r.message)).toEqual([`Цена выросла более чем вдвое у 700 позиций (например, 7: 1,00 → 4,00)`]);
    expect(guardVersion(diff({ jumps }), { ...GUARD_DEFAULTS, maxJumpPct: 200 })).toEqual([]);
    expect(guardVersion(diff({ jumps, matched: 50_000 }), { ...GUARD_DEFAULTS, maxJumpPct: 200 })[0].message).toBe('Цена выросла более чем втрое у 300 позиций (например, 7: 1,00 → 4,00)');
  });

  it('column-missing: a compared column gone or moved', () => {
    const headerChanges = [
      { column: 6, was: 'Цена с НДС', now: 'Цена без НДС', missing: true },
      { column: 7, was: 'Остаток', now: 'Бренд', movedTo: 8, missing: false },
      { column: 9, was: 'Цена', now: 'Стоимость', missing: false },
    ];
    expect(guardVersion(diff({ headerChanges }))).toEqual([
      { code: 'column-missing', message: 'Колонка «Цена с НДС» не найдена' },
      { code: 'column-missing', message: 'Колонка «Остаток» перемещена из G в H' },
    ]);
  });

  it('all of them at once, in the order of the design', () => {
    const reasons = guardVersion(
      diff({
        rowsAfter: 40_000,
        matched: 40_000,
        changedCodes: 39_000,
        jumps: { up: { '1000': 39_000 }, down: {}, largestUp: change('1', 1, 100), largestDown: null },
        headerChanges: [{ column: 6, was: 'Цена', now: '', missing: true }],
      }),
    );
    expect(reasons.map((r) => r.code)).toEqual(['rows-dropped', 'many-changed', 'price-jump', 'column-missing']);
  });

  it('a list with no codes before or none in both holds only for what it can judge', () => {
    expect(guardVersion(diff({ rowsBefore: 0, rowsAfter: 10, matched: 0 }))).toEqual([]);
    expect(guardVersion(diff({ rowsAfter: 0, matched: 0 })).map((r) => r.code)).toEqual(['rows-dropped']);
  });
});

describe('the guard\'s words and numbers', () => {
  it('jumpFactorText: the factor a threshold means, as Russian says it', () => {
    expect([100, 200, 300, 900, 50, 150, 1900, 2100, 400].map(jumpFactorText)).toEqual(['вдвое', 'втрое', 'вчетверо', 'вдесятеро', 'в 1,5 раза', 'в 2,5 раза', 'в 20 раз', 'в 22 раза', 'впятеро']);
  });

  it('jumpsAbove: bucket b holds jumps of more than b and at most b + 1 percent', () => {
    const histogram = { '99': 1, '100': 2, '101': 4, '1000': 8 };
    expect([jumpsAbove(histogram, 99), jumpsAbove(histogram, 100), jumpsAbove(histogram, 101), jumpsAbove(histogram, 1000)]).toEqual([15, 14, 12, 8]);
  });

  it('numbers with no-break spaces and a decimal comma; an empty value said so', () => {
    expect([groupDigits(1_240), groupDigits(100_000), groupDigits(999)]).toEqual([`1${NB}240`, `100${NB}000`, '999']);
    expect([formatDiffValue(12_050), formatDiffValue(0.125), formatDiffValue('по запросу'), formatDiffValue(null)]).toEqual([`12${NB}050,00`, '0,125', 'по запросу', 'пусто']);
  });
});

describe('compare and guard settings as PATCH takes them', () => {
  const message = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('compareSettingsSchema: at least one key column; value columns sorted, repeats and key columns dropped', () => {
    expect(parseRussian(compareSettingsSchema, { keyColumns: { ma: 2, gm: 0 }, valueColumns: [7, 6, 7, 2], headers: { '6': ' Цена ', '7': '' } }).data).toEqual({
      keyColumns: { ma: 2, gm: 0 },
      valueColumns: [6, 7],
      headers: { '6': 'Цена' },
    });
    expect(message(parseRussian(compareSettingsSchema, { keyColumns: { ma: 0, gm: 0 }, valueColumns: [] }))).toEqual(['keyColumns: укажите колонку кода МА или ГМ']);
    expect(message(parseRussian(compareSettingsSchema, { keyColumns: { ma: -1, gm: 3 }, valueColumns: [] }))).toEqual(['keyColumns.ma: ожидается номер колонки от 0 до 16384']);
    expect(message(parseRussian(compareSettingsSchema, { keyColumns: { ma: 1, gm: 0 }, valueColumns: [0] }))).toEqual(['valueColumns.0: ожидается номер колонки от 1 до 16384']);
    expect(message(parseRussian(compareSettingsSchema, { keyColumns: { ma: 1, gm: 0 }, valueColumns: 'F' }))).toEqual(['valueColumns: ожидается список номеров колонок']);
    expect(message(parseRussian(compareSettingsSchema, { keyColumns: { ma: 1, gm: 0 }, valueColumns: Array.from({ length: 101 }, (_, i) => i + 2) }))).toEqual(['valueColumns: не больше 100 колонок']);
    expect(message(parseRussian(compareSettingsSchema, { keyColumns: { ma: 1, gm: 0 }, valueColumns: [], headers: { F: 'Цена' } }))).toEqual(['headers.F: ожидается номер колонки от 1 до 16384']);
  });

  it('guardThresholdsSchema: whole percentages in range, each part optional', () => {
    expect(parseRussian(guardThresholdsSchema, { maxJumpPct: 300 }).data).toEqual({ maxJumpPct: 300 });
    expect(message(parseRussian(guardThresholdsSchema, { maxRowDropPct: 101 }))).toEqual(['maxRowDropPct: ожидается целое число процентов от 0 до 100']);
    expect(message(parseRussian(guardThresholdsSchema, { maxChangedPct: 12.5 }))).toEqual(['maxChangedPct: ожидается целое число процентов от 0 до 100']);
    expect(message(parseRussian(guardThresholdsSchema, { maxJumpPct: 5 }))).toEqual(['maxJumpPct: ожидается целое число процентов от 10 до 1000']);
  });
});
