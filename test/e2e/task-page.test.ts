import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { ERR, EXPORT_FILE_NAME, TOAST, UI } from '@app/contracts';
import type { Mapping, Task } from '@app/contracts';
import { api, putGlobalMapping } from '../support/api-client';
import { readWorkbook } from '@app/export-engine/testing/workbook-builders';
import { fixture, fixtureBytes } from '@app/export-engine/testing/fixtures';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { answerDialog, closeBrowser, dismissToasts, dropFile, exactText, expectToast, launchBrowser, openPage, pasteText, screenshot } from './browser';

const RULES: Mapping = {
  manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 },
  priceToTemplate: { '6': 5, '8': 8 },
  priceKeys: { ma: 0, gm: 0 },
};

const cell = (page: Page, row: number, field: string) => page.locator(`.items-table input[data-row="${row}"][data-field="${field}"]`);
const rows = (page: Page) => page.locator('.items-table tbody tr');
const card = (page: Page, kind: 'price' | 'template') => page.locator(`.upload-card[data-kind="${kind}"]`);

async function rowValues(page: Page, row: number): Promise<string[]> {
  return page
    .locator(`.items-table tbody tr:nth-child(${row + 1}) input`)
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

describe('web: the task page (files, items, save, generate)', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let original: Mapping;
  let taskId = '';
  const taskName = `Выгрузка ${Date.now().toString(36)}`;

  beforeAll(async () => {
    original = (await api().get('/api/mappings/global').expect(200)).body as Mapping;
    await putGlobalMapping(RULES);
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (original) await putGlobalMapping(original);
    if (taskId) await api().delete(`/api/tasks/${taskId}`);
  });

  it('creates a task from the sidebar and shows its empty page', async () => {
    await page.goto('/settings/mapping');
    await answerDialog(page, taskName, () => page.getByRole('button', { name: UI.addTask }).click());
    await expectToast(page, TOAST.created);
    await page.waitForURL(/\/task\/[0-9a-f-]{36}$/);
    taskId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: exactText(taskName) }).waitFor();
    await expect(page.locator('.task-item--active .task-item__name').textContent()).resolves.toBe(taskName);

    await expect(page.getByRole('button', { name: UI.save, exact: true }).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: UI.generate, exact: true }).isEnabled()).resolves.toBe(true);
    await page.getByRole('heading', { name: exactText(UI.filesSection) }).waitFor();
    await page.getByRole('heading', { name: exactText(UI.itemsSection) }).waitFor();
    await expect(card(page, 'price').locator('h3').textContent()).resolves.toBe(UI.priceCard);
    await expect(card(page, 'template').locator('h3').textContent()).resolves.toBe(UI.templateCard);
    await expect(card(page, 'price').locator('.badge').textContent()).resolves.toBe(UI.fileNotChosen);
    await expect(card(page, 'template').locator('.badge').textContent()).resolves.toBe(UI.fileNotChosen);
    await expect(card(page, 'price').locator('input[type=file]').getAttribute('accept')).resolves.toBe('.xlsx,.csv');
    await expect(card(page, 'template').locator('input[type=file]').getAttribute('accept')).resolves.toBe('.xlsx');
    await expect(page.getByText(UI.sheetNote, { exact: true }).count()).resolves.toBe(1);
    const headers = await page.locator('.items-table thead th[scope=col]').allTextContents();
    expect(headers).toEqual([UI.columns.ma, UI.columns.gm, UI.columns.name, UI.columns.minQty, UI.columns.step]);
    await expect(rows(page).count()).resolves.toBe(1);
  });

  it('generating without files shows the server error', async () => {
    await dismissToasts(page);
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await expectToast(page, ERR.noPrice);
  });

  it('uploads the price list by the file picker and the template by drag-and-drop', async () => {
    await dismissToasts(page);
    await card(page, 'price').locator('input[type=file]').setInputFiles(fixture('price-sample.xlsx'));
    await expectToast(page, TOAST.uploaded);
    await card(page, 'price').locator('.badge', { hasText: exactText(UI.fileChosen) }).waitFor();
    await expect(card(page, 'price').locator('.upload-card__file-name').textContent()).resolves.toBe('price-sample.xlsx');

    await dismissToasts(page);
    await dropFile(card(page, 'template').locator('.upload-card__drop'), fixtureBytes('template-sample.xlsx'), 'template-sample.xlsx');
    await expectToast(page, TOAST.uploaded);
    await card(page, 'template').locator('.badge', { hasText: exactText(UI.fileChosen) }).waitFor();
    await expect(card(page, 'template').locator('.upload-card__file-name').textContent()).resolves.toBe('template-sample.xlsx');
    await screenshot(page, 'task-files');
  });

  it('a failed upload shows the error and clears the displayed file name', async () => {
    await dismissToasts(page);
    await dropFile(card(page, 'template').locator('.upload-card__drop'), Buffer.from('a;b;c\n1;2;3\n'), 'not-really.xlsx');
    const t = await expectToast(page, TOAST.uploadFailed);
    await expect(t.textContent()).resolves.toContain(ERR.fileText);
    await expect(card(page, 'template').locator('.upload-card__file-name').count()).resolves.toBe(0);
    // The task keeps its previous template.
    await expect(card(page, 'template').locator('.badge').textContent()).resolves.toBe(UI.fileChosen);
  });

  it('after a reload the cards show the stored file names', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: exactText(taskName) }).waitFor();
    await expect(card(page, 'price').locator('.upload-card__file-name').textContent()).resolves.toBe('price-sample.xlsx');
    await expect(card(page, 'template').locator('.upload-card__file-name').textContent()).resolves.toBe('template-sample.xlsx');
  });

  it('pastes rows copied from a spreadsheet (header skipped, rows added)', async () => {
    const tsv = readFileSync(fixture('items-sample.tsv'), 'utf8');
    await pasteText(cell(page, 0, 'ma'), tsv);
    await page.waitForFunction(() => document.querySelectorAll('.items-table tbody tr').length === 13);
    await expect(rowValues(page, 0)).resolves.toEqual(['0031000', '77000', 'Молоко 3,2% 1 л', '1', '1']);
    await expect(rowValues(page, 1)).resolves.toEqual(['0031003', '77003', 'Масло сливочное 82,5% 180 г', '6', '6']);
    await expect(rowValues(page, 12)).resolves.toEqual(['0099999', '99999', 'Нет в прейскуранте', '1', '1']);

    // Pasting into a middle column fills from there; a quoted multi-line cell and NBSP are handled.
    await page.getByRole('button', { name: UI.addRow }).click();
    await expect(rows(page).count()).resolves.toBe(14);
    await pasteText(cell(page, 13, 'gm'), '"Много\nстрок"\tсыр\u00a0твёрдый\r\n');
    await expect(rowValues(page, 13)).resolves.toEqual(['', 'Много строк', 'сыр твёрдый', '1', '1']);
    await screenshot(page, 'task-pasted');
  });

  it('normalises quantities, deletes rows and moves with the keyboard', async () => {
    const qty = cell(page, 13, 'minQty');
    await qty.fill('');
    await qty.pressSequentially('1x2');
    await expect(qty.inputValue()).resolves.toBe('12');
    await qty.fill('0');
    await qty.press('Tab');
    await expect(qty.inputValue()).resolves.toBe('1');

    // Enter: same column, next row; on the last row it adds a row. ArrowUp goes back.
    await cell(page, 12, 'name').click();
    await page.keyboard.press('Enter');
    await expect(cell(page, 13, 'name').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(rows(page).count()).resolves.toBe(15);
    await expect(cell(page, 14, 'name').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect(cell(page, 13, 'name').evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // ✕ deletes a row.
    await rows(page).nth(14).getByTitle(UI.deleteRow).click();
    await rows(page).nth(13).getByTitle(UI.deleteRow).click();
    await expect(rows(page).count()).resolves.toBe(13);
  });

  it('asks before leaving with unsaved changes', async () => {
    const seen = await answerDialog(page, false, () => page.getByRole('link', { name: UI.rulesLink }).click());
    expect(seen).toEqual({ type: 'confirm', message: UI.unsavedChanges });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(`/task/${taskId}`);
  });

  it('saves the items (empty rows dropped) and keeps them after a reload', async () => {
    await page.getByRole('button', { name: UI.addRow }).click(); // an empty row: dropped by the server
    await dismissToasts(page);
    await page.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(page, TOAST.saved);
    await expect(rows(page).count()).resolves.toBe(13);
    const stored = (await api().get('/api/tasks').expect(200)).body as Task[];
    const task = stored.find((t) => t.id === taskId)!;
    expect(task.items).toHaveLength(13);
    expect(task.items[0]).toEqual({ ma: '0031000', gm: '77000', name: 'Молоко 3,2% 1 л', minQty: 1, step: 1 });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: exactText(taskName) }).waitFor();
    await expect(rows(page).count()).resolves.toBe(13);
    await expect(rowValues(page, 2)).resolves.toEqual(['0031006', '77006', 'Сметана 20% 300 г', '12', '6']);
  });

  it('generates export.xlsx, reports the matches and marks the unmatched row', async () => {
    // An unsaved edit: Сформировать saves it first.
    await cell(page, 1, 'minQty').fill('36');
    await dismissToasts(page);
    const downloadPromise = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await page.getByRole('button', { name: UI.generating, exact: true }).waitFor();
    await expect(page.getByRole('button', { name: UI.generating, exact: true }).isDisabled()).resolves.toBe(true);
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(EXPORT_FILE_NAME);
    const t = await expectToast(page, TOAST.generated, 60_000);
    await expect(t.textContent()).resolves.toContain(TOAST.generatedSummary(12, 13));
    await page.getByRole('button', { name: UI.generate, exact: true }).waitFor();

    const path = await download.path();
    const wb = await readWorkbook(readFileSync(path));
    const sheet = wb.getWorksheet('Данные')!;
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Инструкция', 'Данные']);
    const row2 = sheet.getRow(2);
    expect(row2.getCell(2).text).toBe('0031000');
    expect(row2.getCell(3).text).toBe('77000');
    expect(row2.getCell(4).text).toBe('Молоко 3,2% 1 л');
    expect(row2.getCell(5).value).toBe(49.9);
    expect(row2.getCell(6).value).toBe(1);
    expect(row2.getCell(7).value).toBe(1);
    expect(row2.getCell(8).text).toBe('4607000000000');
    expect(sheet.getRow(3).getCell(6).value).toBe(36); // the unsaved edit was saved first
    const last = sheet.getRow(14);
    expect(last.getCell(2).text).toBe('0099999');
    expect(last.getCell(5).text).toBe('');

    // The unmatched row (the 13th) is marked until it is edited; an edit of another row leaves it marked.
    const marked = page.locator('.items-table tbody tr[title]');
    await marked.first().waitFor();
    await expect(marked.count()).resolves.toBe(1);
    await expect(marked.getAttribute('title')).resolves.toBe(UI.unmatchedRow);
    await expect(rows(page).nth(12).getAttribute('title')).resolves.toBe(UI.unmatchedRow);
    await screenshot(page, 'task-generated');
    await cell(page, 0, 'name').fill('Молоко 3,2% 1 л (изм.)');
    await expect(marked.count()).resolves.toBe(1);
    await cell(page, 12, 'name').fill('Нет в прейскуранте (изм.)');
    await expect(marked.count()).resolves.toBe(0);
    await expect(page.locator('.panel__warn', { hasText: UI.unmatchedRow }).count()).resolves.toBe(0);

    // The export history lists it with a download link.
    const history = page.locator('.export-list__item').first();
    await history.waitFor();
    await expect(history.locator('a').getAttribute('href')).resolves.toMatch(new RegExp(`^/api/tasks/${taskId}/exports/[^/]+/file$`));
  });

  it('shows that the rules were synced when the global rules changed', async () => {
    await putGlobalMapping({ ...RULES, priceToTemplate: { '6': 5 } });
    await dismissToasts(page);
    await page.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(page, TOAST.saved);
    await expectToast(page, TOAST.mappingSynced);
    await page.getByRole('button', { name: UI.save, exact: true }).waitFor();
  });

  it('has had no page errors', () => {
    expect(open.errors).toEqual([]);
  });
});
