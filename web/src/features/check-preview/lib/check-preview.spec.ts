import { CHANGES_LIST_MAX, CHECK_UI, CHECK_WARNING, CHECK_WARNING_CODES, CHECK_WARNINGS_PER_CODE, UI } from '@app/contracts';
import type { CheckWarning, ExportChanges, Mapping, Task } from '@app/contracts';
import { checkInputsKey } from './check-inputs';
import { CHANGED_LINES_MAX, anyChanges, changeLines, changesSummary, formatValue, matchText } from './check-text';
import { cellKey, cellWarnings, groupWarnings } from './warning-groups';

const changes: ExportChanges = {
  since: '2026-01-30T10:00:00.000Z',
  added: [3, 4],
  removed: ['A-7'],
  changed: [{ item: 2, column: 6, from: 30, to: 32.5 }, { item: 2, column: 7, from: 'шт', to: null }],
  lost: [0],
  counts: { added: 2, removed: 1, changed: 2, lost: 1 },
};

/** As the API sends a big change: each list cut at CHANGES_LIST_MAX, the counts exact. */
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
const big: ExportChanges = {
  since: changes.since,
  added: range(CHANGES_LIST_MAX),
  removed: range(CHANGES_LIST_MAX).map((i) => `R-${i}`),
  changed: range(CHANGES_LIST_MAX).map((i) => ({ item: i, column: 5, from: i, to: i + 1 })),
  lost: range(CHANGES_LIST_MAX, 1000),
  counts: { added: 500, removed: 230, changed: 9500, lost: 201 },
};

describe('check preview: changes since the last export', () => {
  it('counts them in one line for the history', () => {
    expect(changesSummary(changes)).toBe('+2 −1, изменено 2, не найдено теперь 1');
  });

  it('lists them with 1-based item numbers, column letters and old → new values', () => {
    expect(changeLines(changes).map((l) => l.text)).toEqual([
      'Добавлены позиции: 4, 5',
      'Удалены коды: A-7',
      'Позиция 3, колонка F: 30 → 32,5',
      `Позиция 3, колонка G: шт → ${CHECK_UI.emptyValue}`,
      'Не найдены теперь: позиции 1',
    ]);
    expect(changeLines(changes)[2].item).toBe(2);
  });

  it('cuts a long list of items', () => {
    const many = { ...changes, added: range(35), removed: [], changed: [], lost: [], counts: { added: 35, removed: 0, changed: 0, lost: 0 } };
    expect(changeLines(many)[0].text).toMatch(/, 30 …и ещё 5$/);
  });

  it('counts the history line from the exact counts, not the cut lists', () => {
    expect(changesSummary(big)).toBe(CHECK_UI.changesSummary(500, 230, 9500, 201));
    expect(changesSummary(big)).toBe('+500 −230, изменено 9500, не найдено теперь 201');
  });

  it('says how many more there are than a cut list shows, from the counts', () => {
    const lines = changeLines(big);
    expect(lines[0].text).toBe(CHECK_UI.added(`${range(30, 1).join(', ')} ${CHECK_UI.more(470)}`));
    expect(lines[0].text.endsWith('29, 30 …и ещё 470')).toBe(true);
    expect(lines[1].text).toBe(CHECK_UI.removed(`${range(30).map((i) => `R-${i}`).join(', ')} …и ещё 200`));
    const changed = lines.filter((l) => l.kind === 'changed');
    expect(changed).toHaveLength(CHANGED_LINES_MAX + 1);
    expect(changed[0].text).toBe(CHECK_UI.changed(1, 'E', '0', '1'));
    expect(changed.at(-1)).toEqual({ key: 'changed:more', kind: 'changed', text: CHECK_UI.moreChanged(9500 - CHANGED_LINES_MAX) });
    expect(changed.at(-1)!.text).toBe('…и ещё изменённых значений: 9400');
    expect(lines.at(-1)!.text).toMatch(/^Не найдены теперь: позиции 1001, 1002, .* …и ещё 171$/);
  });

  it('says how many changed values there are besides those the API sent', () => {
    const few = { ...changes, added: [], removed: [], lost: [], counts: { added: 0, removed: 0, changed: 300, lost: 0 } };
    expect(changeLines(few).map((l) => l.text)).toEqual([
      'Позиция 3, колонка F: 30 → 32,5',
      `Позиция 3, колонка G: шт → ${CHECK_UI.emptyValue}`,
      CHECK_UI.moreChanged(298),
    ]);
  });

  it('tells nothing changed from the counts, and reads a stored row without counts by its lists', () => {
    const none = { since: changes.since, added: [], removed: [], changed: [], lost: [], counts: { added: 0, removed: 0, changed: 0, lost: 0 } };
    expect(anyChanges(none)).toBe(false);
    expect(changeLines(none)).toEqual([]);
    expect(anyChanges(big)).toBe(true);
    const { counts: _counts, ...old } = changes;
    const legacy = old as ExportChanges;
    expect(anyChanges(legacy)).toBe(true);
    expect(changesSummary(legacy)).toBe('+2 −1, изменено 2, не найдено теперь 1');
  });
});

