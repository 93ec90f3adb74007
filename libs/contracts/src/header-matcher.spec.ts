import { findHeader, headersMatch, matchHeaders, normalizeHeader } from './header-matcher';

describe('normalizeHeader', () => {
  it('lower-cases, folds ё, punctuation and spaces, keeps ₽ and % apart', () => {
    expect(normalizeHeader('  Цена,руб.  (Ё-моё) ')).toBe('цена руб е мое');
    expect(normalizeHeader('НДС,%')).toBe('ндс %');
    expect(normalizeHeader('Цена₽')).toBe('цена ₽');
    expect(normalizeHeader('Цены поставщика / Цена с НДС')).toBe('цена с ндс');
  });
});

describe('headersMatch', () => {
  it.each([
    ['артикул', 'Код товара', 'Код', 'Арт.', 'SKU'],
    ['Штрихкод', 'Штрих-код', 'ШК', 'EAN', 'GTIN', 'Баркод'],
    ['Наименование', 'Название', 'Товар', 'Номенклатура'],
    ['Цена', 'Стоимость', 'Прайс', 'Цена, руб.', 'Цена закупки, ₽'],
    ['НДС', 'Ставка НДС', 'НДС, %'],
    ['Мин. заказ', 'Минимальный заказ', 'Мин. кол-во', 'Минимальная партия'],
    ['Кратность', 'Шаг', 'Квант', 'В упаковке'],
    ['Ед. изм.', 'Единица измерения'],
    ['Страна', 'Страна происхождения'],
    ['Срок годности', 'срок  годности'],
    ['Бренд', 'Торговая марка', 'ТМ'],
    ['Производитель', 'ПРОИЗВОДИТЕЛЬ'],
  ])('%s: every member matches every other', (...group) => {
    for (const a of group) for (const b of group) expect([a, b, headersMatch(a, b)]).toEqual([a, b, true]);
  });

  it('keeps the groups apart', () => {
    expect(headersMatch('Цена', 'НДС')).toBe(false);
    expect(headersMatch('Артикул', 'Штрихкод')).toBe(false);
    expect(headersMatch('Бренд', 'Производитель')).toBe(false);
    expect(headersMatch('Остаток', 'Цена')).toBe(false);
    expect(headersMatch('Остаток', 'остаток')).toBe(true);
  });

  it('never matches с НДС with без НДС, either with a plain price', () => {
    expect(headersMatch('Цена с НДС', 'Цена без НДС')).toBe(false);
    expect(headersMatch('Стоимость без НДС, руб.', 'Цена с НДС')).toBe(false);
    expect(headersMatch('Цена с НДС', 'Стоимость с НДС')).toBe(true);
    expect(headersMatch('Цена', 'Цена без НДС')).toBe(true);
    expect(headersMatch('Цена с НДС', 'Цена')).toBe(true);
  });
});

describe('findHeader and matchHeaders', () => {
  const price = [
    { index: 1, header: 'Артикул' },
    { index: 2, header: 'Код МА' },
    { index: 3, header: 'Код ГМ' },
    { index: 4, header: 'Наименование' },
    { index: 6, header: 'Цены поставщика / Цена с НДС' },
    { index: 7, header: 'Цены поставщика / Цена без НДС' },
    { index: 8, header: 'Штрихкод' },
  ];

  it('an equal header wins over synonyms', () => {
    expect(findHeader('код ма', price)).toBe(2);
    expect(findHeader('Код ГМ', price)).toBe(3);
  });

  it('makes no suggestion when several columns match, or none', () => {
    expect(findHeader('Цена', price)).toBeUndefined();
    expect(findHeader('Код товара', price)).toBeUndefined();
    expect(findHeader('Остаток', price)).toBeUndefined();
    expect(findHeader('', price)).toBeUndefined();
  });

  it('suggests one price column per template column where exactly one matches', () => {
    const template = [
      { index: 1, header: '№' },
      { index: 2, header: 'Код МА' },
      { index: 4, header: 'Наименование товара' },
      { index: 5, header: 'Цена закупки с НДС, руб.' },
      { index: 6, header: 'Цена' },
      { index: 8, header: 'ШК' },
    ];
    expect(matchHeaders(price, template)).toEqual([
      { template: 2, price: 2 },
      { template: 4, price: 4 },
      { template: 5, price: 6 },
      { template: 8, price: 8 },
    ]);
  });
});
