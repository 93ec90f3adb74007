import type { Mapping } from './task.contract';
import { fixMoves, headerChanges, repointHeaders, repointMapping, type HeaderChange } from './header-guard';

const cols = (...headers: string[]) => headers.map((header, i) => ({ index: i + 1, header }));
const RULES: Mapping = {
  manualMapping: { ma: 1, gm: 0, name: 2, minQty: 0, step: 0 },
  priceToTemplate: { '8': 6, '9': 7 },
  priceKeys: { ma: 3, gm: 0 },
};

describe('headerChanges', () => {
  it('reports a changed header with the one column the remembered one moved to', () => {
    expect(headerChanges('template', { '2': 'Цена с НДС' }, cols('Код', 'Цена без НДС', 'Цена с НДС'))).toEqual([
      { file: 'template', column: 2, now: 'Цена без НДС', expected: 'Цена с НДС', movedTo: 3 },
    ]);
  });

  it('takes a matching header (units, punctuation) as no change, and says nothing without a header row', () => {
    expect(headerChanges('price', { '2': 'Цена руб' }, cols('Код', 'Цена, руб.'))).toEqual([]);
    expect(headerChanges('price', { '2': 'Цена' }, cols('', ''))).toEqual([]);
  });

  it('reports a synonym as a change: another price may stand there now', () => {
    expect(headerChanges('template', { '2': 'Цена закупки, руб.' }, cols('Код', 'Цена без НДС'))).toEqual([
      { file: 'template', column: 2, now: 'Цена без НДС', expected: 'Цена закупки, руб.' },
    ]);
  });
});

describe('fixMoves and the re-pointing of Исправить', () => {
  /** A column inserted before F: F→G and G→H, both remembered. */
  const inserted: HeaderChange[] = [
    { file: 'template', column: 6, now: 'Новая', expected: 'Цена с НДС', movedTo: 7 },
    { file: 'template', column: 7, now: 'Цена с НДС', expected: 'Остаток', movedTo: 8 },
  ];

  it('moves every shifted column of the file together, so no two rules land on one column', () => {
    const moves = fixMoves(inserted, { file: 'template', from: 6, to: 7 }, RULES);
    expect(moves).toEqual({ file: 'template', moves: new Map([[6, 7], [7, 8]]) });
    if (!moves || 'conflict' in moves) throw new Error('no moves');
    expect(repointMapping(RULES, moves).priceToTemplate).toEqual({ '8': 7, '9': 8 });
    expect(repointHeaders({ template: { '6': 'Цена с НДС', '7': 'Остаток', '1': 'Код' }, price: {} }, moves).template).toEqual({ '1': 'Код', '7': 'Цена с НДС', '8': 'Остаток' });
  });

  it('moves price sources and key columns for the price list', () => {
    const moves = fixMoves([{ file: 'price', column: 3, now: 'Склад', expected: 'Артикул', movedTo: 4 }], { file: 'price', from: 3, to: 4 }, RULES);
    if (!moves || 'conflict' in moves) throw new Error('no moves');
    expect(repointMapping(RULES, moves)).toEqual({ ...RULES, priceKeys: { ma: 4, gm: 0 } });
  });

  it('refuses a destination that a staying rule uses, and a fix the guard no longer sees', () => {
    const onlyFirst = [inserted[0]];
    expect(fixMoves(onlyFirst, { file: 'template', from: 6, to: 7 }, RULES)).toEqual({ conflict: 7 });
    expect(fixMoves(inserted, { file: 'template', from: 6, to: 9 }, RULES)).toBeNull();
    expect(fixMoves(inserted, { file: 'price', from: 6, to: 7 }, RULES)).toBeNull();
  });
});
