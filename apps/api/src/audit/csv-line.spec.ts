import { csvLine } from './csv-line';

describe('csvLine', () => {
  it('separates with ; and quotes what needs it', () => {
    expect(csvLine(['a', 'b;c', 'say "hi"', 'two\nlines'])).toBe('a;"b;c";"say ""hi""";"two\nlines"\r\n');
  });

  it('defuses a field that Excel would read as a formula', () => {
    expect(csvLine(['=1+1', '-2', '@SUM(A1)', '+7', 'ok'])).toBe("'=1+1;'-2;'@SUM(A1);'+7;ok\r\n");
  });
});
