import { cellToLine, isHeaderRow, isTabularText, parseClipboardTable } from './clipboard-parser';

describe('parseClipboardTable', () => {
  it('splits tabs and CRLF rows and ignores the trailing line break', () => {
    expect(parseClipboardTable('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('accepts LF and lone CR line breaks', () => {
    expect(parseClipboardTable('a\nb\rc')).toEqual([['a'], ['b'], ['c']]);
  });

  it('keeps empty cells, including a trailing one', () => {
    expect(parseClipboardTable('a\t\tc\r\n\tb\t\r\n')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('keeps an empty row in the middle', () => {
    expect(parseClipboardTable('a\r\n\r\nb\r\n')).toEqual([['a'], [''], ['b']]);
  });

  it('reads quoted multi-line cells with escaped quotes', () => {
    expect(parseClipboardTable('"line 1\nline 2"\tx\r\n"say ""hi"""\ty\r\n')).toEqual([
      ['line 1\nline 2', 'x'],
      ['say "hi"', 'y'],
    ]);
  });

  it('reads a quote that does not start a well-formed quoted cell literally', () => {
    expect(parseClipboardTable('"5" screen\t1\n')).toEqual([['"5" screen', '1']]);
    expect(parseClipboardTable('"open\t2')).toEqual([['"open', '2']]);
  });

  it('turns NBSP into a space', () => {
    expect(parseClipboardTable('1\u00a0000\tA\u00a0B')).toEqual([['1 000', 'A B']]);
  });

  it('returns a single cell for a single value with a line break', () => {
    expect(parseClipboardTable('0031000\r\n')).toEqual([['0031000']]);
  });

  it('returns nothing for empty text', () => {
    expect(parseClipboardTable('')).toEqual([]);
  });
});

describe('isHeaderRow', () => {
  const titles = ['Код МА', 'Код ГМ', 'Название', 'Мин. кол-во', 'Шаг (кратность)'];

  it('recognises the table titles, in any case and spacing', () => {
    expect(isHeaderRow(titles, titles)).toBe(true);
    expect(isHeaderRow(['код  ма', ' Код ГМ '], titles)).toBe(true);
    expect(isHeaderRow(['Название', ''], titles)).toBe(true);
  });

  it('rejects data rows and empty rows', () => {
    expect(isHeaderRow(['0031000', '77000', 'Молоко'], titles)).toBe(false);
    expect(isHeaderRow(['Код МА', 'Молоко'], titles)).toBe(false);
    expect(isHeaderRow(['', ''], titles)).toBe(false);
  });
});

describe('isTabularText / cellToLine', () => {
  it('tells a plain value from a table', () => {
    expect(isTabularText('abc')).toBe(false);
    expect(isTabularText('a\tb')).toBe(true);
    expect(isTabularText('a\r\n')).toBe(true);
  });

  it('folds line breaks inside a cell', () => {
    expect(cellToLine(' a \r\n b\nc ')).toBe('a b c');
  });
});
