import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { CHECK_UI, UI } from '@app/contracts';
import type { Item, Mapping, Task } from '@app/contracts';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api, putGlobalMapping } from '../support/api-client';
import { generate, readyTask } from '../support/generate-helpers';
import { closeBrowser, exactText, gotoTask, launchPage, type OpenPage } from './browser';

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
 * its warnings, the filters, the export history), an unknown task and an unknown address.
 */
describe('web: accessibility (axe-core, WCAG 2 A/AA)', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let original: Mapping;
  let task: Task;

  beforeAll(async () => {
    original = (await api().get('/api/mappings/global').expect(200)).body as Mapping;
    // The sample items, one repeated and one off its step: the check has warnings of two kinds.
    const items: Item[] = [...sampleItems(), { ma: '0031000', gm: '', name: 'Повтор', minQty: 1, step: 1 }, { ma: '31012', gm: '', name: 'Без нулей', minQty: 5, step: 2 }];
    task = await readyTask(items);
    await generate(task.id).expect(200);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 90_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (original) await putGlobalMapping(original);
    if (task) await api().delete(`/api/tasks/${task.id}`);
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

  it('an unknown task and an unknown address', async () => {
    await page.goto(`/task/${randomUUID()}`);
    await page.getByRole('heading', { level: 1, name: exactText(UI.taskNotFound) }).waitFor();
    await expect(violations(page)).resolves.toEqual([]);
    await page.goto('/no-such-page');
    await page.getByText(UI.pageNotFound).first().waitFor();
    await expect(violations(page)).resolves.toEqual([]);
  });
});
