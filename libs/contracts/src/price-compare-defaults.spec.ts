import { defaultCompareSettings, type FollowingTaskRules } from './price-compare-defaults';

const cols = (...headers: string[]) => headers.map((header, i) => ({ index: i + 1, header }));
const LIST = cols('Артикул', 'Код МА', 'Код ГМ', 'Наименование', 'Производитель', 'Цена', 'НДС', 'Штрихкод', 'Остаток', 'Цена опт', 'Дата поставки');

const task = (ma: number, gm: number, prices: number[], extra: Partial<FollowingTaskRules> = {}): FollowingTaskRules => ({
  mapping: { priceKeys: { ma, gm }, priceToTemplate: Object.fromEntries(prices.map((p, i) => [String(p), i + 5])) },
  ...extra,
});

describe('defaultCompareSettings: what the following tasks use (DESIGN §16)', () => {
  it('key columns by vote; of the columns the rules carry over, the prices; each with its header', () => {
    const tasks = [task(2, 3, [6, 7, 11]), task(2, 3, [6, 8, 10]), task(1, 3, [6])];
    expect(defaultCompareSettings(tasks, LIST)).toEqual({
      keyColumns: { ma: 2, gm: 3 },
      // НДС, Штрихкод and the delivery date change with no price changing: not compared.
      valueColumns: [6, 10],
      headers: { '2': 'Код МА', '3': 'Код ГМ', '6': 'Цена', '10': 'Цена опт' },
    });
  });

  it('a tie of votes goes to the leftmost column', () => {
    expect(defaultCompareSettings([task(2, 0, [6]), task(1, 0, [6])], LIST)?.keyColumns).toEqual({ ma: 1, gm: 0 });
  });

  it('finds a task\'s columns by the headers its rules were made against, where this list has them elsewhere', () => {
    const elsewhere = task(1, 0, [5], { priceHeaders: { '1': 'Код МА', '5': 'Цена' } });
    expect(defaultCompareSettings([elsewhere], LIST)).toMatchObject({ keyColumns: { ma: 2, gm: 0 }, valueColumns: [6] });
    // A remembered header this list does not have: the column where the rules say.
    const unknown = task(2, 0, [10], { priceHeaders: { '10': 'Цена закупки со скидкой' } });
    expect(defaultCompareSettings([unknown], LIST)?.valueColumns).toEqual([10]);
  });

  it('key columns the rules detect: the ones the task\'s last export used', () => {
    expect(defaultCompareSettings([task(0, 0, [6], { usedKeyColumns: { ma: 2, gm: 3 } })], LIST)?.keyColumns).toEqual({ ma: 2, gm: 3 });
  });

  it('when none of the carried columns is a price, all of them; never a key column', () => {
    expect(defaultCompareSettings([task(2, 0, [9, 2, 8])], LIST)?.valueColumns).toEqual([8, 9]);
  });

  it('with no task to tell: the МА and ГМ columns by their headers, else the first article column, and every price', () => {
    expect(defaultCompareSettings([], LIST)).toEqual({
      keyColumns: { ma: 2, gm: 3 },
      valueColumns: [6, 10],
      headers: { '2': 'Код МА', '3': 'Код ГМ', '6': 'Цена', '10': 'Цена опт' },
    });
    expect(defaultCompareSettings([], cols('Наименование', 'Код товара', 'Стоимость'))).toEqual({
      keyColumns: { ma: 2, gm: 0 },
      valueColumns: [3],
      headers: { '2': 'Код товара', '3': 'Стоимость' },
    });
    expect(defaultCompareSettings([task(0, 0, [6])], cols('Наименование', 'Цена'))).toBeNull();
  });
});
