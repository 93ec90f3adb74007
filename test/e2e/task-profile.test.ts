import type { Browser, Page } from 'playwright-core';
import { DEFAULT_PROFILE_NAME, PROFILE_UI, TOAST, UI } from '@app/contracts';
import type { RuleProfile, Task } from '@app/contracts';
import { api, createTask } from '../support/api-client';
import { closeBrowser, dismissToasts, expectToast, gotoTask, launchPage, type OpenPage } from './browser';
import { createProfile, defaultProfile, dropAll, getTask, uniqueName } from './profile-api';

jest.setTimeout(180_000);

const select = (page: Page) => page.getByTestId('task-profile').locator('select');
const shown = (page: Page) => page.getByTestId('task-profile').locator('option:checked').textContent();
const cell = (page: Page, row: number, field: string) => page.locator(`.items-table input[data-row="${row}"][data-field="${field}"]`);

describe('web: the task page shows and changes the task’s rule profile', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let chain: RuleProfile;
  let task: Task;

  beforeAll(async () => {
    chain = await createProfile(uniqueName('Сеть В'), {
      manualMapping: { ma: 4, gm: 0, name: 5, minQty: 0, step: 0 },
      priceToTemplate: { '7': 8 },
      priceKeys: { ma: 1, gm: 0 },
    });
    task = await createTask(uniqueName('Профиль задачи'));
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '100' }] }).expect(200);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await dropAll([task], [chain]);
  });

  it('says Правила: Общие правила beside the title of a new task', async () => {
    await gotoTask(page, task);
    await expect(page.getByTestId('task-profile').locator('span').first().textContent()).resolves.toBe(PROFILE_UI.taskRules);
    await page.getByTestId('task-profile').locator('option', { hasText: chain.name }).waitFor({ state: 'attached' });
    await expect(shown(page)).resolves.toBe(DEFAULT_PROFILE_NAME);
    expect(task.profileId).toBe((await defaultProfile()).id);
  });

  it('another profile gives the task its rules (PATCH with the version); typed rows stay and still save', async () => {
    await cell(page, 0, 'name').fill('напечатано до смены');
    const before = await getTask(task.id);
    const patch = page.waitForRequest((r) => r.url().endsWith(`/api/tasks/${task.id}`) && r.method() === 'PATCH');
    await select(page).selectOption(chain.id);
    expect((await patch).postDataJSON()).toEqual({ profileId: chain.id, syncMapping: true, version: before.version });
    const done = await expectToast(page, PROFILE_UI.taskProfileChanged(chain.name));
    await expect(done.textContent()).resolves.toContain(PROFILE_UI.taskRulesCopied);
    await expect(shown(page)).resolves.toBe(chain.name);

    const stored = await getTask(task.id);
    expect(stored.profileId).toBe(chain.id);
    expect(stored.mapping).toEqual({ manualMapping: chain.manualMapping, priceToTemplate: chain.priceToTemplate, priceKeys: chain.priceKeys });
    expect(stored.items.map((i) => i.name)).toEqual(['']);

    // The edit typed before the change is still there, unsaved, and its save is not refused as stale.
    await expect(cell(page, 0, 'name').inputValue()).resolves.toBe('напечатано до смены');
    await page.locator('.page-header__dirty').waitFor();
    await dismissToasts(page);
    await page.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(page, TOAST.saved);
    expect((await getTask(task.id)).items.map((i) => i.name)).toEqual(['напечатано до смены']);

    await page.reload();
    await page.getByTestId('task-profile').locator('option', { hasText: chain.name }).waitFor({ state: 'attached' });
    await expect(shown(page)).resolves.toBe(chain.name);
    expect(open.errors).toEqual([]);
  });
});
