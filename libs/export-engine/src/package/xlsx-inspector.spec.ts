import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { ENGINE_ERR, ERR } from '@app/contracts';
import { EngineError } from './engine-error';
import { generateExport } from '../generate-export';
import { inspectXlsx } from './xlsx-inspector';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { FIXTURES } from '../testing/fixtures';
import { ZipWriter } from './zip-writer';

/** DESIGN §5.8 and §6: every kind of bad file gets its own clear message, before any inflating. */

const real = (name: string) => readFileSync(join(FIXTURES, 'real', name));

async function failure(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof EngineError) return err;
    throw err;
  }
  throw new Error('expected an EngineError');
}

function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const w = new ZipWriter();
  for (const [name, content] of Object.entries(entries)) w.addFile(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
  return w.finish();
}

/** An OLE compound file header followed by a directory naming the given streams (UTF-16LE). */
function oleWith(...streams: string[]): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(504), ...streams.map((s) => Buffer.concat([Buffer.from(s, 'utf16le'), Buffer.alloc(64 - 2 * s.length)]))]);
}

describe('inspectXlsx', () => {
  it('accepts real workbooks, from a path or from bytes', async () => {
    await expect(inspectXlsx(join(FIXTURES, 'price-sample.xlsx'))).resolves.toBeUndefined();
    await expect(inspectXlsx(readFileSync(join(FIXTURES, 'lo-template-sample.xlsx')))).resolves.toBeUndefined();
    await expect(inspectXlsx(real('SharedStrings.xlsx'))).resolves.toBeUndefined();
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'FILE_EMPTY', ERR.fileEmpty],
    ['a password-protected workbook (AES)', real('encryptAES.xlsx'), 'FILE_ENCRYPTED', ERR.fileEncrypted],
    ['a password-protected workbook (SHA1)', real('encryptSHA1.xlsx'), 'FILE_ENCRYPTED', ERR.fileEncrypted],
    ['an .xls renamed (OLE with a Workbook stream)', oleWith('Root Entry', 'Workbook'), 'FILE_XLS', ERR.fileXls],
    ['an old .xls (Book stream)', oleWith('Root Entry', 'Book'), 'FILE_XLS', ERR.fileXls],
    ['a CSV renamed', Buffer.from('Код МА;Цена\n0031000;49,90\n'), 'FILE_TEXT', ERR.fileText],
    ['a CSV in cp1251', Buffer.from([0xca, 0xee, 0xe4, 0x3b, 0x31, 0x0a]), 'FILE_TEXT', ERR.fileText],
    ['binary junk', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'FILE_NOT_ZIP', ERR.fileNotZip],
    ['a truncated workbook', readFileSync(join(FIXTURES, 'price-sample.xlsx')).subarray(0, 5000), 'FILE_TRUNCATED', ERR.fileTruncated],
    ['a zip that is not a workbook', zipOf({ 'readme.txt': 'hello', 'data/a.csv': '1;2' }), 'FILE_NOT_WORKBOOK', ERR.fileNotWorkbook],
    ['a zip with [Content_Types].xml but no xl/workbook.xml', zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' }), 'FILE_NOT_WORKBOOK', ERR.fileNotWorkbook],
  ])('rejects %s', async (_what, file, code, message) => {
    const err = await failure(inspectXlsx(file));
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
  });

  it('rejects a workbook whose central directory is cut off (end record kept)', async () => {
    const whole = readFileSync(join(FIXTURES, 'price-sample.xlsx'));
    // Drop the middle: the end-of-central-directory record now points past what is there.
    const broken = Buffer.concat([whole.subarray(0, 3000), whole.subarray(whole.length - 22)]);
    expect((await failure(inspectXlsx(broken))).code).toBe('FILE_TRUNCATED');
  });

  describe('zip bombs, judged from the central directory', () => {
    const workbookParts = { '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' };

    it('too many entries', async () => {
      const many: Record<string, string> = { ...workbookParts };
      for (let i = 0; i < 30; i++) many[`xl/media/${i}.bin`] = 'x';
      const err = await failure(inspectXlsx(zipOf(many), { maxEntries: 20 }));
      expect([err.code, err.message]).toEqual(['FILE_ZIP_BOMB', ERR.fileZipBomb]);
    });

    it('too much uncompressed data', async () => {
      const big = zipOf({ ...workbookParts, 'xl/worksheets/sheet1.xml': Buffer.alloc(300_000, 'a') });
      expect((await failure(inspectXlsx(big, { maxUncompressedBytes: 200_000 }))).code).toBe('FILE_ZIP_BOMB');
      await expect(inspectXlsx(big, { maxUncompressedBytes: 400_000, maxRatio: 10_000 })).resolves.toBeUndefined();
    });

    it('a compression ratio beyond the limit (default 200)', async () => {
      const bomb = zipOf({ ...workbookParts, 'xl/worksheets/sheet1.xml': Buffer.alloc(20 * 1024 * 1024) });
      expect((await failure(inspectXlsx(bomb))).code).toBe('FILE_ZIP_BOMB');
    });

    it('a directory that lies about sizes is stopped while inflating', async () => {
      // Declares 100 bytes for an entry that inflates to 10 MB: caught as unreadable, never buffered whole.
      const w = new ZipWriter();
      w.addFile('[Content_Types].xml', Buffer.from('<Types/>'));
      w.addFile('xl/workbook.xml', Buffer.from('<workbook xmlns:r="r"><sheets><sheet name="Данные" r:id="rId1"/></sheets></workbook>'));
      w.addFile('xl/_rels/workbook.xml.rels', Buffer.from('<Relationships><Relationship Id="rId1" Type="http://x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'));
      const payload = Buffer.alloc(10 * 1024 * 1024, ' ');
      w.addRaw({ name: 'xl/worksheets/sheet1.xml', compressionMethod: 8, crc32: 0, compressedSize: 0, uncompressedSize: 100, lastModFileTime: 0, lastModFileDate: 33 }, deflateRawSync(payload));
      const tpl = await buildWorkbook([{ name: 'Данные', rows: [['x']] }]);
      const err = await failure(generateExport({ price: w.finish(), template: tpl, items: [item('1')], mapping: mapping({ manual: { ma: 1 } }) }));
      expect(err.code).toBe('FILE_UNREADABLE');
      expect(err.message).toBe(ENGINE_ERR.inFile('price', ENGINE_ERR.fileUnreadable));
    });
  });
});

