import type { Browser, Locator, Page } from 'playwright-core';
import { CHECK_UI, CHECK_WARNING, ERR, TOAST, UI } from '@app/contracts';
import type { CheckResponse, Item, Mapping, Task } from '@app/contracts';
import { buildWorkbook, item, mapping } from '@app/export-engine/testing/workbook-builders';
import { api, createTask, putGlobalMapping, replaceGlobalMapping, upload } from '../support/api-client';
import { closeBrowser, dismissToasts, exactText, expectToast, gotoTask, launchPage, screenshot, toast, type OpenPage } from './browser';

jest.setTimeout(180_000);

/** Codes, name and quantities typed in go to A–D of the template, the price list's D (Цена) to E. */
const RULES: Mapping = mapping({ manual: { ma: 1, name: 2, minQty: 3, step: 4 }, price: { '4': 5 }, keys: { ma: 1, gm: 2 } });
const TEMPLATE_HEADERS = ['Код', 'Наименование', 'Мин. заказ', 'Кратность', 'Цена'];

const priceList = (rows: (string | number)[][]) =>
  buildWorkbook([{ name: 'Прайс', rows: [['Код МА', 'Код ГМ', 'Наименование', 'Цена'], ...rows] }]);
const PRICE_ROWS = [
  ['1001', '5001', 'Молоко', 30],
  ['1002', '5002', 'Кефир', 45],
  ['ab-7', '5003', 'Сыр', 120],
];
/** The next week's list: milk dearer, the cheese gone. */
const NEXT_PRICE_ROWS = [
  ['1001', '5001', 'Молоко', 32],
  ['1002', '5002', 'Кефир', 45],
];

/** Found exactly; not found; found, quantity not a multiple of the step (typed in the browser); 1002 again; found after case folding. */
const ITEMS: Item[] = [
  item('1001', '', 'Молоко'),
  item('X-404', '', 'Нет в прейскуранте'),
  item('1002', '', 'Кефир', 4, 2),
  item('1002', '', 'Кефир ещё раз'),
  item('AB-7', '', 'Сыр'),
];

const panel = (page: Page) => page.getByTestId('check-panel');
const previewRow = (page: Page, index: number) => panel(page).locator(`tr[data-preview-item="${index}"]`);
const itemRow = (page: Page, index: number) => page.locator(`.items-table tr[data-item="${index}"]`);
const group = (page: Page, code: string) => panel(page).locator(`.check-group[data-code="${code}"]`);

async function classes(locator: Locator): Promise<string[]> {
  return ((await locator.getAttribute('class')) ?? '').split(/\s+/);
}

async function taskWith(name: string, files: { price?: Buffer; template?: Buffer }, items: Item[]): Promise<Task> {
  const task = await createTask(`${name} ${Date.now().toString(36)}`);
  if (files.price) await upload(task.id, 'price', files.price).expect(200);
  if (files.template) await upload(task.id, 'template', files.template).expect(200);
  await api().patch(`/api/tasks/${task.id}`).send({ items, syncMapping: true }).expect(200);
  return task;
}

/**
 * `Проверить` and its `Предпросмотр` panel against the real API, queue and worker: the rows under
 * the template's header names, the not-found row and the warned cells marked, the warnings by kind
 * (a click shows the item's row), the changes between two exports in the history, and the 409s.
 */
