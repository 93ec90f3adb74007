import { gtinDigits, hasValidCheckDigit, isGtinHeader } from './gtin';

describe('gtin', () => {
  it('knows barcode headers', () => {
    for (const h of ['Штрихкод', 'Штрих-код', 'ШК', 'ШК товара', 'EAN-13', 'Код EAN', 'GTIN', 'Справочно / Штрихкод']) expect(isGtinHeader(h)).toBe(true);
    for (const h of ['Код МА', 'Цена', 'Школа', 'Ocean', 'Наименование']) expect(isGtinHeader(h)).toBe(false);
  });

  it('takes 8, 12, 13 and 14 digits, as text or as a whole number', () => {
    expect(gtinDigits('4607001234567')).toBe('4607001234567');
    expect(gtinDigits(' 96385074 ')).toBe('96385074');
    expect(gtinDigits(4607001234567)).toBe('4607001234567');
    expect(gtinDigits('460700123456')).toBe('460700123456');
    expect(gtinDigits('12345')).toBeUndefined();
    expect(gtinDigits('460700123456A')).toBeUndefined();
    expect(gtinDigits(49.9)).toBeUndefined();
    expect(gtinDigits(true)).toBeUndefined();
  });

  it('checks the GS1 check digit', () => {
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('4006381333932')).toBe(false);
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('036000291452')).toBe(true);
    expect(hasValidCheckDigit('10614141000415')).toBe(true);
    expect(hasValidCheckDigit('10614141000416')).toBe(false);
  });
});
