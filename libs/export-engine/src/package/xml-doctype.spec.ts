import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping, plain, readWorkbook } from '../testing/workbook-builders';
import { zipEntries } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';
import { isWellFormedXml } from './xml-check';
import { dropDoctype, mayHaveDoctype } from './xml-doctype';

const DOCTYPE = '<!DOCTYPE root [ <!ENTITY shop "Магазин > №1"> <!ENTITY lol "&shop;&shop;"> <!ENTITY ext SYSTEM "file:///etc/passwd"> ]>';
const withDoctype = (xml: string) => xml.replace(/^(<\?xml[^>]*\?>)/, `$1\n${DOCTYPE}\n`);

describe('DOCTYPE in template parts', () => {
  it('is dropped; references to its entities become their plain text or nothing, never expanded further', () => {
    const xml = `<?xml version="1.0"?>\n${DOCTYPE}\n<a t="&shop;">&shop; &lol;&ext; &amp; &#65;</a>`;
    const out = dropDoctype(xml);
    expect(out).toBe('<?xml version="1.0"?>\n<a t="Магазин &gt; №1">Магазин &gt; №1  &amp; &#65;</a>');
    expect(isWellFormedXml(out)).toBe(true);
    const plainXml = '<?xml version="1.0"?><!-- <!DOCTYPE x> --><a>&amp;</a>';
    expect(dropDoctype(plainXml)).toBe(plainXml);
  });

  it('is looked for only in the prolog of a part', () => {
    expect(mayHaveDoctype(`<?xml version="1.0"?>${DOCTYPE}<a/>`)).toBe(true);
    expect(mayHaveDoctype('<?xml version="1.0"?><a>&lt;!DOCTYPE</a>')).toBe(false);
    expect(mayHaveDoctype('<?xml version="1.0"?><!-- a prolog longer than what was read')).toBe(true);
  });

  it('goes out of no part of the export, filled or copied', async () => {
    const built = await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Цена']] }]);
    const template = await rewriteParts(built, {
      'xl/worksheets/sheet1.xml': withDoctype,
      'xl/workbook.xml': withDoctype,
      'xl/theme/theme1.xml': withDoctype,
      'docProps/core.xml': withDoctype,
    });
    const price = await buildWorkbook([{ name: 'Данные', rows: [['111', 49.9]] }]);
    const out = await generateExport({ price, template, items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    for (const [name, bytes] of await zipEntries(out.xlsx)) {
      if (!name.endsWith('.xml') && !name.endsWith('.rels')) continue;
      const xml = bytes.toString('utf8');
      expect({ name, doctype: xml.includes('<!DOCTYPE'), wellFormed: isWellFormedXml(xml) }).toEqual({ name, doctype: false, wellFormed: true });
    }
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect([plain(ws.getCell('A2').value), ws.getCell('B2').value]).toEqual(['111', 49.9]);
  });
});
