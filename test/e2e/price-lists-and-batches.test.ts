import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { BATCH_SUMMARY_FILE, BATCH_UI, PRICE_LIST_ERR, PRICE_LIST_UI, UI } from '@app/contracts';
import type { BatchSummary, PriceList, Task } from '@app/contracts';
import { fixture } from '@app/export-engine/testing/fixtures';
import { zipEntries } from '@app/export-engine/testing/zip-entries';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { answerDialog, closeBrowser, dismissToasts, exactText, expectToast, gotoTask, launchPage, openPage, screenshot, waitForPath } from './browser';
import { addVersion, createPriceList, dayOf, dropAll, getBatch, momentOf, namedReadyTask } from './price-list-api';

// Batches run through the real queue and workers: slow on a small machine.
jest.setTimeout(240_000);

const sidebarItem = (page: Page, task: Task) => page.locator(`.task-item[data-task-id="${task.id}"]`);
const staleDot = (page: Page, task: Task) => sidebarItem(page, task).getByRole('img', { name: PRICE_LIST_UI.stale });
const listCard = (page: Page, list: PriceList) => page.locator(`[data-price-list-id="${list.id}"]`);
const recentRow = (page: Page, id: string) => page.locator(`tr[data-batch-id="${id}"]`);

/** Waits on the batch page until every row has finished, then gives its id. */
async function batchFinished(open: OpenPage, total: number): Promise<string> {
  await open.page.waitForURL((u) => u.pathname.startsWith('/batch/'));
  const bar = open.page.getByRole('progressbar');
  await open.page.locator(`[role=progressbar][aria-valuenow="${total}"][aria-valuemax="${total}"]`).waitFor({ timeout: 180_000 });
  await open.page.locator('[data-batch-status="done"]').waitFor();
  await expect(bar.getAttribute('aria-label')).resolves.toBe(BATCH_UI.progress(total, total));
  await expect(open.page.getByTestId('batch-progress-text').textContent()).resolves.toBe(BATCH_UI.progress(total, total));
  return new URL(open.page.url()).pathname.slice('/batch/'.length);
}