describe('web: the check before export', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let original: Mapping;
  let template: Buffer;
  const tasks: Task[] = [];

  beforeAll(async () => {
    original = await replaceGlobalMapping(RULES);
    template = await buildWorkbook([{ name: 'Данные', rows: [TEMPLATE_HEADERS] }]);
    tasks.push(await taskWith('Проверка', { price: await priceList(PRICE_ROWS), template }, ITEMS));
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (original) await putGlobalMapping(original);
    for (const task of tasks) await api().delete(`/api/tasks/${task.id}`);
  });

  it('shows the rows under the template headers, the missing row, and the warnings by kind', async () => {
    const task = tasks[0];
    await gotoTask(page, task);
    // An unsaved edit: the check saves it first, as Сформировать does, so it sees the screen.
    await page.locator('.items-table input[data-row="2"][data-field="minQty"]').fill('5');
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    await panel(page).waitFor();
    await expect(panel(page).getByRole('heading', { level: 2 }).textContent()).resolves.toBe(CHECK_UI.panelTitle);

    const headers = await panel(page).locator('thead th').allTextContents();
    expect(headers).toEqual([
      CHECK_UI.itemColumn,
      CHECK_UI.statusColumn,
      CHECK_UI.priceRowColumn,
      ...TEMPLATE_HEADERS.map((h, i) => `${'ABCDE'[i]}${h}`),
    ]);
    await expect(panel(page).locator('tbody tr').count()).resolves.toBe(5);
    await expect(previewRow(page, 0).locator('td').allTextContents()).resolves.toEqual(['1', 'по коду МА: точно', '2', '1001', 'Молоко', '1', '1', '30']);
    await expect(previewRow(page, 4).locator('.check-table__status').textContent()).resolves.toBe('по коду МА: без учёта регистра');
    await expect(previewRow(page, 4).locator('.check-table__price-row').textContent()).resolves.toBe('4');

    // The not-found row is marked and says why.
    expect(await classes(previewRow(page, 1))).toContain('check-row--missing');
    await expect(previewRow(page, 1).getAttribute('title')).resolves.toBe(UI.unmatchedRow);
    await expect(previewRow(page, 1).locator('.check-table__status').textContent()).resolves.toBe(CHECK_UI.missing);

    // The warnings by kind, counted as the API counts them; the quantity's cell is marked with its message.
    const answer = (await api().post(`/api/tasks/${task.id}/check`).expect(200)).body as CheckResponse;
    expect(answer.warningCounts['qty-not-multiple']).toBe(1);
    expect(answer.warningCounts['duplicate-item']).toBeGreaterThanOrEqual(1);
    for (const [code, count] of Object.entries(answer.warningCounts)) {
      await expect(group(page, code).locator('.check-group__count').textContent()).resolves.toBe(String(count));
      await expect(group(page, code).locator('.check-group__label').textContent()).resolves.toBe(
        CHECK_UI.warningGroups[code as keyof typeof CHECK_UI.warningGroups],
      );
    }
    const qtyMessage = CHECK_WARNING.qtyNotMultiple(5, 2);
    const warned = previewRow(page, 2).locator('.check-table__cell--warn');
    await expect(warned.first().getAttribute('title')).resolves.toContain(qtyMessage);
    await expect(panel(page).locator('.check-changes').textContent()).resolves.toContain(CHECK_UI.noPreviousExport);

    // A click on a warning scrolls to the item's row in the items table and highlights it there and in the preview.
    await group(page, 'qty-not-multiple').locator('summary').click();
    const link = group(page, 'qty-not-multiple').getByRole('button', { name: exactText(CHECK_UI.itemWarning(3, qtyMessage)) });
    await link.click();
    await page.waitForFunction(() => {
      const row = document.querySelector('.items-table tr[data-item="2"]');
      const box = row?.getBoundingClientRect();
      return !!box && row!.classList.contains('items-row--focused') && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await classes(itemRow(page, 2))).toContain('items-row--focused');
    expect(await classes(previewRow(page, 2))).toContain('check-row--focused');
    expect(await classes(itemRow(page, 0))).not.toContain('items-row--focused');
    await screenshot(page, 'check-preview-item');
    await panel(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'check-preview-panel');

    // Editing an item makes the preview out of date, as it says.
    await page.locator('.items-table input[data-row="0"][data-field="name"]').fill('Молоко 3,2%');
    await panel(page).getByText(CHECK_UI.stale, { exact: true }).waitFor();
    expect(open.errors).toEqual([]);
  });

  it('shows in the history what changed between two exports (the price list changed in between)', async () => {
    const task = tasks[0];
    await dismissToasts(page);
    const checked = (await api().post(`/api/tasks/${task.id}/check`).expect(200)).body as CheckResponse;
    const first = page.waitForEvent('download');
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await first;
    // Its toast tells, on one line, as many warnings as Проверить lists.
    const count = Object.values(checked.warningCounts).reduce((sum, n) => sum + (n ?? 0), 0);
    const done = await expectToast(page, TOAST.generated);
    await expect(done.textContent()).resolves.toContain(`${TOAST.generatedSummary(4, 5)} · ${CHECK_UI.fileWarnings(count)}`);
    await page.locator('.export-list__item').first().waitFor();
    // The first export has nothing before it to compare with.
    await expect(page.locator('.export-list__item .export-changes').count()).resolves.toBe(0);

    await upload(task.id, 'price', await priceList(NEXT_PRICE_ROWS)).expect(200);
    await dismissToasts(page);
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await second;
    await expectToast(page, TOAST.generated);
    await page.locator('.export-list__item').nth(1).waitFor();

    const newest = page.locator('.export-list__item').first();
    const summary = newest.locator('.export-changes__summary');
    await summary.waitFor();
    await expect(summary.textContent()).resolves.toBe(CHECK_UI.changesSummary(0, 0, 1, 1));
    await summary.click();
    const lines = await newest.locator('.changes-list__line').allTextContents();
    expect(lines).toEqual([CHECK_UI.changed(1, 'E', '30', '32'), CHECK_UI.lost('5')]);
    await newest.scrollIntoViewIfNeeded();
    await screenshot(page, 'check-preview-history');

    // The check compares with the newest export: nothing has changed since.
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    await panel(page).locator('.check-changes').getByText(CHECK_UI.noChanges, { exact: true }).waitFor();
    await expect(panel(page).getByText(CHECK_UI.stale, { exact: true }).count()).resolves.toBe(0);

    // A price list uploaded on the page makes the preview out of date too; a new check is current again.
    await dismissToasts(page);
    await page.locator('.upload-card[data-kind="price"] input[type=file]').setInputFiles({
      name: 'прейскурант-3.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await priceList(PRICE_ROWS),
    });
    await expectToast(page, TOAST.uploaded);
    await panel(page).getByText(CHECK_UI.stale, { exact: true }).waitFor();
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    await panel(page).getByText(CHECK_UI.stale, { exact: true }).waitFor({ state: 'detached' });
    expect(open.errors).toEqual([]);
  });

  it('tells when it shows only the first 500 rows', async () => {
    const many = Array.from({ length: 505 }, (_, i) => item(`M-${i + 1}`, '', `Позиция ${i + 1}`));
    const task = await taskWith('Много строк', { price: await priceList(PRICE_ROWS), template }, many);
    tasks.push(task);
    await gotoTask(page, task);
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    await panel(page).getByText(CHECK_UI.rowsShown(500, 505), { exact: true }).waitFor();
    await expect(panel(page).locator('tbody tr').count()).resolves.toBe(500);
  });

  it('answers a task without a price list with the Russian error of generate', async () => {
    const task = await taskWith('Без прейскуранта', { template }, ITEMS);
    tasks.push(task);
    await gotoTask(page, task);
    await dismissToasts(page);
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    await expectToast(page, ERR.noPrice);
    await expect(toast(page, ERR.noPrice).count()).resolves.toBe(1);
    await expect(panel(page).count()).resolves.toBe(0);
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).waitFor();
    expect(open.errors).toEqual([]);
  });
});
