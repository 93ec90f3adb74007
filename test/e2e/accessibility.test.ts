import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { BATCH_UI, CHECK_UI, PRICE_DIFF_UI, PRICE_LIST_UI, PRICE_SETTINGS_UI, PRICE_SOURCE_UI, PRICE_VERSION_UI, UI } from '@app/contracts';
import type { Batch, Item, Mapping, PriceList, SourceRun, Task } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api, putGlobalMapping } from '../support/api-client';
import { generate, readyTask } from '../support/generate-helpers';
import { addVersion as addVersionOf, repricedCsv } from '../support/price-lists';
import { closeBrowser, exactText, gotoTask, launchPage, type OpenPage } from './browser';
import { addVersion, createPriceList, dropAll, finishedBatch, follow, namedReadyTask } from './price-list-api';

jest.setTimeout(180_000);

/** WCAG 2.0 and 2.1, levels A and AA: what axe-core checks of them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Each violation as one line: the rule, what it says and where (so a failure reads at once). */
async function violations(page: Page): Promise<string[]> {
  // Judged at rest: a flash or transition half-way has colours of neither end.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.failureSummary?.replace(/\s+/g, ' ')} at ${n.target.join(' ')}`));
}

/**
 * Every page of the app passes axe-core's WCAG 2 A/AA rules (issue 29): the home page, the rules
 * page, a task's page in its fullest state (files, items with marks, the check's panel open with
 * its warnings, the filters, the export history), price lists, batches and the list of them (with
 * rows and empty), an unknown task and an unknown address.
 */
