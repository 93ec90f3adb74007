import { readdirSync, readFileSync } from 'node:fs';
import type { ExportWarning } from '@app/contracts';
import { EngineError, type EngineErrorCode } from './package/engine-error';
import { generateExport, type EngineOutput } from './generate-export';
import { inspectTemplate } from './template/template-input';
import { cellProblems, dataSheetName, partProblems, partsTheEngineMayChange } from './testing/corpus-check';
import { fixture, fixtureBytes, sampleItems } from './testing/fixtures';
import { hasLibreOffice, libreOfficeSheets } from './testing/libreoffice';
import { mapping } from './testing/workbook-builders';
import { zipEntries } from './testing/zip-entries';

/**
 * Issue 18.11: every workbook of test/fixtures/realworld goes through the engine as a template
 * (with price-sample.xlsx) and as a price list (with template-sample.xlsx). Each output is read
 * back by LibreOffice and its data rows compared cell by cell with what the engine says it wrote;
 * its parts are well-formed and, where the engine has no business, the template's own bytes.
 */

type Role = 'template' | 'price';

/** Files the engine refuses, and why: a broken part, no workbook, a price sheet with no cells. */
const REFUSED: Record<string, Partial<Record<Role, EngineErrorCode>>> = {
  'exceljs-invalid-xml.xlsx': { template: 'FILE_XML_INVALID' },
  'exceljs-missing-bits.xlsx': { template: 'FILE_NOT_WORKBOOK', price: 'FILE_NOT_WORKBOOK' },
  'calamine-picture.xlsx': { price: 'SHEET_EMPTY' },
  'exceljs-images.xlsx': { price: 'SHEET_EMPTY' },
  'oxsdk-Comments.xlsx': { price: 'SHEET_EMPTY' },
  // Formatted down to row 130,000: a 33 MB data sheet, over the bound (refused at upload too).
  'openpyxl-formatted-template.xlsx': { template: 'SHEET_TOO_LARGE' },
  'rxw-image01.xlsx': { price: 'SHEET_EMPTY' },
};

/** Reports that are expected to carry a warning; every other report carries none. */
const WARNED: Record<string, Partial<Record<Role, ExportWarning[]>>> = {
  // A row below the table's totals row: the table stays as it was, the items go below it.
  'phpss-TableWithoutFilter.xlsx': { template: [{ kind: 'tableNotExtended', table: 'DeptSales' }] },
};

/**
 * Price columns whose formulas the file stores without a value (openpyxl never computes them): the
 * engine has nothing to write from them, and its report counts a `formula-no-value` per column.
 */
const FORMULAS_WITHOUT_VALUES: Record<string, Partial<Record<Role, number[]>>> = {
  'openpyxl-price-formulas.xlsx': { price: [6] },
};

/**
 * Data rows that LibreOffice itself writes over on opening, so its reading of them says nothing
 * about the engine: it rebuilds pivot tables from their cache, in its own layout.
 */
const LO_OVERWRITES: Record<string, Partial<Record<Role, number[]>>> = {
  // Excel laid the pivot out at A3:E5; LibreOffice adds a «Total Result» row, row 6, the first item's.
  'calamine-pivots.xlsx': { template: [6] },
};

const ROLES: Role[] = ['template', 'price'];
const CORPUS = fixture('realworld');
const files = readdirSync(CORPUS).filter((n) => n.endsWith('.xlsx')).sort();
const items = sampleItems();
const sampleMapping = mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '6': 5, '8': 8 } });

interface Run {
  template: Buffer;
  price: Buffer;
  out?: EngineOutput;
  error?: unknown;
}

const runs = new Map<string, Run>();
const key = (role: Role, file: string) => `${role}-${file}`;
let sheets: Map<string, Map<string, string[][]>> | undefined;

beforeAll(async () => {
  for (const file of files) {
    const bytes = readFileSync(`${CORPUS}/${file}`);
    for (const role of ROLES) {
      const run: Run = role === 'template' ? { template: bytes, price: fixtureBytes('price-sample.xlsx') } : { template: fixtureBytes('template-sample.xlsx'), price: bytes };
      try {
        run.out = await generateExport({ template: run.template, price: run.price, items, mapping: sampleMapping });
      } catch (err) {
        run.error = err;
      }
      runs.set(key(role, file), run);
    }
  }
  if (!hasLibreOffice()) return;
  // One batch: the outputs, and every price list an item was found in, to read the looked-up values from.
  const batch = new Map<string, Buffer>([['price-sample.xlsx', fixtureBytes('price-sample.xlsx')]]);
  for (const [name, run] of runs) {
    if (!run.out) continue;
    batch.set(name, run.out.xlsx);
    if (name.startsWith('price-') && run.out.report.unmatched.length < items.length) batch.set(`source-${name}`, run.price);
  }
  sheets = await libreOfficeSheets(batch);
}, 110_000);

it('MANIFEST.tsv names every file of the corpus', () => {
  const listed = readFileSync(`${CORPUS}/MANIFEST.tsv`, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]);
  expect(listed.sort()).toEqual(files);
});

describe.each(ROLES)('as the %s', (role) => {
  it.each(files)('%s', async (file) => {
    const name = key(role, file);
    const run = runs.get(name)!;
    const refusal = REFUSED[file]?.[role];
    if (role === 'template') {
      // The upload check takes every template that exports, and refuses one too big to export.
      const upload = await inspectTemplate(run.template).then(() => undefined, (e: unknown) => e);
      if (refusal === 'SHEET_TOO_LARGE') expect((upload as EngineError).code).toBe(refusal);
      else if (!refusal) expect(upload).toBeUndefined();
    }
    if (refusal) {
      expect(run.error).toBeInstanceOf(EngineError);
      expect((run.error as EngineError).code).toBe(refusal);
      return;
    }
    if (run.error) throw run.error;
    const out = run.out!;
    const placement = out.placement!;
    expect(out.report.warnings).toEqual(WARNED[file]?.[role]);
    const noValues = FORMULAS_WITHOUT_VALUES[file]?.[role] ?? [];
    expect(out.report.checkWarnings?.['formula-no-value']).toBe(noValues.length || undefined);
    const problems = partProblems(await zipEntries(run.template), await zipEntries(out.xlsx), await partsTheEngineMayChange(run.template));
    if (sheets) {
      const sheet = sheets.get(name)?.get(placement.sheet);
      const sourceSheet = role === 'template' ? sheets.get('price-sample.xlsx')?.get('Данные') : sheets.get(`source-${name}`)?.get(await dataSheetName(run.price));
      // LibreOffice computes the formulas that have no value; the engine reads them as empty.
      const priceSheet = sourceSheet?.map((row) => row.map((v, c) => (noValues.includes(c + 1) ? '' : v)));
      if (!sheet) problems.push(`LibreOffice did not read sheet «${placement.sheet}»`);
      else {
        const skip = new Set(LO_OVERWRITES[file]?.[role]);
        const cells = cellProblems(sheet, placement.firstRow, items, sampleMapping, out.report, priceSheet);
        problems.push(...cells.filter((p) => !skip.has(Number(/^row (\d+) /.exec(p)?.[1]))));
      }
    }
    expect(problems).toEqual([]);
  });
});
