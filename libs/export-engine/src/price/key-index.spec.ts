import { KeyIndex } from './key-index';

describe('KeyIndex: code → row, the first row of a code staying', () => {
  it('numbers and texts, the first row kept', () => {
    const index = new KeyIndex();
    expect([index.add(31000, 1), index.add('gm-77005', 2), index.add(31000, 3), index.add('gm-77005', 4), index.add(0, 5)]).toEqual([true, true, false, false, true]);
    expect([index.get(31000), index.get('gm-77005'), index.get(0), index.get(31001), index.get('31000')]).toEqual([1, 2, 5, -1, -1]);
    expect([index.has(0), index.has(7)]).toEqual([true, false]);
  });

  it('grows past its first size and keeps every code, 15-digit ones and codes a stride apart included', () => {
    const index = new KeyIndex(10);
    const codes = Array.from({ length: 50_000 }, (_, k) => (k % 2 ? 1_000_000 + 7 * k : 999_999_999_999_999 - k * 4_294_967_296));
    codes.forEach((c, row) => expect(index.add(c, row)).toBe(true));
    expect(codes.every((c, row) => index.get(c) === row)).toBe(true);
    expect(index.get(1_000_000 + 7 * 50_001)).toBe(-1);
  });
});
