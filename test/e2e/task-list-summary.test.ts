import type { Browser, Page, Request } from 'playwright-core';
import { TOAST, UI } from '@app/contracts';
import type { Task } from '@app/contracts';
import { fixture } from '@app/export-engine/testing/fixtures';
import { api, createTask } from '../support/api-client';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { closeBrowser, exactText, expectToast, launchBrowser, openPage } from './browser';

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

const DATE = /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name: exactText(name) });
const sidebarItem = (page: Page, task: Task) => page.locator(`.task-item[data-task-id="${task.id}"]`);
const rowCount = (page: Page) => page.locator('.items-table tbody tr').count();

/**
 * The sidebar is drawn from `GET /api/tasks?view=summary` and each task page from
 * `GET /api/tasks/{id}`: the full list (every task's items) is never fetched by the web app.
 */
describe('web: the sidebar from the task summaries, each page from its own task', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let first: Task;
  let second: Task;
  const listCalls: string[] = [];
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    first = await createTask(`Сводка А ${suffix}`);
    await api()
      .patch(`/api/tasks/${first.id}`)
      .send({ items: [{ ma: '0031000', gm: '77000', name: 'Молоко', minQty: 1, step: 1 }, { ma: '0031003' }] })
      .expect(200);
    second = await createTask(`Сводка Б ${suffix}`);
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
    page = open.page;
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.startsWith('/api/tasks')) listCalls.push(url.pathname + url.search);
    });
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    for (const t of [first, second]) if (t) await api().delete(`/api/tasks/${t.id}`);
  });

  it('opens the newest task from / and lists the tasks newest first with their names and dates', async () => {
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === `/task/${second.id}`);
    await heading(page, second.name).waitFor();
    const names = await page.locator('.task-item__name').allTextContents();
    expect(names.indexOf(second.name)).toBe(0);
    expect(names.indexOf(first.name)).toBe(1);
    await expect(sidebarItem(page, first).locator('.task-item__date').textContent()).resolves.toMatch(DATE);
    await expect(page.locator('.task-item--active .task-item__name').textContent()).resolves.toBe(second.name);
  });

  it('opens a task from the sidebar with its items', async () => {
    await sidebarItem(page, first).locator('a').click();
    await page.waitForURL((u) => u.pathname === `/task/${first.id}`);
    await heading(page, first.name).waitFor();
    await expect(page.locator('.page-header__meta').textContent()).resolves.toMatch(new RegExp(`^${UI.createdAt} \\d{2}\\.`));
    await expect(rowCount(page)).resolves.toBe(2);
    await expect(page.locator('.items-table input[data-row="0"][data-field="name"]').inputValue()).resolves.toBe('Молоко');
    await expect(page.locator('.task-item--active .task-item__name').textContent()).resolves.toBe(first.name);
  });

  it('an upload shows on the card at once and the sidebar keeps its tasks', async () => {
    const card = page.locator('.upload-card[data-kind="price"]');
    await card.locator('input[type=file]').setInputFiles(fixture('price-sample.xlsx'));
    await expectToast(page, TOAST.uploaded);
    await card.locator('.badge', { hasText: exactText(UI.fileChosen) }).waitFor();
    await expect(card.locator('.upload-card__file-name').textContent()).resolves.toBe('price-sample.xlsx');
    await expect(rowCount(page)).resolves.toBe(2);
    await expect(sidebarItem(page, second).locator('.task-item__name').textContent()).resolves.toBe(second.name);
  });

  it('an address of a task that does not exist says so', async () => {
    await page.goto('/task/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: exactText(UI.taskNotFound) }).waitFor();
  });

  it('fetched the summaries and single tasks, never the full list', () => {
    expect(listCalls).toContain('/api/tasks?view=summary');
    expect(listCalls).toContain(`/api/tasks/${first.id}`);
    expect(listCalls.filter((c) => c === '/api/tasks' || c === '/api/tasks/')).toEqual([]);
  });

  it('has had no page errors', () => {
    expect(open.errors).toEqual([]);
  });
});
