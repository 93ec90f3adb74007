import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { zipText } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';
import { declareUtf8, decodeXml, utf8Recoder, xmlEncodingOf } from './xml-encoding';

const DECL16 = '<?xml version="1.0" encoding="UTF-16" standalone="yes"?>';
const utf16le = (xml: string, bom = true) => Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(xml, 'utf16le')]);
const utf16be = (xml: string) => Buffer.from(utf16le(xml).swap16());

describe('XML part encodings', () => {
  it('tells the encoding by BOM, by UTF-16 byte pattern, else by the declaration', () => {
    expect(xmlEncodingOf(utf16le(DECL16))).toBe('utf-16le');
    expect(xmlEncodingOf(utf16le(DECL16, false))).toBe('utf-16le');
    expect(xmlEncodingOf(utf16be(DECL16))).toBe('utf-16be');
    expect(xmlEncodingOf(Buffer.from('<?xml version="1.0" encoding="windows-1251"?><a/>'))).toBe('windows-1251');
    expect(xmlEncodingOf(Buffer.from('<?xml version="1.0" encoding="UTF-8"?><a/>'))).toBeUndefined();
    // What a recoded UTF-16 part looks like: ASCII bytes still declaring UTF-16.
    expect(xmlEncodingOf(Buffer.from(`${DECL16}<a/>`))).toBeUndefined();
  });

  it('recodes a part to UTF-8 in any chunking, a character split between chunks included', () => {
    const xml = `${DECL16}<t>Молоко 𝒳</t>`;
    const cp1251 = '<?xml version="1.0" encoding="windows-1251"?><t>Молоко</t>';
    const cases: [Buffer, string][] = [
      [utf16le(xml), xml],
      [utf16be(xml), xml],
      [Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1251"?><t>'), Buffer.from([0xcc, 0xee, 0xeb, 0xee, 0xea, 0xee]), Buffer.from('</t>')]), cp1251],
    ];
    for (const [bytes, text] of cases) {
      for (const size of [1, 3, 1000]) {
        const recoder = utf8Recoder();
        const out: Buffer[] = [];
        for (let i = 0; i < bytes.length; i += size) out.push(recoder.write(bytes.subarray(i, i + size)));
        out.push(recoder.end());
        expect(Buffer.concat(out).toString('utf8')).toBe(text);
      }
      expect(decodeXml(bytes)).toBe(text);
    }
  });

  it('makes a rewritten part declare UTF-8', () => {
    expect(declareUtf8(`${DECL16}<a/>`)).toBe('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a/>');
    expect(declareUtf8('<a/>')).toBe('<a/>');
  });

  it('reads and fills workbooks whose parts are UTF-16 (Excel Mobile)', async () => {
    const toUtf16 = async (xlsx: Buffer) => {
      const names = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
      const edits = Object.fromEntries(await Promise.all(names.map(async (n) => [n, utf16le((await zipText(xlsx, n)).replace(/^<\?xml[^>]*>/, DECL16))])));
      return rewriteParts(xlsx, edits);
    };
    const price = await toUtf16(await buildWorkbook([{ name: 'Данные', rows: [['Код', 'Название'], ['0031000', 'Молоко']] }]));
    const template = await toUtf16(await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Название']] }]));
    const out = await generateExport({ price, template, items: [item('31000')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    expect(out.report.matchedByMa).toBe(1);
    // The filled sheet goes out as UTF-8 and says so; the other parts are copied as they were.
    const sheet = await zipText(out.xlsx, 'xl/worksheets/sheet1.xml');
    expect(sheet).toMatch(/^<\?xml version="1.0" encoding="UTF-8"/);
    expect(sheet).toMatch(/<c r="A2"[^>]*><is><t>31000<\/t><\/is><\/c><c r="B2"[^>]*><is><t>Молоко<\/t><\/is><\/c>/);
  });
});
