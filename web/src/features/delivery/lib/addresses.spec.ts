import { joinAddresses, parseAddresses } from './addresses';

describe('parseAddresses', () => {
  it('splits on commas, semicolons and lines, dropping blanks', () => {
    expect(parseAddresses(' a@b.co, c@d.co;\n\ne@f.co ,')).toEqual(['a@b.co', 'c@d.co', 'e@f.co']);
    expect(parseAddresses('  ')).toEqual([]);
    expect(joinAddresses(['a@b.co', 'c@d.co'])).toBe('a@b.co, c@d.co');
  });
});
