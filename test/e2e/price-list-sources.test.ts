import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  AUDIT_ACTION_NAMES,
  BATCH_UI,
  ERR,
  PRICE_AUDIT_TEXT,
  PRICE_DIFF_UI,
  PRICE_GUARD,
  PRICE_LIST_ERR,
  PRICE_SETTINGS_UI,
  PRICE_SOURCE_UI,
  PRICE_VERSION_UI,
  SOURCE_ERR,
  SOURCE_RUN_TEXT,
  UI,
} from '@app/contracts';
import type { BatchSummary, PriceList, Task } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { addVersion, repricedCsv } from '../support/price-lists';
import { startSupplierServer, type SupplierServer } from '../support/supplier-server';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, exactText, expectToast, launchPage, openPage, screenshot, waitForPath } from './browser';
import { createPriceList, dropAll, follow, namedReadyTask } from './price-list-api';

// Polls, comparisons and the automatic batch run through the real queue and workers.
jest.setTimeout(240_000);

/** The built-in user that starts a list's own batches (its migration names it). */
const AUTOMATIC = 'Автоматически';
const SAMPLE_CSV = () => fixtureBytes('csv/price-utf8-bom-semicolon.csv');
/** The guard's reason for the sample list with one price ×100 (price-list-guard.test.ts). */
const JUMP_REASON = PRICE_GUARD.priceRose('вдвое', PRICE_GUARD.codes(1, '1'), '0031000: 49,90 → 4\u00a0990,00');

const listCard = (page: Page, list: PriceList) => page.locator(`[data-price-list-id="${list.id}"]`);
const fold = (card: Locator, title: string) => card.locator('details').filter({ has: card.page().locator('summary', { hasText: exactText(title) }) });
const runRows = (card: Locator) => card.locator('tr[data-run-id]');

/** Opens a folded part of the card (a click on its summary), unless it is open already. */
async function unfold(card: Locator, title: string): Promise<Locator> {
  const part = fold(card, title);
  if ((await part.getAttribute('open')) === null) await part.locator('summary').first().click();
  return part;
}

