import { hasExponent, looksLikeExponent, lostLeadingZeros, mayBeExponentBytes } from './damaged-code';

describe('damaged-code', () => {
  it('knows codes in exponent form, as text and in a number cell', () => {
    for (const t of ['4.60700123457E+12', '4,60700123457E+12', ' 4,6E+12 ', '5e3', '-1.2E-05']) expect(looksLikeExponent(t)).toBe(true);
    for (const t of ['4607001234570', 'E+12', 'MA-1E5', '4.6E', 'Ель']) expect(looksLikeExponent(t)).toBe(false);
    expect(hasExponent('<v>4.6E+12</v>', 3, 10)).toBe(true);
    expect(hasExponent('4607001234570', -1, -1)).toBe(false);
  });

  it('lets through the bytes of what may be one, before decoding', () => {
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    expect(mayBeExponentBytes(bytes('4,60700123457E+12'), 0, 17)).toBe(true);
    expect(mayBeExponentBytes(bytes('4607001234570'), 0, 13)).toBe(false);
    expect(mayBeExponentBytes(bytes('Ель 5E+3'), 0, 10)).toBe(false);
  });

  it('knows an item code whose leading zeros a number cannot hold', () => {
    expect(lostLeadingZeros('0031000')).toBe(true);
    expect(lostLeadingZeros(' 007 ')).toBe(true);
    expect(lostLeadingZeros('31000')).toBe(false);
    expect(lostLeadingZeros('000')).toBe(false);
    expect(lostLeadingZeros('007-A')).toBe(false);
  });
});
