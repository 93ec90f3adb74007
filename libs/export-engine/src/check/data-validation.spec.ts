import { readValidations, rulesAt } from './data-validation';
import { fixtureBytes } from '../testing/fixtures';
import { zipText } from '../testing/zip-entries';

const sheet = (validations: string) => `<worksheet><sheetData/><dataValidations count="1">${validations}</dataValidations></worksheet>`;
const dv = (attrs: string, f1?: string, f2?: string) =>
  `<dataValidation ${attrs}>${f1 !== undefined ? `<formula1>${f1}</formula1>` : ''}${f2 !== undefined ? `<formula2>${f2}</formula2>` : ''}</dataValidation>`;
const accepts = (xml: string, value: string | number) => readValidations(sheet(xml))[0].accepts(value);

describe('readValidations', () => {
  it('judges literal lists, ignoring case and spaces around items', () => {
    const list = dv('type="list" sqref="B3:B22"', '&quot;шт, кг,Литр&quot;');
    expect(accepts(list, 'шт')).toBe(true);
    expect(accepts(list, 'КГ')).toBe(true);
    expect(accepts(list, 'литр')).toBe(true);
    expect(accepts(list, 'уп')).toBe(false);
    expect(accepts(dv('type="list" sqref="A1"', '&quot;1,2,3&quot;'), 2)).toBe(true);
    expect(accepts(dv('type="list" sqref="A1"', '&quot;1,2,3&quot;'), 4)).toBe(false);
  });

  it('resolves lists given by reference only through the resolver', () => {
    const xml = sheet(dv('type="list" sqref="A1"', '$D$2:$D$6'));
    expect(readValidations(xml)).toEqual([]);
    const rules = readValidations(xml, (f) => (f === '$D$2:$D$6' ? ['a', 'b'] : undefined));
    expect(rules[0].accepts('B')).toBe(true);
    expect(rules[0].accepts('c')).toBe(false);
  });

  it('judges whole and decimal bounds with every operator', () => {
    const whole = (op: string, f1: string, f2?: string) => dv(`type="whole" operator="${op}" sqref="A1"`, f1, f2);
    expect(accepts(whole('between', '10', '20'), 15)).toBe(true);
    expect(accepts(whole('between', '10', '20'), 21)).toBe(false);
    expect(accepts(whole('between', '10', '20'), 15.5)).toBe(false);
    expect(accepts(whole('between', '10', '20'), 'пятнадцать')).toBe(false);
    expect(accepts(whole('notBetween', '10', '20'), 15)).toBe(false);
    expect(accepts(whole('notBetween', '10', '20'), 5)).toBe(true);
    expect(accepts(whole('equal', '7'), 7)).toBe(true);
    expect(accepts(whole('notEqual', '7'), 7)).toBe(false);
    expect(accepts(whole('greaterThan', '0'), 0)).toBe(false);
    expect(accepts(whole('lessThan', '0'), -1)).toBe(true);
    expect(accepts(whole('greaterThanOrEqual', '1'), 1)).toBe(true);
    expect(accepts(whole('lessThanOrEqual', '1'), 2)).toBe(false);
    // No operator means between.
    expect(accepts(dv('type="decimal" sqref="A1"', '0', '99.5'), 99.5)).toBe(true);
    expect(accepts(dv('type="decimal" sqref="A1"', '0', '99.5'), 99.6)).toBe(false);
  });

  it('judges text length of texts and numbers', () => {
    const len = dv('type="textLength" operator="lessThanOrEqual" sqref="A1"', '5');
    expect(accepts(len, 'abcde')).toBe(true);
    expect(accepts(len, 'abcdef')).toBe(false);
    expect(accepts(len, 123456)).toBe(false);
  });

  it('passes over what it cannot judge: formulas as bounds, dates, custom rules', () => {
    const xml = sheet(
      dv('type="whole" operator="greaterThan" sqref="A1"', '$B$1') + dv('type="date" sqref="A2"', '45000') + dv('type="custom" sqref="A3"', 'ISNUMBER(A3)'),
    );
    expect(readValidations(xml)).toEqual([]);
  });

  it('knows which cells a rule covers, whole columns included', () => {
    const rules = readValidations(sheet(dv('type="whole" operator="greaterThan" sqref="B3:C5 E:E"', '0')));
    expect(rulesAt(rules, 4, 3)).toHaveLength(1);
    expect(rulesAt(rules, 6, 3)).toHaveLength(0);
    expect(rulesAt(rules, 100000, 5)).toHaveLength(1);
    expect(rulesAt(rules, 4, 4)).toHaveLength(0);
  });

  it('reads the Excel 2010 extension form', () => {
    const xml = `<worksheet><extLst><ext><x14:dataValidations><x14:dataValidation type="list"><x14:formula1><xm:f>"да,нет"</xm:f></x14:formula1><xm:sqref>A1:A9</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>`;
    const [rule] = readValidations(xml);
    expect(rulesAt([rule], 9, 1)).toHaveLength(1);
    expect(rule.accepts('Да')).toBe(true);
    expect(rule.accepts('может быть')).toBe(false);
  });

  it('reads phpss-dataValidationTest.xlsx: whole 10..20 at B3, a literal list at B5', async () => {
    const xml = await zipText(fixtureBytes('realworld/phpss-dataValidationTest.xlsx'), 'xl/worksheets/sheet1.xml');
    const rules = readValidations(xml);
    expect(rules).toHaveLength(2);
    expect(rulesAt(rules, 3, 2)[0].accepts(21)).toBe(false);
    expect(rulesAt(rules, 5, 2)[0].accepts('Item B')).toBe(true);
  });
});