describe('check preview: rows and warnings', () => {
  it('says how a row was found, or that it was not', () => {
    expect(matchText({ status: 'found', by: 'ma', via: ['exact'] })).toBe('по коду МА: точно');
    expect(matchText({ status: 'found', by: 'gm', via: ['leading-zeros', 'look-alike'] })).toBe(
      'по коду ГМ: без ведущих нулей, похожие латинские и русские буквы',
    );
    expect(matchText({ status: 'missing', by: null, via: [] })).toBe(CHECK_UI.missing);
    expect(UI.unmatchedRow).toContain(CHECK_UI.missing);
  });

  it('shows values as they are read in Russian', () => {
    expect(formatValue(1234.5)).toBe('1234,5');
    expect(formatValue(true)).toBe(CHECK_UI.trueValue);
    expect(formatValue('')).toBe(CHECK_UI.emptyValue);
    expect(formatValue('01.02.2026')).toBe('01.02.2026');
  });

  const warnings: CheckWarning[] = [
    { code: 'duplicate-item', item: 0, message: 'Код 1 повторяется в позициях 1, 4' },
    { code: 'qty-not-multiple', item: 2, column: 4, message: 'Мин. кол-во 5 не кратно шагу 2' },
    { code: 'duplicate-item', item: 3, message: 'Код 1 повторяется в позициях 1, 4' },
    { code: 'header-changed', column: 6, message: 'Колонка F шаблона теперь «Цена»…', file: 'template' },
    { code: 'damaged-code', item: 1, column: 2, message: 'Код 1,23E+12 в прейскуранте испорчен Excel' },
  ];

  it('groups warnings by kind in the design order, with the counts of the whole task', () => {
    const groups = groupWarnings({ warnings, warningCounts: { 'duplicate-item': 2, 'qty-not-multiple': 1, 'header-changed': 1, 'damaged-code': 1, 'empty-price': 7 } });
    expect(groups.map((g) => [g.code, g.count, g.warnings.length])).toEqual([
      ['qty-not-multiple', 1, 1],
      ['duplicate-item', 2, 2],
      ['empty-price', 7, 0],
      ['damaged-code', 1, 1],
      ['header-changed', 1, 1],
    ]);
    expect(groups[0].label).toBe(CHECK_UI.warningGroups['qty-not-multiple']);
    expect(groups.map((g) => g.more)).toEqual([null, null, CHECK_UI.more(7), null, null]);
  });

  it('says how many more warnings a group has than it lists', () => {
    const sent: CheckWarning[] = range(CHECK_WARNINGS_PER_CODE).map((i) => ({ code: 'empty-price', item: i, column: 5, message: 'Пустая ячейка прейскуранта в колонке E' }));
    const layout: CheckWarning = { code: 'template-layout', message: 'Объединённые ячейки A5:C5 шаблона перекрывают строки выгрузки' };
    const [empty, ...rest] = groupWarnings({ warnings: [...sent, layout], warningCounts: { 'empty-price': 1234, 'template-layout': 1 } });
    expect([empty.code, empty.count, empty.warnings.length, empty.more]).toEqual(['empty-price', 1234, CHECK_WARNINGS_PER_CODE, '…и ещё 1034']);
    expect(rest).toEqual([
      { code: 'template-layout', label: CHECK_UI.warningGroups['template-layout'], count: 1, warnings: [layout], more: null },
    ]);
    // More sent than the page lists (an older API): the rest are told, not drawn.
    const flood = groupWarnings({ warnings: [...sent, ...sent], warningCounts: {} })[0];
    expect([flood.count, flood.warnings.length, flood.more]).toEqual([400, CHECK_WARNINGS_PER_CODE, CHECK_UI.more(200)]);
  });

  it('has a Russian label for every warning kind', () => {
    for (const label of Object.values(CHECK_UI.warningGroups)) expect(label).toMatch(/[А-Яа-яЁё]/);
    expect(Object.keys(CHECK_UI.warningGroups).sort()).toEqual([...CHECK_WARNING_CODES].sort());
  });

  it('groups the price list’s formulas without values after its damaged codes, under their own label', () => {
    const formula: CheckWarning = { code: 'formula-no-value', column: 5, message: CHECK_WARNING.formulaNoValue('E') };
    const groups = groupWarnings({ warnings: [formula, warnings[4]], warningCounts: { 'formula-no-value': 1, 'damaged-code': 1 } });
    expect(groups.map((g) => [g.code, g.label, g.count])).toEqual([
      ['damaged-code', 'Коды, испорченные Excel', 1],
      ['formula-no-value', 'Формулы без вычисленных значений', 1],
    ]);
    // About the file, not an item: no row of the preview is marked.
    expect(cellWarnings([formula]).size).toBe(0);
  });

  it('marks template cells, and the item itself where the column is the file’s', () => {
    const cells = cellWarnings(warnings);
    expect(cells.get(cellKey(2, 4))).toEqual(['Мин. кол-во 5 не кратно шагу 2']);
    expect(cells.get(cellKey(0))).toHaveLength(1);
    expect(cells.get(cellKey(1))).toEqual(['Код 1,23E+12 в прейскуранте испорчен Excel']);
    expect(cells.has(cellKey(1, 2))).toBe(false);
  });
});

