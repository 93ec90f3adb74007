import { CellKind } from '../package/cell-kind';
import { decodeCsv } from '../package/csv-decoder';
import { numberText } from './csv-number';
import { COMMA, CsvScanner, SEMICOLON, TAB, detectSeparator } from './csv-scanner';
import { cellRaw } from '../package/sheet-reader';

/** UTF-8 text in the scanner's form (bytes as latin1 chars). */
const bytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** Every cell of a CSV as [row, col, kind, text as cellRaw gives it]. */
function scan(csv: string, sep = detectSeparator(bytes(csv))): [number, number, string, string | null][] {
  const out: [number, number, string, string | null][] = [];
  new CsvScanner({
    cell: (row, col, kind, s, start, end) => {
      out.push([row, col, kind === CellKind.number ? 'n' : 's', cellRaw(kind, s, start, end)]);
    },
    rowEnd: () => undefined,
  }).scan(bytes(csv), sep);
  return out;
}

describe('numberText', () => {
  const read = (v: string) => {
    const s = bytes(v);
    const r = numberText(s, 0, s.length);
    return r === '' ? Number(s) : r === undefined ? 'text' : Number(r);
  };

  it('reads decimal commas and points, thousands spaces and NBSPs, a minus', () => {
    expect(read('49,90')).toBe(49.9);
    expect(read('49.9')).toBe(49.9);
    expect(read('1 234,50')).toBe(1234.5);
    expect(read('1\u00a0234\u00a0567,5')).toBe(1234567.5);
    expect(read('12\u202f345')).toBe(12345);
    expect(read('-7,25')).toBe(-7.25);
    expect(read(' 15 ')).toBe(15);
    expect(read('0')).toBe(0);
    expect(read('0,5')).toBe(0.5);
  });

  it('keeps codes and everything else as text', () => {
    for (const v of ['0031000', '4607000000000', '1 23', '1234 567', '12,', ',5', '1.234,56', '10%', 'ПР-0001', '-', '1e5', '']) {
      expect([v, read(v)]).toEqual([v, 'text']);
    }
  });
});

describe('detectSeparator', () => {
  it('picks the separator that splits the first records alike, quotes respected', () => {
    expect(detectSeparator('Код;Название;Цена\n1;Молоко 3,2%;49,90\n2;Кефир;57,25\n')).toBe(SEMICOLON);
    expect(detectSeparator('Код,Название,Цена\n1,"Молоко 3,2%, 1 л",49.9\n2,"Кефир; 1%",57.25\n')).toBe(COMMA);
    expect(detectSeparator('Код\tНазвание\tЦена\n1\tМолоко, 1 л\t49,9\n')).toBe(TAB);
    expect(detectSeparator('Прайс-лист\r\nна 01.02.2025\r\n\r\nКод;Цена\r\n1;2,5\r\n2;3,5\r\n')).toBe(SEMICOLON);
  });
});

describe('CsvScanner', () => {
  it('gives numbers as numbers, codes and names as text, empty fields as no cell', () => {
    expect(scan('Код МА;Цена\r\n0031000;1 234,50\r\n;7\r\n')).toEqual([
      [1, 1, 's', 'Код МА'], [1, 2, 's', 'Цена'],
      [2, 1, 's', '0031000'], [2, 2, 'n', '1234.50'],
      [3, 2, 'n', '7'],
    ]);
  });

  it('reads quoted fields: doubled quotes, separators and line breaks inside, & and _x kept literally', () => {
    expect(scan('a,b,c\n"ООО ""Ромашка""","Хлеб,\nбатон","A&amp;B _x0041_"\nx,"",_x0042_&\n')).toEqual([
      [1, 1, 's', 'a'], [1, 2, 's', 'b'], [1, 3, 's', 'c'],
      [2, 1, 's', 'ООО "Ромашка"'], [2, 2, 's', 'Хлеб,\nбатон'], [2, 3, 's', 'A&amp;B _x0041_'],
      [3, 1, 's', 'x'], [3, 3, 's', '_x0042_&'],
    ]);
  });

  it('skips the rest of a record when the sink says so, still honouring its quotes', () => {
    const seen: string[] = [];
    new CsvScanner({
      cell: (row, col) => {
        seen.push(`${row}:${col}`);
        return col === 1;
      },
      rowEnd: (row) => seen.push(`end ${row}`),
    }).scan(bytes('a;"b\n;c";d\ne;f'), SEMICOLON);
    expect(seen).toEqual(['1:1', 'end 1', '2:1', 'end 2']);
  });
});

describe('decodeCsv', () => {
  const text = 'Код;Название\n1;Молоко «Весёлый молочник» №1\n';
  const back = (b: Buffer) => {
    const d = decodeCsv(b);
    return [d.encoding, Buffer.from(d.text, 'latin1').toString('utf8')];
  };

  it('tells UTF-8 (with or without BOM), Windows-1251 and UTF-16 apart by their bytes', () => {
    expect(back(Buffer.from(text, 'utf8'))).toEqual(['utf-8', text]);
    expect(back(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual(['utf-8', text]);
    const cp1251 = Buffer.from(new Uint8Array([...text].map((ch) => CP1251[ch] ?? ch.charCodeAt(0))));
    expect(back(cp1251)).toEqual(['windows-1251', text]);
    expect(back(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual(['utf-16le', text]);
  });

  it('refuses binary data', () => {
    expect(() => decodeCsv(Buffer.from([0x41, 0x3b, 0x00, 0x01, 0x0a]))).toThrow('двоичные данные');
  });
});

/** Windows-1251 for the letters the sample uses (А–я, ё/Ё, «», №). */
const CP1251: Record<string, number> = { ё: 0xb8, Ё: 0xa8, '«': 0xab, '»': 0xbb, '№': 0xb9 };
for (let c = 0x410; c <= 0x44f; c++) CP1251[String.fromCharCode(c)] = c - 0x410 + 0xc0;