describe('web: accessibility (axe-core, WCAG 2 A/AA)', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let original: Mapping;
  let task: Task;
  let list: PriceList;
  let following: Task;
  let batch: Batch;
  let guarded: PriceList;

  beforeAll(async () => {
    original = (await api().get('/api/mappings/global').expect(200)).body as Mapping;
    // The sample items, one repeated and one off its step: the check has warnings of two kinds.
    const items: Item[] = [...sampleItems(), { ma: '0031000', gm: '', name: 'Повтор', minQty: 1, step: 1 }, { ma: '31012', gm: '', name: 'Без нулей', minQty: 5, step: 2 }];
    task = await readyTask(items);
    await generate(task.id).expect(200);
    // A list with two versions, a task that follows it (stale after the second), a finished batch.
    list = await createPriceList(`Доступность ${randomUUID().slice(0, 8)}`);
    await addVersion(list.id);
    following = await namedReadyTask(`Следит за прайсом ${randomUUID().slice(0, 8)}`);
    await follow(following.id, list.id);
    batch = await finishedBatch('generate', [following.id, task.id]);
    await addVersion(list.id);
    // A list whose second version is held, with a source whose one run failed (nothing listens on port 9).
    guarded = await createPriceList(`Задержанный ${randomUUID().slice(0, 8)}`);
    await addVersionOf(guarded.id, fixtureBytes('csv/price-utf8-bom-semicolon.csv'), 'неделя 47.csv');
    await addVersionOf(guarded.id, repricedCsv('4990'), 'неделя 48.csv');
    await api().put(`/api/price-lists/${guarded.id}/source`).send({ kind: 'url', url: 'http://127.0.0.1:9/prices.csv', everyMinutes: 60 }).expect(200);
    await api().post(`/api/price-lists/${guarded.id}/source/run`).expect(202);
    for (let runs: SourceRun[] = []; !runs[0]?.finishedAt; await new Promise((r) => setTimeout(r, 200))) {
      runs = (await api().get(`/api/price-lists/${guarded.id}/source/runs`).expect(200)).body as SourceRun[];
    }
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 90_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (original) await putGlobalMapping(original);
    await dropAll([task, following], list);
    await dropAll([], guarded);
  });

  it('the home page', async () => {
    await page.goto('/');
    await page.locator('.task-item').first().waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });

  it('the rules page', async () => {
    await page.goto('/settings/mapping');
    await page.getByRole('heading', { level: 1, name: exactText(UI.mappingTitle) }).waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });

  it('a task page with its files, items, history, the check panel and the filters', async () => {
    await gotoTask(page, task);
    await page.locator('.export-list__item').first().waitFor();
    await expect(violations(page)).resolves.toEqual([]);

    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    await page.getByTestId('check-panel').waitFor();
    await page.locator('.items-filter').waitFor();
    // Every warning group open, a row marked and one focused from a warning.
    for (const summary of await page.locator('.check-group summary').all()) await summary.click();
    await page.locator('.check-link').first().click();
    await page.locator('.items-row--focused').waitFor();
    await expect(violations(page)).resolves.toEqual([]);

    await page.locator('.items-filter__option[data-filter="missing"]').click();
    await page.locator('.items-search__input').fill('0031');
    await expect(violations(page)).resolves.toEqual([]);
  });

  it('the price lists page with its versions and columns open, the sidebar choosing tasks', async () => {
    await page.goto('/price-lists');
    const card = page.locator(`[data-price-list-id="${list.id}"]`);
    await card.locator('summary', { hasText: PRICE_LIST_UI.versions }).click();
    await card.locator('tr[data-version-id]').nth(1).waitFor();
    await card.locator('summary', { hasText: PRICE_LIST_UI.columns }).click();
    await card.locator('table', { has: page.getByRole('columnheader', { name: PRICE_LIST_UI.versionColumns.header }) }).waitFor();
    await page.locator('.stale-dot').first().waitFor();
    await expect(violations(page)).resolves.toEqual([]);

    await page.getByRole('button', { name: BATCH_UI.select, exact: true }).click();
    await page.getByRole('checkbox').first().check();
    await expect(violations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: BATCH_UI.cancelSelect, exact: true }).click();
  });

  it('a price list’s settings with its own columns, its source form and runs, a held version and its comparison', async () => {
    await page.goto('/price-lists');
    const card = page.locator(`[data-price-list-id="${guarded.id}"]`);
    await card.locator('summary', { hasText: PRICE_SETTINGS_UI.title }).click();
    await card.getByRole('radio', { name: PRICE_SETTINGS_UI.compareOwn }).check();
    await card.locator('.column-input').first().waitFor();
    await card.locator('summary', { hasText: PRICE_SOURCE_UI.title }).click();
    await card.getByTestId('price-source-form').waitFor();
    await card.locator('tr[data-run-id][data-outcome="failed"]').waitFor();
    // Held: the versions are open by themselves, the reasons and the decision shown.
    await card.getByTestId('held-version').waitFor();
    await card.getByRole('button', { name: PRICE_VERSION_UI.compare, exact: true }).click();
    await card.getByTestId('price-diff').getByRole('link', { name: PRICE_DIFF_UI.download }).waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });

  it('a task that follows a stale price list, and a finished batch', async () => {
    await gotoTask(page, following);
    await page.getByTestId('price-follow').waitFor();
    await page.getByTestId('task-stale').waitFor();
    await page.locator('.export-list__item').first().waitFor();
    await expect(violations(page)).resolves.toEqual([]);

    await page.goto(`/batch/${batch.id}`);
    await page.locator('[data-batch-status="done"]').waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });

  it('the list of recent batches, and the list with none', async () => {
    await page.goto('/batches');
    await page.locator(`tr[data-batch-id="${batch.id}"][data-status="done"]`).waitFor();
    await expect(violations(page)).resolves.toEqual([]);

    // This run's database has batches: the empty list is the page's answer to an empty one.
    await page.route('**/api/batches', (route) => route.fulfill({ json: [] }), { times: 1 });
    await page.reload();
    await page.getByText(BATCH_UI.noRecent, { exact: true }).waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });

  it('an unknown task and an unknown address', async () => {
    await page.goto(`/task/${randomUUID()}`);
    await page.getByRole('heading', { level: 1, name: exactText(UI.taskNotFound) }).waitFor();
    await expect(violations(page)).resolves.toEqual([]);
    await page.goto('/no-such-page');
    await page.getByText(UI.pageNotFound).first().waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });
});
