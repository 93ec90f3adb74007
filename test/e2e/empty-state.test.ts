import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { BATCH_UI, TOAST, UI } from '@app/contracts';
import { startApi } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { testEnv } from '../support/test-env';
import { answerDialog, exactText, expectToast, launchBrowser, openPage, screenshot } from './browser';

/**
 * The first-run experience needs a database with no tasks, so this file starts its own API on a
 * fresh database (same Redis prefix, bucket and worker as the shared one) and drops it afterwards.
 */
// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

describe('web: empty state, first task, redirect from /, deleting the last task, no batches yet', () => {
  let browser: Browser;
  let api: Awaited<ReturnType<typeof startApi>>;
  let dbUrl: string;

  beforeAll(async () => {
    const { appEnv, logDir, runId } = testEnv();
    const url = new URL(appEnv.DATABASE_URL);
    url.pathname = `/pe_test_${runId}_e2e_empty`;
    dbUrl = url.toString();
    [api, browser] = await Promise.all([startApi('api-e2e-empty', { ...appEnv, DATABASE_URL: dbUrl }, logDir), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop('SIGTERM');
    if (dbUrl) await dropDatabase(dbUrl);
  }, 60_000);

  it('walks from no tasks to one task and back', async () => {
    const { page, context, errors } = await openPage(browser, api.url);
    try {
      // Empty state at /, with the sidebar on the page.
      await page.goto('/');
      await page.getByRole('heading', { name: exactText(UI.noTasks) }).waitFor();
      await expect(page.getByText(UI.noTasksHint, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.locator('.sidebar__product').textContent()).resolves.toBe(UI.productName);
      await expect(page.locator('.sidebar__version').textContent()).resolves.toBe('v1.0.1');
      await expect(page.locator('.sidebar__copyright').textContent()).resolves.toBe(UI.copyright);
      await expect(page.getByRole('link', { name: UI.helpLink }).getAttribute('href')).resolves.toBe('/settings/mapping');
      await expect(page.getByRole('link', { name: UI.rulesLink }).getAttribute('href')).resolves.toBe('/settings/mapping');
      const sidebarWidth = await page.locator('.sidebar').evaluate((el) => el.getBoundingClientRect().width);
      expect(sidebarWidth).toBe(280);
      await screenshot(page, 'empty-state');

      // A missing task: loading, then not found.
      await page.goto(`/task/${randomUUID()}`);
      await page.getByRole('heading', { name: exactText(UI.taskNotFound) }).waitFor();

      // The prompt: cancel and a blank name do nothing.
      await page.goto('/');
      await page.getByRole('heading', { name: exactText(UI.noTasks) }).waitFor();
      const addTask = page.getByRole('button', { name: UI.addTask });
      const prompt = await answerDialog(page, false, () => addTask.click());
      expect(prompt).toEqual({ type: 'prompt', message: UI.newTaskPrompt });
      await answerDialog(page, '   ', () => addTask.click());
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('.task-item').count()).resolves.toBe(0);

      // A name (trimmed) creates the task and opens it.
      await answerDialog(page, '  Первая задача  ', () => addTask.click());
      await expectToast(page, TOAST.created);
      await page.waitForURL(/\/task\/[0-9a-f-]{36}$/);
      const taskUrl = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: exactText('Первая задача') }).waitFor();
      await expect(page.locator('.task-item--active .task-item__name').textContent()).resolves.toBe('Первая задача');
      await expect(page.locator('.page-header__meta').textContent()).resolves.toMatch(/^Создана \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);

      // / now redirects to the first task, replacing the history entry.
      await page.goto('/settings/mapping');
      await page.getByRole('heading', { name: exactText(UI.mappingTitle) }).waitFor();
      await page.locator('.sidebar__product').click();
      await page.waitForURL((u) => u.pathname === taskUrl);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/settings/mapping');
      await page.goto('/');
      await page.waitForURL((u) => u.pathname === taskUrl);

      // Deleting: the ✕ appears on hover; cancel keeps the task; accept deletes it and goes to /.
      const item = page.locator('.task-item').first();
      const del = item.getByTitle(UI.deleteTask);
      await expect(del.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('0');
      await item.hover();
      await page.waitForTimeout(300);
      await expect(del.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('1');
      const cancel = await answerDialog(page, false, () => del.click());
      expect(cancel).toEqual({ type: 'confirm', message: 'Удалить задачу «Первая задача»? Это действие необратимо.' });
      await page.waitForTimeout(300);
      await expect(page.locator('.task-item').count()).resolves.toBe(1);
      await answerDialog(page, true, () => del.click());
      await expectToast(page, TOAST.deleted);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('heading', { name: exactText(UI.noTasks) }).waitFor();
      await expect(page.locator('.task-item').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('`Пакеты` before any batch: says so and tells where one is started', async () => {
    const { page, context, errors } = await openPage(browser, api.url);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: BATCH_UI.recent, exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/batches');
      await page.getByRole('heading', { level: 1, name: exactText(BATCH_UI.recent) }).waitFor();
      await page.getByText(BATCH_UI.noRecent, { exact: true }).waitFor();
      await expect(page.getByText(BATCH_UI.noRecentHint, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: BATCH_UI.recent, exact: true }).getAttribute('aria-current')).resolves.toBe('page');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
