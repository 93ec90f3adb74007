import type { Browser, Page } from 'playwright-core';
import { ERR, TOAST, UI } from '@app/contracts';
import type { Task } from '@app/contracts';
import { fixture } from '@app/export-engine/testing/fixtures';
import { api, createTask } from '../support/api-client';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, expectToast, gotoTask, launchBrowser, openPage, toast } from './browser';

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

const cell = (page: Page, row: number, field: string) => page.locator(`.items-table input[data-row="${row}"][data-field="${field}"]`);
const column = (page: Page, field: string) =>
  page.locator(`.items-table input[data-field="${field}"]`).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const stored = async (id: string) => (await api().get(`/api/tasks/${id}`).expect(200)).body as Task;

describe('web: a save from an outdated page is refused and keeps what was typed', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let task: Task;
  const save = () => page.getByRole('button', { name: UI.save, exact: true });

  beforeAll(async () => {
    task = await createTask(`Два окна ${Date.now().toString(36)}`);
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: 'исходная' }] }).expect(200);
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
    page = open.page;
    await gotoTask(page, task);
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (task) await api().delete(`/api/tasks/${task.id}`);
  });

  it('saves after an upload and saves again: its own saves are never refused', async () => {
    await page.locator('.upload-card[data-kind="price"] input[type=file]').setInputFiles(fixture('price-sample.xlsx'));
    await expectToast(page, TOAST.uploaded);
    await dismissToasts(page);
    await cell(page, 0, 'name').fill('после загрузки');
    await save().click();
    await expectToast(page, TOAST.saved);
    await dismissToasts(page);
    await cell(page, 0, 'gm').fill('77000');
    await save().click();
    await expectToast(page, TOAST.saved);
    expect((await stored(task.id)).items).toEqual([{ ma: 'исходная', gm: '77000', name: 'после загрузки', minQty: 1, step: 1 }]);
  });

  it('after a save in another window, Сохранить shows the conflict and the typed rows stay', async () => {
    await dismissToasts(page);
    const current = await stored(task.id);
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: 'другое окно' }], version: current.version }).expect(200);

    await cell(page, 0, 'ma').fill('моя правка');
    await page.getByRole('button', { name: UI.addRow }).click();
    await cell(page, 1, 'ma').fill('новая строка');
    await save().click();
    await expectToast(page, ERR.taskChanged);
    await expect(toast(page, TOAST.saved).count()).resolves.toBe(0);
    await save().waitFor();
    await expect(save().isEnabled()).resolves.toBe(true);

    await expect(column(page, 'ma')).resolves.toEqual(['моя правка', 'новая строка']);
    await expect(column(page, 'name')).resolves.toEqual(['после загрузки', '']);
    await expect(page.locator('.page-header__dirty').count()).resolves.toBe(1);
    expect((await stored(task.id)).items.map((i) => i.ma)).toEqual(['другое окно']);
  });

  it('Сформировать saves first and is refused the same way, without a download', async () => {
    await dismissToasts(page);
    let downloaded = false;
    page.once('download', () => (downloaded = true));
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await expectToast(page, ERR.taskChanged);
    await page.getByRole('button', { name: UI.generate, exact: true }).waitFor();
    await page.waitForTimeout(500);
    expect(downloaded).toBe(false);
    await expect(column(page, 'ma')).resolves.toEqual(['моя правка', 'новая строка']);
    expect((await stored(task.id)).items.map((i) => i.ma)).toEqual(['другое окно']);
  });

  it('has had no page errors', () => {
    expect(open.errors).toEqual([]);
  });
});
