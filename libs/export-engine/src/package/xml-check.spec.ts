import { Readable } from 'node:stream';
import { ENGINE_ERR } from '@app/contracts';
import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { rewriteParts } from '../testing/zip-rewrite';
import { isWellFormedStream, isWellFormedXml, XmlChecker } from './xml-check';

const WELL_FORMED = [
  '<a/>',
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- c < > --><a x="1" y=\'2 > 1\'><b/>t &amp; &#x41; &#65; &custom;<![CDATA[<not a tag> & ]]></a>\n',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x>y"> <!-- ] > -->]><a>&e;</a><?pi x?>',
  '<x:sst xmlns:x="urn:x" count = "1"><x:si><x:t xml:space="preserve"> </x:t></x:si></x:sst >',
];

const BROKEN = [
  '<?xml version="1.0"?>\nfoo\n<a/>', // text before the root (exceljs' invalid-xml.xlsx)
  '<a/>bar',
  '<a><b></a></b>',
  '<a><b>',
  '<a/><b/>',
  '<a x=1/>',
  '<a x="1"y="2"/>',
  '<a x="<"/>',
  '<a>R&D</a>',
  '<a x="&"/>',
  '<a><!-- open</a>',
  '',
  '<a></a><!DOCTYPE a>',
];

describe('XML well-formedness check', () => {
  it.each(WELL_FORMED)('accepts %j whole and fed in pieces of any size', async (xml) => {
    expect(isWellFormedXml(xml)).toBe(true);
    for (let size = 1; size <= 7; size++) {
      const checker = new XmlChecker();
      for (let i = 0; i < xml.length; i += size) checker.write(xml.slice(i, i + size));
      expect({ size, ok: checker.end() }).toEqual({ size, ok: true });
    }
    expect(await isWellFormedStream(Readable.from([Buffer.from(xml, 'utf8')]))).toBe(true);
  });

  it.each(BROKEN)('refuses %j whole and fed in pieces', (xml) => {
    expect(isWellFormedXml(xml)).toBe(false);
    const checker = new XmlChecker();
    for (let i = 0; i < xml.length; i += 2) checker.write(xml.slice(i, i + 2));
    expect(checker.end()).toBe(false);
  });

  it.each([
    ['xl/worksheets/sheet1.xml', (xml: string) => xml.replace('?>', '?>\nfoo\n')],
    ['xl/workbook.xml', (xml: string) => xml.replace('</sheets>', '')],
    ['xl/styles.xml', (xml: string) => xml.replace('<fonts ', '<fonts x=1 ')],
    ['xl/sharedStrings.xml', (xml: string) => xml.replace('</sst>', '</si></sst>')],
  ])('refuses a template whose %s is broken, naming the part', async (part, breakIt) => {
    const built = await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Цена']] }]);
    const template = await rewriteParts(built, { [part]: breakIt });
    const price = await buildWorkbook([{ name: 'Данные', rows: [['111', 1]] }]);
    await expect(generateExport({ price, template, items: [item('111')], mapping: mapping({ manual: { ma: 1 } }) })).rejects.toMatchObject({
      code: 'FILE_XML_INVALID',
      kind: 'template',
      message: ENGINE_ERR.inFile('template', ENGINE_ERR.xmlInvalid(part)),
    });
  });
});
