import { GUARD_DEFAULTS } from '@app/contracts';
import type { FileColumn, PriceList } from '@app/contracts';
import { settingsDraftOf, settingsRequestOf, suggestedColumns } from './settings-draft';

const list = {
  id: 'l1',
  name: 'Поставщик',
  version: 3,
  onNewVersion: 'none',
  deliver: false,
  compare: null,
  guard: GUARD_DEFAULTS,
} as unknown as PriceList;

const column = (index: number, header: string): FileColumn => ({ index, letter: String.fromCharCode(64 + index), header, samples: [] }) as FileColumn;
const columns = [column(1, 'Код МА'), column(2, 'Код ГМ'), column(3, 'Наименование'), column(4, 'Цена с НДС'), column(5, 'Остаток')];

describe('a price list’s settings form', () => {
  it('starts from the list: its thresholds as texts, compared by the tasks’ rules', () => {
    const draft = settingsDraftOf(list);
    expect(draft).toMatchObject({ onNewVersion: 'none', deliver: false, ownColumns: false, guard: { maxRowDropPct: '20', maxChangedPct: '50', maxJumpPct: '100' } });
    expect(settingsRequestOf(draft, null)).toEqual({ onNewVersion: 'none', deliver: false, guard: GUARD_DEFAULTS, compare: null });
  });

  it('own columns start from the headers of the current version: the code columns and the price', () => {
    const draft = suggestedColumns(settingsDraftOf(list), columns);
    expect(draft).toMatchObject({ ownColumns: true, ma: 1, gm: 2, values: [4] });
    expect(settingsRequestOf(draft, columns).compare).toEqual({ keyColumns: { ma: 1, gm: 2 }, valueColumns: [4], headers: { '1': 'Код МА', '2': 'Код ГМ', '4': 'Цена с НДС' } });
    // Nothing to tell by: one empty row to choose in.
    expect(suggestedColumns(settingsDraftOf(list), [column(1, 'Что-то')])).toMatchObject({ ownColumns: true, values: [0] });
  });

  it('sends the chosen columns once each with the headers they stand under, keeping a remembered one the file lacks', () => {
    const draft = { ...settingsDraftOf(list), ownColumns: true, ma: 1, gm: 0, values: [4, 0, 4, 9], headers: { '9': 'Цена опт' }, onNewVersion: 'generate' as const, deliver: true };
    expect(settingsRequestOf(draft, columns)).toMatchObject({
      onNewVersion: 'generate',
      deliver: true,
      compare: { keyColumns: { ma: 1, gm: 0 }, valueColumns: [4, 9], headers: { '1': 'Код МА', '4': 'Цена с НДС', '9': 'Цена опт' } },
    });
  });

  it('a threshold left empty keeps its value; the others are numbers', () => {
    const draft = { ...settingsDraftOf(list), guard: { maxRowDropPct: '35', maxChangedPct: '', maxJumpPct: '200' } };
    expect(settingsRequestOf(draft, null).guard).toEqual({ maxRowDropPct: 35, maxJumpPct: 200 });
  });
});