describe('web: price lists, stale tasks and batches (DESIGN §12)', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let list: PriceList;
  let lenta: Task;
  let magnit: Task;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    list = await createPriceList(`Поставщик ${suffix}`);
    await addVersion(list.id);
    lenta = await namedReadyTask(`Лента ${suffix}`);
    magnit = await namedReadyTask(`Магнит ${suffix}`);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await dropAll([lenta, magnit], list);
  });

  it('a task follows a price list from its price card: the list and its current version instead of the upload area', async () => {
    await gotoTask(page, lenta);
    await page.getByLabel(PRICE_LIST_UI.source).selectOption({ label: list.name });
    await expectToast(page, PRICE_LIST_UI.followChanged(list.name));
    const follow = page.getByTestId('price-follow');
    await follow.getByText(list.name, { exact: true }).waitFor();
    const lists = (await (await page.request.get('/api/price-lists')).json()) as PriceList[];
    const current = lists.find((l) => l.id === list.id)!.current!;
    await expect(page.getByTestId('price-follow-version').textContent()).resolves.toBe(PRICE_LIST_UI.versionOf(dayOf(current.uploadedAt)));
    await expect(page.locator('.upload-card[data-kind="price"] .upload-card__drop').count()).resolves.toBe(0);

    await gotoTask(page, magnit);
    await page.getByLabel(PRICE_LIST_UI.source).selectOption({ label: list.name });
    await expectToast(page, PRICE_LIST_UI.followChanged(list.name));
    expect(open.errors).toEqual([]);
  });

  it('`Сформировать все` on Прайсы starts a batch; the progress bar finishes and the zip holds each task’s file and Итоги.xlsx', async () => {
    await page.goto('/price-lists');
    await listCard(page, list).getByTestId('price-list-tasks').getByText(PRICE_LIST_UI.tasks(2), { exact: false }).waitFor();
    await listCard(page, list).getByRole('button', { name: PRICE_LIST_UI.generateAll, exact: true }).click();
    await batchFinished(open, 2);
    await page.getByRole('heading', { level: 1, name: exactText(BATCH_UI.title.generate) }).waitFor();
    for (const task of [lenta, magnit]) {
      const row = page.locator(`tr[data-task-id="${task.id}"]`);
      await expect(row.getAttribute('data-status')).resolves.toBe('done');
      await row.getByRole('link', { name: task.name }).waitFor();
      await expect(row.getByRole('link', { name: UI.download, exact: true }).getAttribute('href')).resolves.toMatch(new RegExp(`^/api/tasks/${task.id}/exports/[^/]+/file$`));
    }

    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('link', { name: BATCH_UI.downloadAll }).click();
    const zip = await readFile((await (await downloading).path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = await zipEntries(zip);
    expect([...entries.keys()].sort()).toEqual([BATCH_SUMMARY_FILE, `${lenta.name}.xlsx`, `${magnit.name}.xlsx`].sort());
    // Each one a workbook of its own (an xlsx is a zip).
    for (const bytes of entries.values()) expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // Exported from the current version: neither is stale now.
    await staleDot(page, lenta).waitFor({ state: 'detached' });
    await staleDot(page, magnit).waitFor({ state: 'detached' });
    expect(open.errors).toEqual([]);
  });

  it('a new version uploaded on Прайсы makes the following tasks stale: the sidebar dot and the task page line', async () => {
    await page.goto('/price-lists');
    await dismissToasts(page);
    await listCard(page, list).getByTestId('price-version-upload').locator('input[type=file]').setInputFiles(fixture('price-sample.xlsx'));
    await expectToast(page, PRICE_LIST_UI.versionAdded(2));
    await staleDot(page, lenta).waitFor();
    await staleDot(page, magnit).waitFor();
    await listCard(page, list).getByText(PRICE_LIST_UI.staleTasks(2), { exact: false }).waitFor();

    await listCard(page, list).locator('summary', { hasText: PRICE_LIST_UI.versions }).click();
    const versions = listCard(page, list).locator('tr[data-version-id]');
    await versions.nth(1).waitFor();
    await expect(versions.count()).resolves.toBe(2);
    await versions.first().getByText(PRICE_LIST_UI.current, { exact: true }).waitFor();
    // Each version's data rows: a worker counts them after the upload, and the open table asks again until it has.
    for (const i of [0, 1]) await versions.nth(i).getByTestId('version-rows').getByText('40', { exact: true }).waitFor();
    await screenshot(page, 'price-lists');

    await gotoTask(page, lenta);
    await page.getByTestId('task-stale').waitFor();
    // The batch's export says which version of the list it read.
    await page.locator('.export-list__item').first().getByText(/^Прайс от \d\d\.\d\d\.\d{4}$/).waitFor();
    await screenshot(page, 'task-following-stale');
    expect(open.errors).toEqual([]);
  });

  it('`Выбрать` in the sidebar: ticked tasks, `Сформировать выбранные`, the batch page, the dots gone', async () => {
    await page.getByRole('button', { name: BATCH_UI.select, exact: true }).click();
    await page.getByRole('checkbox', { name: lenta.name }).check();
    await page.getByRole('checkbox', { name: magnit.name }).check();
    await page.getByText(BATCH_UI.selected(2)).waitFor();
    await page.getByRole('button', { name: BATCH_UI.generateSelected, exact: true }).click();
    await batchFinished(open, 2);
    // The sidebar is back to links, and the fresh exports took the dots away.
    await expect(page.getByRole('checkbox').count()).resolves.toBe(0);
    await staleDot(page, lenta).waitFor({ state: 'detached' });
    await staleDot(page, magnit).waitFor({ state: 'detached' });
    expect(open.errors).toEqual([]);
  });

  it('`Пакеты` in the sidebar finds a batch again: a running one moves on by itself, its link opens its page', async () => {
    await page.getByRole('button', { name: BATCH_UI.select, exact: true }).click();
    await page.getByRole('checkbox', { name: lenta.name }).check();
    await page.getByRole('button', { name: BATCH_UI.checkSelected, exact: true }).click();
    const id = await batchFinished(open, 1);
    const batch = await getBatch(id);

    // The worker is quicker than any page: the list's first answer is made to say the batch is
    // still running, and the next one waits until the page was seen showing that; the page must
    // then ask again by itself to show it finished.
    let release = () => {};
    const seenRunning = new Promise<void>((resolve) => (release = resolve));
    let answers = 0;
    await page.route('**/api/batches', async (route) => {
      if (++answers > 1) {
        await seenRunning;
        return route.continue();
      }
      const response = await route.fetch();
      const list = ((await response.json()) as BatchSummary[]).map((b) => (b.id === id ? { ...b, status: 'running', finished: 0 } : b));
      await route.fulfill({ response, json: list });
    });
    await page.getByRole('link', { name: BATCH_UI.recent, exact: true }).click();
    await waitForPath(open, '/batches', 'recent-batches');
    const row = recentRow(page, id);
    await row.and(page.locator('[data-status="running"]')).waitFor();
    await row.getByText(BATCH_UI.status.running, { exact: true }).waitFor();
    await expect(row.getByTestId('recent-batch-progress').textContent()).resolves.toBe(BATCH_UI.progress(0, 1));
    release();
    await row.and(page.locator('[data-status="done"]')).waitFor();
    await page.unroute('**/api/batches');
    await expect(row.getByTestId('recent-batch-progress').textContent()).resolves.toBe(BATCH_UI.progress(1, 1));
    await row.getByText(BATCH_UI.status.done, { exact: true }).waitFor();
    await row.getByText(momentOf(batch.createdAt), { exact: true }).waitFor();
    await row.getByText(batch.createdBy!.displayName, { exact: true }).waitFor();
    await screenshot(page, 'recent-batches');

    await row.getByRole('link', { name: BATCH_UI.title.check, exact: true }).click();
    await waitForPath(open, `/batch/${id}`, 'recent-batch-page');
    await page.getByRole('heading', { level: 1, name: exactText(BATCH_UI.title.check) }).waitFor();
    await page.locator('[data-batch-status="done"]').waitFor();
    expect(open.errors).toEqual([]);
  });

  it('a rename over one made elsewhere is refused and keeps the typed name; a followed list is not deleted', async () => {
    await page.goto('/price-lists');
    const card = listCard(page, list);
    await card.getByRole('button', { name: PRICE_LIST_UI.rename, exact: true }).click();
    // Renamed in another window meanwhile: this page's version is behind.
    await api().patch(`/api/price-lists/${list.id}`).send({ name: `${list.name} (другое окно)` }).expect(200);
    const input = card.getByRole('textbox', { name: PRICE_LIST_UI.namePrompt });
    await input.fill(`${list.name} — новое`);
    await dismissToasts(page);
    await card.getByRole('button', { name: UI.save, exact: true }).click();
    const refused = await expectToast(page, PRICE_LIST_UI.renameFailed);
    await expect(refused.textContent()).resolves.toContain(PRICE_LIST_ERR.changed);
    await expect(input.inputValue()).resolves.toBe(`${list.name} — новое`);
    // Sent again from the fresh version, it goes through.
    await card.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(page, PRICE_LIST_UI.renamed);
    await card.getByRole('heading', { name: exactText(`${list.name} — новое`) }).waitFor();

    await dismissToasts(page);
    await answerDialog(page, true, () => card.getByRole('button', { name: PRICE_LIST_UI.delete, exact: true }).click());
    const inUse = await expectToast(page, PRICE_LIST_UI.deleteFailed);
    await expect(inUse.textContent()).resolves.toContain(PRICE_LIST_ERR.inUse(2));
    await card.waitFor();
  });

  it('a viewer sees the lists and batches but cannot start, upload or create', async () => {
    const viewer = await userWithRole('viewer');
    const seen = await openPage(browser, apiUrl(), undefined, viewer);
    try {
      await seen.page.goto('/price-lists');
      await waitForPath(seen, '/price-lists', 'viewer-price-lists');
      await listCard(seen.page, list).waitFor();
      for (const name of [PRICE_LIST_UI.create, PRICE_LIST_UI.generateAll, BATCH_UI.select]) {
        await expect(seen.page.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
      }
      await expect(seen.page.getByTestId('price-version-upload').count()).resolves.toBe(0);
      // Batches are shared work: a viewer sees the admin's batches too.
      await seen.page.getByRole('link', { name: BATCH_UI.recent, exact: true }).click();
      await waitForPath(seen, '/batches', 'viewer-batches');
      const newest = (await api().get('/api/batches').expect(200)).body as BatchSummary[];
      await recentRow(seen.page, newest[0].id).waitFor();
    } finally {
      await seen.context.close();
    }
  });
});
