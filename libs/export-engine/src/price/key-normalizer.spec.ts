import { formatNumber } from '../package/cell-value';
import { normalizeKey, numberKey } from './key-normalizer';

describe('normalizeKey (DESIGN §5.2)', () => {
  it('trims, folds whitespace runs (NBSP too) and lower-cases', () => {
    expect(normalizeKey(' GM-77005 ')).toBe('gm-77005');
    expect(normalizeKey('AB\u00a0\u00a0 12\tx')).toBe('ab 12 x');
    expect(normalizeKey('\u00a0Код\u00a0')).toBe(normalizeKey('код'));
  });

  it('folds Cyrillic look-alike letters onto Latin, upper and lower case', () => {
    // Every pair of the rule, typed once in Cyrillic and once in Latin.
    expect(normalizeKey('АВЕКМНОРСТУХ')).toBe(normalizeKey('ABEKMHOPCTYX'));
    expect(normalizeKey('авекмнорстух')).toBe(normalizeKey('abekmhopctyx'));
    expect(normalizeKey('МА-001К')).toBe('ma-001k');
    // Letters without a look-alike stay as they are.
    expect(normalizeKey('Жд')).toBe('жд');
  });

  it('drops leading zeros of all-digit codes only', () => {
    expect(normalizeKey('0031000')).toBe('31000');
    expect(normalizeKey(' 0031000 ')).toBe('31000');
    expect(normalizeKey('000')).toBe('0');
    expect(normalizeKey('007-A')).toBe('007-a');
    expect(normalizeKey('')).toBe('');
  });
});

describe('numberKey: a number cell as written in the sheet XML', () => {
  it('gives whole numbers without .0 or exponent notation', () => {
    expect(numberKey('31000')).toBe('31000');
    expect(numberKey('4607001234567')).toBe('4607001234567');
    expect(numberKey('4.607001234567E12')).toBe('4607001234567');
    expect(numberKey('4.607001234567e+12')).toBe('4607001234567');
    expect(numberKey('31000.0')).toBe('31000');
    expect(numberKey('49.9')).toBe('49.9');
  });

  it('makes number 31000 and text "0031000" the same key', () => {
    expect(numberKey('31000')).toBe(normalizeKey('0031000'));
  });

  it('formats numbers beyond 1e21 in full', () => {
    expect(formatNumber(1e21)).toBe('1000000000000000000000');
    expect(formatNumber(8595602512225)).toBe('8595602512225');
  });
});
