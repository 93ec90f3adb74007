import { originalFileName } from './original-file-name';

/** What busboy hands over: the name's UTF-8 bytes read as latin1. */
const asMultipart = (name: string) => Buffer.from(name, 'utf8').toString('latin1');

describe('originalFileName', () => {
  it('recovers a UTF-8 name and keeps only its base name', () => {
    expect(originalFileName(asMultipart('Прайс поставщика.xlsx'))).toBe('Прайс поставщика.xlsx');
    expect(originalFileName('C:\\Users\\me\\price.xlsx')).toBe('price.xlsx');
    expect(originalFileName('../../etc/price.xlsx')).toBe('price.xlsx');
  });

  it('removes a right-to-left override, so `xlsx.exe` cannot pass for another name', () => {
    expect(originalFileName(asMultipart('счёт\u202Exslx.exe'))).toBe('счётxslx.exe');
  });

  it.each([
    ['bidirectional embeddings and overrides', 'a\u202Ab\u202Bc\u202Cd\u202De\u202E.xlsx', 'abcde.xlsx'],
    ['bidirectional isolates', '\u2066a\u2067b\u2068c\u2069.xlsx', 'abc.xlsx'],
    ['bidirectional marks', '\u200Ea\u200Fb\u061C.xlsx', 'ab.xlsx'],
    ['C0 controls and DEL', 'a\u0000b\u0007c\u001Bd\u007F.xlsx', 'abcd.xlsx'],
    ['C1 controls', 'a\u0085b\u009B.xlsx', 'ab.xlsx'],
  ])('removes %s', (_, raw, stored) => {
    expect(originalFileName(asMultipart(raw))).toBe(stored);
  });

  it('a name of nothing but such characters is file.xlsx; a long one is cut at 255', () => {
    expect(originalFileName(asMultipart('\u202E\u2066'))).toBe('file.xlsx');
    expect(originalFileName('я'.repeat(300))).toHaveLength(255);
  });
});
