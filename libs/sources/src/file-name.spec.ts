import { dispositionFileName, safeFileName, urlFileName } from './file-name';

const pct = (s: string) => encodeURIComponent(s);
/** A header value as Node hands it over: each byte a latin1 character. */
const rawUtf8 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

describe('dispositionFileName', () => {
  it.each([
    ['attachment; filename="price.xlsx"', 'price.xlsx'],
    ['attachment; filename=price.xlsx', 'price.xlsx'],
    ['inline; FILENAME="a \\"b\\".xlsx"', 'a "b".xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=UTF-8''${pct('Прайс 25.11.xlsx')}`, 'Прайс 25.11.xlsx'],
    [`attachment; filename*=utf-8'ru'${pct('Прайс.xlsx')}`, 'Прайс.xlsx'],
    // windows-1251 bytes: П р а й с
    ["attachment; filename*=windows-1251''%CF%F0%E0%E9%F1.xlsx", 'Прайс.xlsx'],
    [`attachment; filename*0*=UTF-8''${pct('Прайс ')}; filename*1*=${pct('на неделю.xlsx')}`, 'Прайс на неделю.xlsx'],
    ['attachment; filename*0="long "; filename*1="name.xlsx"', 'long name.xlsx'],
    [`attachment; filename="=?UTF-8?B?${Buffer.from('Прайс.xlsx').toString('base64')}?="`, 'Прайс.xlsx'],
    [`attachment; filename="${rawUtf8('Прайс «Ромашка».xlsx')}"`, 'Прайс «Ромашка».xlsx'],
    ['attachment; filename="café.xlsx"', 'café.xlsx'],
    ['attachment; filename="..\\\\..\\\\windows\\\\price.xlsx"', 'price.xlsx'],
    ['attachment; filename="/etc/passwd"', 'passwd'],
    ['attachment; filename=".."', null],
    ['attachment', null],
    [undefined, null],
  ])('%s → %s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });

  it('falls back to the plain name when filename* names a charset Node cannot decode', () => {
    expect(dispositionFileName("attachment; filename=\"p.xlsx\"; filename*=x-unknown''%41")).toBe('p.xlsx');
  });
});

describe('urlFileName and safeFileName', () => {
  it('takes the last path segment, decoded', () => {
    expect(urlFileName(new URL(`https://supplier.ru/files/${pct('Прайс от 01.12.xlsx')}?token=1`))).toBe('Прайс от 01.12.xlsx');
    expect(urlFileName(new URL('https://supplier.ru/download/'))).toBe('download');
    expect(urlFileName(new URL('https://supplier.ru/'))).toBeNull();
    expect(urlFileName(new URL('https://supplier.ru/%E0%A4%A.xlsx'))).toBe('%E0%A4%A.xlsx');
  });

  it('drops control characters and keeps the end of a very long name', () => {
    expect(safeFileName('a\u0000b\r\n.xlsx')).toBe('ab.xlsx');
    const long = `${'я'.repeat(300)}.xlsx`;
    expect(safeFileName(long)).toHaveLength(200);
    expect(safeFileName(long)!.endsWith('.xlsx')).toBe(true);
  });
});
