import type { Browser } from 'playwright-core';
import { CHECK_UI, REPORT_WARNING, TOAST, UI, exportWarningCount, type ExportRecord, type Mapping, type Task } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { rewriteParts } from '@app/export-engine/testing/zip-rewrite';
import { api, createTask, putGlobalMapping, upload } from '../support/api-client';
import { apiUrl } from '../support/test-env';
import { closeBrowser, expectToast, gotoTask, launchBrowser, openPage, toast, type OpenPage } from './browser';

jest.setTimeout(180_000);

/** Codes into the first column of rxw-table08's table (C), prices into its last (F). */
const RULES: Mapping = { manualMapping: { ma: 3, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '6': 6 }, priceKeys: { ma: 0, gm: 0 } };

/**
 * A template the engine writes around rather than into (a totals-row table with a signature line
 * below it, which the table cannot grow over): the user is told at once and in the history.
 */
describe('web: a report warning reaches the user', () => {
  let browser: Browser;
  let open: OpenPage;
  let task: Task;

  beforeAll(async () => {
    await putGlobalMapping(RULES);
    task = await createTask(`Итоги ${Date.now().toString(36)}`);
    const template = await rewriteParts(fixtureBytes('realworld/rxw-table08.xlsx'), {
      'xl/worksheets/sheet1.xml': (xml) => xml.replace('</sheetData>', '<row r="20"><c r="C20" t="inlineStr"><is><t>Подпись</t></is></c></row></sheetData>'),
    });
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    await upload(task.id, 'template', template).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: sampleItems(), syncMapping: true }).expect(200);
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (task) await api().delete(`/api/tasks/${task.id}`);
  });

  it('Сформировать downloads the file, and a toast and the history say the table was not extended', async () => {
    const { page } = open;
    await gotoTask(page, task);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await download;
    await expectToast(page, TOAST.generated);
    // `Файл сформирован` tells how many warnings the file has (the layout's and the check's), on its one line.
    const [record] = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(exportWarningCount(record.report!)).toBeGreaterThanOrEqual(1);
    await toast(page, TOAST.generated).filter({ hasText: CHECK_UI.fileWarnings(exportWarningCount(record.report!)) }).waitFor();
    const text = REPORT_WARNING.tableNotExtended('Table1');
    await expectToast(page, text);
    await page.locator('.export-list__warning', { hasText: text }).first().waitFor();
    expect(open.errors).toEqual([]);
  });
});