describe('check preview: out of date', () => {
  const rules = { manualMapping: { ma: 1 }, priceToTemplate: { '4': 5 }, priceKeys: { ma: 1, gm: 2 } } as unknown as Mapping;
  const task: Pick<Task, 'files' | 'profileId' | 'mapping'> = {
    files: { price: { name: 'p.xlsx', size: 1, uploadedAt: '2026-01-30T10:00:00.000Z' }, template: null },
    profileId: 'p1',
    mapping: rules,
  };

  it('keeps the key for the same files, profile and rules, whatever order the rules come in', () => {
    const reordered = { priceKeys: { gm: 2, ma: 1 }, priceToTemplate: { '4': 5 }, manualMapping: { ma: 1 } } as unknown as Mapping;
    expect(checkInputsKey({ ...task, mapping: reordered })).toBe(checkInputsKey(task));
  });

  it('changes the key after an upload, another profile or other rules', () => {
    const key = checkInputsKey(task);
    const uploaded = { ...task, files: { ...task.files, price: { ...task.files.price!, uploadedAt: '2026-01-30T10:05:00.000Z' } } };
    const template = { ...task, files: { ...task.files, template: { name: 't.xlsx', size: 1, uploadedAt: '2026-01-30T10:06:00.000Z' } } };
    const profile = { ...task, profileId: 'p2' };
    const fixed = { ...task, mapping: { ...rules, priceToTemplate: { '4': 6 } } };
    for (const other of [uploaded, template, profile, fixed]) expect(checkInputsKey(other)).not.toBe(key);
  });
});
