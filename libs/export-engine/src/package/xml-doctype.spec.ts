import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINE_ERR } from '@app/contracts';
import { checkExport } from '../check-export';
import { readColumns } from '../column-reader';
import { generateExport } from '../generate-export';
import { sharePrice } from '../price-sharing';
import { countPriceRows } from '../price-rows';
import { inspectPriceList } from '../price/csv-price-reader';
import { inspectTemplate } from '../template/template-input';
import { billionLaughsTemplate, entityTemplate, externalEntityTemplate, plainTemplate } from '../testing/hostile-workbooks';
import { inlineCell, minimalXlsx } from '../testing/minimal-xlsx';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { rewriteParts } from '../testing/zip-rewrite';
import { EngineError } from './engine-error';
import { PrologScanner } from './xml-doctype';

/** DESIGN §15: a DOCTYPE in any part of a workbook is refused; no entity is ever expanded. */

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(err)}`);
  return err;
}

const DOCTYPE = '<!DOCTYPE root [ <!ENTITY shop "Магазин"> <!ENTITY ext SYSTEM "file:///etc/passwd"> ]>';
const withDoctype = (xml: string) => xml.replace(/^(<\?xml[^>]*\?>)/, `$1\n${DOCTYPE}\n`);
const price = () => buildWorkbook([{ name: 'Данные', rows: [['Код МА', 'Цена'], ['111', 49.9]] }]);
const rules = mapping({ manual: { ma: 2 }, price: { '2': 3 } });

describe('the prolog scanner', () => {
  const verdicts: [string, boolean][] = [
    [`<?xml version="1.0"?>\n${DOCTYPE}<a/>`, true],
    ['\uFEFF<!-- a comment -->  <?pi x?>\r\n<!doctype a><a/>', true],
    ['<?xml version="1.0"?><!-- <!DOCTYPE x> is only text here --><a>&lt;!DOCTYPE</a>', false],
    ['<?xml version="1.0"?><a/><!DOCTYPE a>', false],
    ['not xml at all', false],
    ['\x89PNG\r\n', false],
  ];

  it.each(verdicts)('%j: %s, however the text is cut', (xml, doctype) => {
    expect(new PrologScanner().write(xml)).toBe(doctype);
    for (let cut = 0; cut <= xml.length; cut++) {
      const scanner = new PrologScanner();
      const first = scanner.write(xml.slice(0, cut));
      expect(first ?? scanner.write(xml.slice(cut))).toBe(doctype);
    }
  });

  it('cannot tell before the prolog ends', () => {
    expect(new PrologScanner().write('<?xml version="1.0"?><!-- a comment longer than what was read')).toBeUndefined();
  });
});

describe('a workbook with a DOCTYPE', () => {
  it.each(['xl/worksheets/sheet1.xml', 'xl/workbook.xml', 'xl/theme/theme1.xml', 'docProps/core.xml', '[Content_Types].xml', '_rels/.rels'])(
    'in %s is refused at upload and by the export, naming the part',
    async (part) => {
      const template = await rewriteParts(await buildWorkbook([{ name: 'Данные', rows: [['№', 'Код МА', 'Цена']] }]), { [part]: withDoctype });
      const upload = await refusal(inspectTemplate(template));
      expect([upload.code, upload.message]).toEqual(['FILE_DOCTYPE', ENGINE_ERR.xmlDoctype(part)]);
      const err = await refusal(generateExport({ price: await price(), template, items: [item('111')], mapping: rules }));
      expect([err.code, err.message]).toEqual(['FILE_DOCTYPE', ENGINE_ERR.inFile('template', ENGINE_ERR.xmlDoctype(part))]);
    },
  );

  it('as a price list is refused by every read of it: upload, columns, rows, check, generate, a batch share', async () => {
    const hostile = await rewriteParts(await price(), { 'xl/sharedStrings.xml': withDoctype });
    const message = ENGINE_ERR.inFile('price', ENGINE_ERR.xmlDoctype('xl/sharedStrings.xml'));
    expect((await refusal(inspectPriceList(hostile))).message).toBe(ENGINE_ERR.xmlDoctype('xl/sharedStrings.xml'));
    const input = { price: hostile, template: plainTemplate(), items: [item('111')], mapping: rules };
    const reads = [() => readColumns(hostile, 'price'), () => countPriceRows(hostile), () => checkExport(input), () => generateExport(input), () => sharePrice(hostile, [item('111')], [2])];
    for (const read of reads) expect((await refusal(read())).message).toBe(message);
  });

  it('the issue\'s entity template (one 1,500-character entity, 330,000 references) is refused, nothing expanded', async () => {
    const template = entityTemplate();
    expect(template.length).toBeLessThan(64 * 1024);
    expect((await refusal(inspectTemplate(template))).code).toBe('FILE_DOCTYPE');
    const err = await refusal(generateExport({ price: await price(), template, items: [item('111')], mapping: rules }));
    expect([err.code, err.kind]).toEqual(['FILE_DOCTYPE', 'template']);
    expect((await refusal(readColumns(template, 'template'))).code).toBe('FILE_DOCTYPE');
  });

  it('billion laughs and an external entity are refused as well', async () => {
    for (const template of [billionLaughsTemplate(), externalEntityTemplate()]) {
      const err = await refusal(inspectTemplate(template));
      expect(err.message).toBe(ENGINE_ERR.xmlDoctype('xl/worksheets/sheet1.xml'));
      expect(err.message).not.toContain('root:');
    }
  });

  it('is found after a prolog longer than what is read first, in a part of any name, in a file on disk', async () => {
    const comment = `<!--${' пояснение'.repeat(20_000)}-->`;
    const template = minimalXlsx({ rows: `<row r="1">${inlineCell('A1', 'Код')}</row>`, prolog: `${comment}<!DOCTYPE worksheet>` });
    const odd = minimalXlsx({ rows: `<row r="1">${inlineCell('A1', 'Код')}</row>`, parts: { 'customXml/item1.dat': `<?xml version="1.0"?>${comment}<!DOCTYPE x SYSTEM "http://example.org/x.dtd"><x/>` } });
    const dir = mkdtempSync(join(tmpdir(), 'pe-doctype-'));
    try {
      for (const [name, bytes, part] of [['long.xlsx', template, 'xl/worksheets/sheet1.xml'], ['odd.xlsx', odd, 'customXml/item1.dat']] as const) {
        const path = join(dir, name);
        writeFileSync(path, bytes);
        expect((await refusal(inspectTemplate(path))).message).toBe(ENGINE_ERR.xmlDoctype(part));
        expect((await refusal(inspectTemplate(bytes))).message).toBe(ENGINE_ERR.xmlDoctype(part));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a comment that mentions a DOCTYPE is no DOCTYPE: the template exports', async () => {
    const template = plainTemplate({ prolog: '<!-- <!DOCTYPE worksheet> -->' });
    await expect(inspectTemplate(template)).resolves.toBeUndefined();
    const out = await generateExport({ price: await price(), template, items: [item('111')], mapping: rules });
    expect(out.report.matchedByMa).toBe(1);
  });
});