describe('generateExport refuses unusable input, naming the file', () => {
  const good = () => buildWorkbook([{ name: 'Данные', rows: [['111', 1]] }]);

  it('says which of the two files is bad', async () => {
    const enc = real('encryptAES.xlsx');
    const e1 = await failure(generateExport({ price: enc, template: await good(), items: [item('1')], mapping: mapping() }));
    expect(e1.message).toBe('Прейскурант: файл защищён паролем. Снимите защиту в Excel и загрузите снова');
    expect(e1.kind).toBe('price');
    const e2 = await failure(generateExport({ price: await good(), template: Buffer.from('a;b\n'), items: [item('1')], mapping: mapping() }));
    expect(e2.message).toBe(ENGINE_ERR.inFile('template', ERR.fileText));
    expect(e2.code).toBe('FILE_TEXT');
  });

  it('an empty data sheet in the price list', async () => {
    const empty = await buildWorkbook([{ name: 'Данные', rows: [] }, { name: 'Другое', rows: [['111']] }]);
    const err = await failure(generateExport({ price: empty, template: await good(), items: [item('111')], mapping: mapping({ manual: { ma: 1 } }) }));
    expect([err.code, err.message]).toEqual(['SHEET_EMPTY', 'Прейскурант: лист «Данные» пустой']);
  });

  it('a workbook without sheets (real/BadWorkbook.xlsx)', async () => {
    const err = await failure(generateExport({ price: await good(), template: real('BadWorkbook.xlsx'), items: [item('1')], mapping: mapping() }));
    expect([err.code, err.kind]).toEqual(['NO_SHEETS', 'template']);
  });

  it('a mapped column beyond 16384', async () => {
    for (const m of [mapping({ manual: { name: 16_385 } }), mapping({ price: { '2': 20_000 } }), mapping({ price: { '16385': 2 } })]) {
      const err = await failure(generateExport({ price: await good(), template: await good(), items: [item('1')], mapping: m }));
      expect(err.code).toBe('COLUMN_TOO_LARGE');
      expect(err.message).toMatch(/16385|20000/);
    }
    // 16384 itself (XFD) is fine.
    const ok = await generateExport({ price: await good(), template: await good(), items: [item('111')], mapping: mapping({ manual: { ma: 16_384 } }) });
    expect(ok.report.rows).toBe(1);
  });
});
