import { CHECK_UI, UI } from '@app/contracts';
import type { CheckWarning, ExportChanges } from '@app/contracts';
import { changeLines, changesSummary, formatValue, matchText } from './check-text';
import { cellKey, cellWarnings, groupWarnings } from './warning-groups';

const changes: ExportChanges = {
  since: '2026-01-30T10:00:00.000Z',
  added: [3, 4],
  removed: ['A-7'],
  changed: [{ item: 2, column: 6, from: 30, to: 32.5 }, { item: 2, column: 7, from: 'шт', to: null }],
  lost: [0],
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
    const many = { ...changes, added: Array.from({ length: 35 }, (_, i) => i), removed: [], changed: [], lost: [] };
    expect(changeLines(many)[0].text).toMatch(/, 30 …и ещё 5$/);
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
  });

  it('marks template cells, and the item itself where the column is the file’s', () => {
    const cells = cellWarnings(warnings);
    expect(cells.get(cellKey(2, 4))).toEqual(['Мин. кол-во 5 не кратно шагу 2']);
    expect(cells.get(cellKey(0))).toHaveLength(1);
    expect(cells.get(cellKey(1))).toEqual(['Код 1,23E+12 в прейскуранте испорчен Excel']);
    expect(cells.has(cellKey(1, 2))).toBe(false);
  });
});
