import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { ENGINE_ERR } from '@app/contracts';
import { readColumns } from '../column-reader';
import { generateExport } from '../generate-export';
import { inspectPriceList } from '../price/csv-price-reader';
import { inspectTemplate } from '../template/template-input';
import { overlappingTemplate, plainTemplate, priceWithLongText } from '../testing/hostile-workbooks';
import { item, mapping } from '../testing/workbook-builders';
import { zipEntries } from '../testing/zip-entries';
import { craftedEntriesOf, craftZip, type CraftedEntry } from '../testing/zip-craft';
import { EngineError } from './engine-error';

/** DESIGN §15: zip entries that overlap, repeat a name or disagree with their local header are refused. */

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(err)}`);
  return err;
}

const price = () => priceWithLongText(10);
const rules = mapping({ manual: { ma: 2 }, price: { '2': 3 } });
const run = (template: Buffer | string) => generateExport({ price: price(), template, items: [item('111')], mapping: rules });

/** The template's entries with one changed. */
async function variant(change: (entries: CraftedEntry[]) => CraftedEntry[]): Promise<Buffer> {
  return craftZip(change(await craftedEntriesOf(plainTemplate())));
}

describe('the zip layout', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pe-zip-layout-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The same checks whether the file is read from memory or from disk (a path, as the worker reads). */
  async function bothWays(file: Buffer, check: (file: Buffer | string) => Promise<void>): Promise<void> {
    await check(file);
    const path = join(dir, `f${Math.random().toString(36).slice(2)}.xlsx`);
    writeFileSync(path, file);
    await check(path);
  }

  it("the issue's template: 190 directory entries pointing at one 2 MB entry, refused at upload and by the export", async () => {
    const template = await overlappingTemplate();
    expect(template.length).toBeLessThan(2.2 * 1024 * 1024);
    await bothWays(template, async (file) => {
      expect([(await refusal(inspectTemplate(file))).message]).toEqual([ENGINE_ERR.zipOverlap]);
      const err = await refusal(run(file));
      expect([err.code, err.message]).toEqual(['FILE_ZIP_INVALID', ENGINE_ERR.inFile('template', ENGINE_ERR.zipOverlap)]);
      expect((await refusal(readColumns(file, 'template'))).code).toBe('FILE_ZIP_INVALID');
    });
  });

  it('a price list with a second directory entry for its sheet is refused too', async () => {
    const entries = await craftedEntriesOf(price());
    const zip = craftZip(entries, [{ name: 'xl/extra.xml', of: 'xl/worksheets/sheet1.xml' }]);
    await bothWays(zip, async (file) => {
      expect((await refusal(inspectPriceList(file))).message).toBe(ENGINE_ERR.zipOverlap);
      expect((await refusal(readColumns(file, 'price'))).message).toBe(ENGINE_ERR.inFile('price', ENGINE_ERR.zipOverlap));
    });
  });

  it('a name given twice (in any letter case) is refused', async () => {
    const twice = await variant((entries) => [...entries, { name: 'XL/Worksheets/Sheet1.xml', content: Buffer.from('<worksheet/>') }]);
    await bothWays(twice, async (file) => {
      expect((await refusal(inspectTemplate(file))).message).toBe(ENGINE_ERR.zipNameRepeated('XL/Worksheets/Sheet1.xml'));
    });
  });

  it('a local header whose sizes disagree with the directory is refused, as is a data descriptor that does', async () => {
    const sheet = 'xl/worksheets/sheet1.xml';
    const lying = await variant((entries) => entries.map((e) => (e.name === sheet ? { ...e, localSizes: { compressed: 10, uncompressed: 1_000_000 } } : e)));
    const lyingDescriptor = await variant((entries) => entries.map((e) => (e.name === sheet ? { ...e, descriptor: { lie: true } } : e)));
    for (const zip of [lying, lyingDescriptor]) {
      await bothWays(zip, async (file) => {
        const err = await refusal(inspectTemplate(file));
        expect([err.code, err.message]).toEqual(['FILE_ZIP_INVALID', ENGINE_ERR.zipHeaderMismatch(sheet)]);
      });
    }
  });

  it('takes what streaming writers make: sizes in data descriptors, and exports it entry for entry', async () => {
    const described = await variant((entries) => entries.map((e) => ({ ...e, descriptor: {} })));
    const jszip = await JSZip.loadAsync(plainTemplate());
    const streamed = await jszip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles: true });
    for (const template of [described, streamed]) {
      await bothWays(template, async (file) => {
        await expect(inspectTemplate(file)).resolves.toBeUndefined();
        const out = await run(file);
        expect([...(await zipEntries(out.xlsx)).keys()]).toEqual([...(await zipEntries(plainTemplate())).keys()]);
        expect(out.report.matchedByMa).toBe(1);
      });
    }
  });
});
