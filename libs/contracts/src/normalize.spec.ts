import { normalizeQty, parseQty } from './normalize';

describe('parseQty', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['1 000', 1000],
    ['1\u00a0000', 1000],
    ['1\u202f000\u202f000', 1_000_000],
    ['12 345 678', 12_345_678],
    ['', 1],
    ['   ', 1],
    ['0', 1],
    ['007', 7],
    [5, 5],
    [0, 1],
  ])('takes %j as %d', (input, expected) => {
    expect(parseQty(input)).toBe(expected);
  });

  it.each(['=1+1', '1+1', '1,5', '1.5', '12 шт', '-3', '1e3', '1  000', '1 00', '10 0000', '½', '١٢', '0x10'])('refuses %j', (input) => {
    expect(parseQty(input)).toBeNull();
  });

  it.each([-1, 1.5, Number.NaN, Infinity])('refuses the number %d', (input) => {
    expect(parseQty(input)).toBeNull();
  });
});

describe('normalizeQty (typing: a keystroke that is not a digit is dropped)', () => {
  it('keeps the digits, and empty or 0 is 1', () => {
    expect(normalizeQty('12a')).toBe(12);
    expect(normalizeQty('')).toBe(1);
    expect(normalizeQty('0')).toBe(1);
  });
});
