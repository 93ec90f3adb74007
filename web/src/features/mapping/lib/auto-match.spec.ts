import type { FileColumn } from '@app/contracts';
import { autoMatch } from './auto-match';
import { filterColumns, rememberHeader } from './column-options';
import { prunedHeaders } from './rules-draft';
import type { RulesDraft } from './rules-draft';

const cols = (...headers: string[]): FileColumn[] =>
  headers.map((header, i) => ({ index: i + 1, letter: String.fromCharCode(65 + i), header, samples: [] }));

const pairsOf = (d: RulesDraft) => d.pairs.map((p) => [p.price, p.template]);

const draft = (over: Partial<RulesDraft> = {}): RulesDraft => ({
  manual: { ma: 0, gm: 0, name: 0, minQty: 0, step: 0 },
  pairs: [],
  keys: { ma: 0, gm: 0 },
  headers: { template: {}, price: {} },
  ...over,
});

describe('autoMatch (Подобрать по заголовкам)', () => {
  const price = cols('Код МА', 'Артикул', 'Наименование', 'Цена с НДС', 'Код ГМ');
  const template = cols('Код МА', 'Код ГМ', 'Артикул', 'Цена, руб. с НДС', 'Товар', 'Примечание');

  it('adds pairs for template columns that are no target yet, and the key columns from the manual code targets', () => {
    const start = draft({ manual: { ma: 1, gm: 2, name: 0, minQty: 0, step: 0 } });
    const { draft: out, filled } = autoMatch(start, price, template);
    expect(pairsOf(out)).toEqual([
      [2, 3],
      [4, 4],
      [3, 5],
    ]);
    expect(out.keys).toEqual({ ma: 1, gm: 5 });
    expect(out.manual).toEqual(start.manual);
    expect(filled).toEqual([
      'B — Артикул → C — Артикул',
      'D — Цена с НДС → D — Цена, руб. с НДС',
      'C — Наименование → E — Товар',
      'Колонка кода МА: A — Код МА',
      'Колонка кода ГМ: E — Код ГМ',
    ]);
    expect(out.headers.price).toEqual({ '1': 'Код МА', '2': 'Артикул', '3': 'Наименование', '4': 'Цена с НДС', '5': 'Код ГМ' });
    expect(out.headers.template).toEqual({ '3': 'Артикул', '4': 'Цена, руб. с НДС', '5': 'Товар' });
  });

  it('changes nothing the user set: existing targets, sources and keys stay', () => {
    const start = draft({
      manual: { ma: 1, gm: 0, name: 5, minQty: 0, step: 0 },
      pairs: [{ key: 1, price: 4, template: 6 }],
      keys: { ma: 2, gm: 0 },
    });
    const { draft: out, filled } = autoMatch(start, price, template);
    expect(pairsOf(out)).toEqual([
      [4, 6],
      [5, 2],
      [2, 3],
    ]);
    expect(out.keys).toEqual({ ma: 2, gm: 0 });
    expect(filled).toEqual(['E — Код ГМ → B — Код ГМ', 'B — Артикул → C — Артикул']);
  });
});

describe('column options and remembered headers', () => {
  it('searches labels and samples by every word, ё as е', () => {
    const list = [
      { index: 4, letter: 'D', header: 'Цена с НДС', samples: ['120,50'] },
      { index: 5, letter: 'E', header: 'Объём', samples: ['0,5 л'] },
    ];
    expect(filterColumns(list, 'цена').map((c) => c.index)).toEqual([4]);
    expect(filterColumns(list, 'объем').map((c) => c.index)).toEqual([5]);
    expect(filterColumns(list, 'e —').map((c) => c.index)).toEqual([5]);
    expect(filterColumns(list, '120').map((c) => c.index)).toEqual([4]);
  });

  it('remembers a picked column and forgets one without a header; a save keeps only used columns', () => {
    let headers = rememberHeader({ template: { '9': 'Старое' }, price: {} }, 'template', 2, cols('А', 'Цена'));
    expect(headers.template).toEqual({ '9': 'Старое', '2': 'Цена' });
    headers = rememberHeader(headers, 'template', 9, cols('А', 'Цена'));
    expect(headers.template).toEqual({ '2': 'Цена' });
    const pruned = prunedHeaders(draft({ manual: { ma: 0, gm: 0, name: 0, minQty: 0, step: 0 }, pairs: [{ key: 1, price: 3, template: 0 }], headers: { template: { '2': 'Цена' }, price: { '3': 'Арт', '4': 'Нет' } } }));
    expect(pruned).toEqual({ template: {}, price: {} });
  });
});
