import type { Browser, Page } from 'playwright-core';
import { GUARD_UI, TOAST, UI, headerChangeText, warningText } from '@app/contracts';
import type { RuleProfile, Task } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { buildWorkbook } from '@app/export-engine/testing/workbook-builders';
import { api, upload } from '../support/api-client';
import { closeBrowser, dismissToasts, expectToast, gotoTask, launchPage, screenshot, type OpenPage } from './browser';
import { createProfile, createTaskWith, dropAll, getProfile, getTask, uniqueName } from './profile-api';

jest.setTimeout(180_000);

const template = (headers: string[]) => buildWorkbook([{ name: 'Данные', rows: [headers] }]);
const warning = (page: Page) => page.getByTestId('header-changes');
const guardAnswer = (page: Page, taskId: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${taskId}/header-changes`) && r.request().method() === 'GET');

/**
 * The rules were made against a template with `Цена с НДС` in C; the chain's new template put
 * `Цена без НДС` there and moved `Цена с НДС` to D, and renamed `Название` in B.
 */
describe('web: the template guard on the task page', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let profile: RuleProfile;
  let task: Task;
  const moved = { file: 'template' as const, column: 3, now: 'Цена без НДС', expected: 'Цена с НДС', movedTo: 4 };
  const renamed = { file: 'template' as const, column: 2, now: 'Описание', expected: 'Название' };

  beforeAll(async () => {
    profile = await createProfile(uniqueName('Сеть Г'), {
      manualMapping: { ma: 1, gm: 0, name: 2, minQty: 0, step: 0 },
      priceToTemplate: { '6': 3 },
      priceKeys: { ma: 2, gm: 0 },
      headers: { template: { '1': 'Код МА', '2': 'Название', '3': 'Цена с НДС' }, price: {} },
    });
    task = await createTaskWith(uniqueName('Новый шаблон'), profile.id);
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    await upload(task.id, 'template', await template(['Код МА', 'Название', 'Цена с НДС'])).expect(200);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await dropAll([task], [profile]);
  });

  it('says nothing while the template has the headers the rules were made for', async () => {
    const answered = guardAnswer(page, task.id);
    await gotoTask(page, task);
    expect((await (await answered).json()).changes).toEqual([]);
    await expect(warning(page).count()).resolves.toBe(0);
  });

  it('warns after an upload of a template whose columns changed, and again when the page opens', async () => {
    await dismissToasts(page);
    const buffer = await template(['Код МА', 'Описание', 'Цена без НДС', 'Цена с НДС']);
    await page.locator('.upload-card[data-kind="template"] input[type=file]').setInputFiles({
      name: 'шаблон-v2.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await expectToast(page, TOAST.uploaded);
    await warning(page).waitFor();
    await expect(warning(page).locator('.header-changes__title').textContent()).resolves.toBe(GUARD_UI.title);
    const texts = [headerChangeText(renamed), headerChangeText(moved)];
    expect(texts[1]).toBe('Колонка C шаблона теперь «Цена без НДС», правило составлено для «Цена с НДС». Заголовок теперь в колонке D');
    await expect(warning(page).locator('.header-changes__text').allTextContents()).resolves.toEqual(texts);
    // Only the header that moved can be fixed in one click.
    await expect(warning(page).locator('[data-column="2"] button').count()).resolves.toBe(0);
    await expect(warning(page).locator('[data-column="3"]').getByRole('button', { name: GUARD_UI.fix }).count()).resolves.toBe(1);
    await screenshot(page, 'guard-warning');

    await page.reload();
    await warning(page).waitFor();
    await expect(warning(page).locator('.header-changes__text').allTextContents()).resolves.toEqual(texts);
  });

  it('Исправить re-points the rule in the profile and the task, and the warning of that column goes', async () => {
    await dismissToasts(page);
    const fix = page.waitForRequest((r) => r.url().endsWith(`/api/tasks/${task.id}/header-changes/fix`) && r.method() === 'POST');
    const answered = guardAnswer(page, task.id);
    await warning(page).locator('[data-column="3"]').getByRole('button', { name: GUARD_UI.fix }).click();
    expect((await fix).postDataJSON()).toEqual({ file: 'template', from: 3, to: 4 });
    await expectToast(page, GUARD_UI.fixed);
    await answered;
    await warning(page).locator('[data-column="3"]').waitFor({ state: 'detached' });
    await expect(warning(page).locator('.header-changes__text').allTextContents()).resolves.toEqual([headerChangeText(renamed)]);

    const stored = await getProfile(profile.id);
    expect(stored.priceToTemplate).toEqual({ '6': 4 });
    expect(stored.headers.template).toEqual({ '1': 'Код МА', '2': 'Название', '4': 'Цена с НДС' });
    expect((await getTask(task.id)).mapping.priceToTemplate).toEqual({ '6': 4 });
  });

  it('Сформировать still runs; its toast and its history row carry the warning that is left', async () => {
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '0031000' }] }).expect(200);
    await page.reload();
    await warning(page).waitFor();
    await dismissToasts(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await download;
    await expectToast(page, TOAST.generated);
    const text = warningText({ kind: 'headerChanged', ...renamed });
    await expectToast(page, text);
    await page.locator('.export-list__warning', { hasText: text }).first().waitFor();
    await screenshot(page, 'guard-generated');
    expect(open.errors).toEqual([]);
  });
});