/** The batch AUTOMATIC started after `since`, once it exists (no timing asserted: the deadline only stops a hang). */
async function automaticBatch(since: number, timeoutMs = 60_000): Promise<BatchSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batches = (await api().get('/api/batches').expect(200)).body as BatchSummary[];
    const found = batches.find((b) => b.createdBy?.displayName === AUTOMATIC && Date.parse(b.createdAt) >= since);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no automatic batch since ${new Date(since).toISOString()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * DESIGN §16 in the browser: a list's settings and its address set on `Прайсы`, `Проверить сейчас`
 * and its runs; a broken version held with its reason and its comparison, accepted, and the batch
 * the list starts by itself finishing in `Пакеты`; a held upload rejected; what a viewer sees.
 */
describe('web: price lists that arrive by themselves, and the guard (DESIGN §16)', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let supplier: SupplierServer;
  let list: PriceList;
  let task: Task;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    supplier = await startSupplierServer();
    supplier.publish('/prices/list.csv', { body: SAMPLE_CSV(), etag: '"v1"' });
    list = await createPriceList(`Источник ${suffix}`);
    await addVersion(list.id, SAMPLE_CSV(), 'неделя 47.csv');
    task = await namedReadyTask(`Автоформирование ${suffix}`);
    await follow(task.id, list.id);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await supplier?.stop();
    await dropAll([task], list);
  });

  it('the list’s own settings: `Формировать файлы задач`, saved again after a change made in another window', async () => {
    await page.goto('/price-lists');
    const card = listCard(page, list);
    const settings = await unfold(card, PRICE_SETTINGS_UI.title);
    const form = settings.getByTestId('price-list-settings');
    // The thresholds with their defaults, compared by the tasks' rules.
    await expect(form.getByLabel(PRICE_SETTINGS_UI.maxRowDropPct).inputValue()).resolves.toBe('20');
    await form.getByText(PRICE_SETTINGS_UI.byDefault(100), { exact: true }).waitFor();
    await expect(form.getByRole('radio', { name: PRICE_SETTINGS_UI.compareAuto }).isChecked()).resolves.toBe(true);

    await form.getByLabel(PRICE_SETTINGS_UI.onNewVersion).selectOption({ label: PRICE_SETTINGS_UI.onNewVersionOptions.generate });
    await api().patch(`/api/price-lists/${list.id}`).send({ name: `${list.name} (другое окно)` }).expect(200);
    await form.getByRole('button', { name: PRICE_SETTINGS_UI.save, exact: true }).click();
    const refused = await expectToast(page, PRICE_SETTINGS_UI.saveFailed);
    await expect(refused.textContent()).resolves.toContain(PRICE_LIST_ERR.changed);
    await form.getByRole('alert').getByText(PRICE_LIST_ERR.changed).waitFor();
    // What was chosen is kept; sent again from the list's fresh version, it goes through.
    await form.getByRole('button', { name: PRICE_SETTINGS_UI.save, exact: true }).click();
    await expectToast(page, PRICE_SETTINGS_UI.saved);
    const saved = (await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList;
    expect(saved).toMatchObject({ onNewVersion: 'generate', deliver: false, compare: null, guard: { maxRowDropPct: 20, maxChangedPct: 50, maxJumpPct: 100 } });
    list = saved;
    expect(open.errors).toEqual([]);
  });

  it('an address set in the page: a wrong one named by the server, the connection tried, `Проверить сейчас` and its run', async () => {
    await dismissToasts(page);
    const card = listCard(page, list);
    const source = await unfold(card, PRICE_SOURCE_UI.title);
    await source.getByText(PRICE_SOURCE_UI.none, { exact: true }).waitFor();
    await source.getByRole('button', { name: PRICE_SOURCE_UI.add }).click();
    const form = source.getByTestId('price-source-form');
    await expect(form.getByLabel(PRICE_SOURCE_UI.kind).inputValue()).resolves.toBe('url');

    await form.getByLabel(PRICE_SOURCE_UI.url, { exact: true }).fill('ftp://supplier.example/prices.csv');
    await form.getByRole('button', { name: PRICE_SOURCE_UI.save, exact: true }).click();
    await form.getByTestId('source-error').getByText(ERR.invalidField('url', SOURCE_ERR.badUrl), { exact: true }).waitFor();

    await form.getByLabel(PRICE_SOURCE_UI.url, { exact: true }).fill(supplier.url('/prices/list.csv'));
    await form.getByTestId('source-error').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: PRICE_SOURCE_UI.test, exact: true }).click();
    const tried = form.getByTestId('source-test');
    await tried.locator('li', { hasText: 'list.csv' }).waitFor();
    await expect(tried.getAttribute('class')).resolves.toContain('source-test--ok');
    await form.getByLabel(PRICE_SOURCE_UI.schedule).selectOption({ label: PRICE_SOURCE_UI.schedules.every });
    await form.getByLabel(PRICE_SOURCE_UI.everyMinutes).fill('60');
    await form.getByRole('button', { name: PRICE_SOURCE_UI.save, exact: true }).click();
    await expectToast(page, PRICE_SOURCE_UI.saved);
    await expect(source.getByTestId('source-next-run').textContent()).resolves.toMatch(/^Следующая проверка: \d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    await source.getByText(PRICE_SOURCE_UI.noRuns, { exact: true }).waitFor();

    // The file is the version the list has: the poll finds nothing new.
    await source.getByRole('button', { name: PRICE_SOURCE_UI.runNow, exact: true }).click();
    const run = runRows(source).first();
    await run.and(page.locator('[data-outcome="unchanged"]')).waitFor();
    await run.getByText(PRICE_SOURCE_UI.outcomes.unchanged, { exact: true }).waitFor();
    await run.getByText(SOURCE_RUN_TEXT.unchanged, { exact: true }).waitFor();
    await expect(source.getByRole('button', { name: PRICE_SOURCE_UI.runNow, exact: true }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'price-source');
    expect(open.errors).toEqual([]);
  });

  it('a broken version is held with its reason; its comparison shows the jump; `Принять` starts the list’s own batch, which finishes in `Пакеты`', async () => {
    supplier.publish('/prices/list.csv', { body: repricedCsv('4990'), etag: '"v2"' });
    const card = listCard(page, list);
    const source = fold(card, PRICE_SOURCE_UI.title);
    await source.getByRole('button', { name: PRICE_SOURCE_UI.runNow, exact: true }).click();
    const run = runRows(source).and(page.locator('[data-outcome="held"]')).first();
    await run.waitFor();
    await run.getByText(PRICE_SOURCE_UI.outcomes.held, { exact: true }).waitFor();
    await run.getByText(SOURCE_RUN_TEXT.held('list.csv', JUMP_REASON), { exact: true }).waitFor();

    // The card says a version waits, and the versions unfold by themselves at the held one.
    await card.getByTestId('price-list-held').getByText(PRICE_VERSION_UI.heldCount(1), { exact: true }).waitFor();
    const held = card.locator('tr[data-version-id][data-status="held"]');
    await held.waitFor();
    await held.getByTestId('version-status').getByText(PRICE_VERSION_UI.status.held, { exact: true }).waitFor();
    await held.getByTestId('version-origin').getByText(PRICE_VERSION_UI.origin.url, { exact: true }).waitFor();
    const reasons = card.getByTestId('held-version');
    await reasons.locator('li[data-reason="price-jump"]', { hasText: exactText(JUMP_REASON) }).waitFor();
    // The run's link points at the version it made.
    await run.getByRole('link', { name: PRICE_SOURCE_UI.openVersion }).click();
    await card.locator('tr.price-version--focused[data-status="held"]').waitFor();

    await held.getByRole('button', { name: PRICE_VERSION_UI.compare, exact: true }).click();
    const diff = card.getByTestId('price-diff');
    await diff.getByTestId('diff-rows').getByText(PRICE_DIFF_UI.rows('40', '40'), { exact: true }).waitFor();
    await diff.getByText(PRICE_DIFF_UI.changed('1'), { exact: true }).waitFor();
    await diff.getByText(PRICE_DIFF_UI.added('0'), { exact: true }).waitFor();
    const change = diff.locator('tr[data-code="0031000"]');
    await expect(change.getByTestId('diff-was').textContent()).resolves.toBe('49,9');
    await expect(change.getByTestId('diff-now').textContent()).resolves.toBe('4\u00a0990');
    await expect(change.getByTestId('diff-pct').textContent()).resolves.toBe('+9\u00a0900');
    const downloading = page.waitForEvent('download');
    await diff.getByRole('link', { name: PRICE_DIFF_UI.download }).click();
    const workbook = await readFile((await (await downloading).path())!);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
    await screenshot(page, 'price-version-held');

    // Nothing changed for the task until the version is accepted.
    expect(((await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task).stale).toBe(false);
    await dismissToasts(page);
    const heldId = await held.getAttribute('data-version-id');
    const acceptedAt = Date.now() - 1_000;
    await reasons.getByRole('button', { name: PRICE_VERSION_UI.accept, exact: true }).click();
    await expectToast(page, PRICE_VERSION_UI.accepted);
    await card.locator(`tr[data-version-id="${heldId}"][data-status="current"]`).waitFor();
    await card.getByTestId('price-list-held').waitFor({ state: 'detached' });
    await expect(card.locator('tr[data-version-id][data-status="old"]').count()).resolves.toBe(1);

    const batch = await automaticBatch(acceptedAt);
    expect(batch.action).toBe('generate');
    await page.getByRole('link', { name: BATCH_UI.recent, exact: true }).click();
    await waitForPath(open, '/batches', 'automatic-batch-list');
    const row = page.locator(`tr[data-batch-id="${batch.id}"]`);
    await row.getByText(AUTOMATIC, { exact: true }).waitFor();
    await row.getByRole('link', { name: BATCH_UI.title.generate, exact: true }).click();
    await waitForPath(open, `/batch/${batch.id}`, 'automatic-batch');
    await page.locator('[data-batch-status="done"]').waitFor({ timeout: 180_000 });
    await expect(page.locator(`tr[data-task-id="${task.id}"]`).getAttribute('data-status')).resolves.toBe('done');
    expect(open.errors).toEqual([]);
  });

  it('an upload by hand that the guard holds says why in its toast; `Отклонить` keeps the current version', async () => {
    await page.goto('/price-lists');
    const card = listCard(page, list);
    await dismissToasts(page);
    // Back to 49,90 from 4 990: a fall past half.
    await card.getByTestId('price-version-upload').locator('input[type=file]').setInputFiles({ name: 'неделя 49.csv', mimeType: 'text/csv', buffer: SAMPLE_CSV() });
    const toast = await expectToast(page, PRICE_VERSION_UI.heldToast(PRICE_GUARD.priceFell('вдвое', PRICE_GUARD.codes(1, '1'), '0031000: 4\u00a0990,00 → 49,90')));
    await toast.getByText('неделя 49.csv').waitFor();
    const held = card.locator('tr[data-version-id][data-status="held"]');
    await held.getByTestId('version-origin').getByText(PRICE_VERSION_UI.origin.upload, { exact: true }).waitFor();
    await card.getByTestId('held-version').getByRole('button', { name: PRICE_VERSION_UI.reject, exact: true }).click();
    await expectToast(page, PRICE_VERSION_UI.rejected);
    const rejected = card.locator('tr[data-version-id][data-status="rejected"]');
    await rejected.getByTestId('version-status').getByText(PRICE_VERSION_UI.status.rejected, { exact: true }).waitFor();
    await rejected.getByText(PRICE_VERSION_UI.decided('admin', '')).waitFor();
    await expect(card.locator('tr[data-version-id][data-status="current"]').count()).resolves.toBe(1);
    expect(open.errors).toEqual([]);
  });

  it('the journal tells the source, the hold, the decisions and the automatic batch in words', async () => {
    await page.goto('/audit');
    const rows = page.locator('.audit-table tbody tr');
    await rows.first().waitFor();
    const line = (action: string, text: string) => page.locator(`tr[data-action="${action}"]`, { hasText: text }).first();
    await line('price-source.set', PRICE_AUDIT_TEXT.sourceUrl(supplier.url('/prices/list.csv'))).getByText(AUDIT_ACTION_NAMES['price-source.set'], { exact: true }).waitFor();
    await line('price-version.hold', JUMP_REASON).waitFor();
    await line('price-version.accept', list.name).waitFor();
    await line('price-version.reject', 'неделя 49.csv').waitFor();
    const automatic = line('batch', PRICE_AUDIT_TEXT.byNewVersion);
    await automatic.getByText(AUTOMATIC, { exact: true }).waitFor();
    await expect(page.locator('.audit-table__details', { hasText: /^\{/ }).count()).resolves.toBe(0);
  });

  it('compared columns chosen in the page: suggested by the headers, one more found by its header, saved with the headers', async () => {
    await page.goto('/price-lists');
    const card = listCard(page, list);
    const form = (await unfold(card, PRICE_SETTINGS_UI.title)).getByTestId('price-list-settings');
    await form.getByRole('radio', { name: PRICE_SETTINGS_UI.compareOwn }).check();
    // The current version's code columns and its price, as the rules page's column inputs show them.
    await expect(form.getByLabel(UI.keyMa).inputValue()).resolves.toBe('2');
    await expect(form.getByLabel(UI.keyGm).inputValue()).resolves.toBe('3');
    await expect(form.getByLabel(PRICE_SETTINGS_UI.valueColumn(1)).inputValue()).resolves.toBe('6');
    await form.locator('[data-value-column="0"] [data-testid="column-header"]').getByText('Цена, руб.', { exact: true }).waitFor();
    await form.getByRole('button', { name: PRICE_SETTINGS_UI.addValueColumn }).click();
    const added = form.getByLabel(PRICE_SETTINGS_UI.valueColumn(2));
    await added.fill('остаток');
    await form.getByRole('option', { name: /Остаток/ }).waitFor();
    await added.press('Enter');
    await expect(added.inputValue()).resolves.toBe('9');
    await dismissToasts(page);
    await form.getByRole('button', { name: PRICE_SETTINGS_UI.save, exact: true }).click();
    await expectToast(page, PRICE_SETTINGS_UI.saved);
    const saved = (await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList;
    expect(saved.compare).toEqual({ keyColumns: { ma: 2, gm: 3 }, valueColumns: [6, 9], headers: { '2': 'Код МА', '3': 'Код ГМ', '6': 'Цена, руб.', '9': 'Остаток' } });

    // Back to the tasks' rules.
    await dismissToasts(page);
    await form.getByRole('radio', { name: PRICE_SETTINGS_UI.compareAuto }).check();
    await form.getByRole('button', { name: PRICE_SETTINGS_UI.save, exact: true }).click();
    await expectToast(page, PRICE_SETTINGS_UI.saved);
    expect(((await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList).compare).toBeNull();
    expect(open.errors).toEqual([]);
  });

  it('a viewer reads the settings and the source (never its secrets) and decides nothing', async () => {
    await api().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/prices/list.csv'), login: 'shop', password: 'секрет-поставщика', everyMinutes: 60 }).expect(200);
    const viewer = await userWithRole('viewer');
    const seen = await openPage(browser, apiUrl(), undefined, viewer);
    try {
      await seen.page.goto('/price-lists');
      const card = listCard(seen.page, list);
      const settings = await unfold(card, PRICE_SETTINGS_UI.title);
      await settings.getByText(PRICE_SETTINGS_UI.onNewVersionOptions.generate, { exact: true }).waitFor();
      await expect(settings.locator('input, select, button').count()).resolves.toBe(0);
      const source = await unfold(card, PRICE_SOURCE_UI.title);
      const view = source.getByTestId('price-source-view');
      await view.getByText(supplier.url('/prices/list.csv'), { exact: true }).waitFor();
      await view.getByText(PRICE_SOURCE_UI.secretKept, { exact: true }).waitFor();
      await expect(source.textContent()).resolves.not.toContain('секрет-поставщика');
      await runRows(source).first().waitFor();
      for (const name of [PRICE_SOURCE_UI.runNow, PRICE_SOURCE_UI.save, PRICE_VERSION_UI.accept]) {
        await expect(card.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
      }
      expect(seen.errors).toEqual([]);
    } finally {
      await seen.context.close();
    }
  });
});
