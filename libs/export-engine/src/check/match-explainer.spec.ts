import { explainMatch } from './match-explainer';

describe('explainMatch (DESIGN §11 via)', () => {
  it('is exact when the texts are the same', () => {
    expect(explainMatch('0031000', '0031000')).toEqual(['exact']);
    expect(explainMatch('GM-77005', 'GM-77005')).toEqual(['exact']);
  });

  it('names the leading zeros a number cell lost', () => {
    expect(explainMatch('0031000', '31000')).toEqual(['leading-zeros']);
    expect(explainMatch('31000', '000031000')).toEqual(['leading-zeros']);
  });

  it('names case and spaces', () => {
    expect(explainMatch('gm-77005', 'GM-77005')).toEqual(['case']);
    expect(explainMatch(' GM-77005 ', 'GM-77005')).toEqual(['spaces']);
    expect(explainMatch('AB\u00a012', 'AB 12')).toEqual(['spaces']);
    expect(explainMatch(' gm-77005', 'GM-77005')).toEqual(['case', 'spaces']);
  });

  it('names Cyrillic letters that look Latin, in either case', () => {
    // МА in Cyrillic, MA in Latin.
    expect(explainMatch('\u041c\u0410-1', 'MA-1')).toEqual(['look-alike']);
    expect(explainMatch('\u043c\u0430-1', 'ma-1')).toEqual(['look-alike']);
    expect(explainMatch('\u043c\u0430-1', 'MA-1')).toEqual(['case', 'look-alike']);
    expect(explainMatch(' \u043c\u0430-0001 ', 'MA-0001')).toEqual(['case', 'spaces', 'look-alike']);
  });

  it('is empty when the codes do not match', () => {
    expect(explainMatch('31000', '31001')).toEqual([]);
    expect(explainMatch('007-A', '7-A')).toEqual([]);
  });
});
