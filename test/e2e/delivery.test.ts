import type { Browser, Page } from 'playwright-core';
import { DELIVERY_UI, ERR, UI, type Delivery, type Task } from '@app/contracts';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api } from '../support/api-client';
import { readyTask } from '../support/generate-helpers';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, eventually, expectToast, gotoTask, launchPage, screenshot } from './browser';

/**
 * The task page's `Отправка` (DESIGN §17, issue 36) in Chromium against the run's API and worker
 * (no SMTP_URL there: the worker writes each message to its outbox, which the log shows as sent):
 * set the recipients, generate, `Отправить`, and the history row says `Отправлено` with the time.
 */
jest.setTimeout(180_000);

describe('web: sending a task’s file by e-mail', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let task: Task;

  beforeAll(async () => {
    task = await readyTask(sampleItems());
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 120_000);
  afterAll(async () => {
    await closeBrowser(open, browser);
    await api().delete(`/api/tasks/${task.id}`);
  });

  const card = () => page.getByTestId('delivery-card');

  it('a wrong address is refused with the server’s message naming it; then the recipients are saved', async () => {
    await gotoTask(page, task);
    await card().getByLabel(DELIVERY_UI.to).fill('manager@chain.example, не-адрес');
    await card().getByRole('button', { name: DELIVERY_UI.save }).click();
    const refused = await expectToast(page, DELIVERY_UI.saveFailed);
    await expect(refused.textContent()).resolves.toContain(ERR.invalidField('to', 'неверные адреса: не-адрес'));
    await dismissToasts(page);

    await card().getByLabel(DELIVERY_UI.to).fill('manager@chain.example');
    await card().getByLabel(DELIVERY_UI.cc).fill('sales@example.com');
    await card().getByLabel(DELIVERY_UI.subject).fill('Выгрузка {task} от {date}');
    await card().getByRole('button', { name: DELIVERY_UI.save }).click();
    await expectToast(page, DELIVERY_UI.saved);
    const saved = (await api().get(`/api/tasks/${task.id}/delivery`).expect(200)).body.settings;
    expect(saved).toMatchObject({ to: ['manager@chain.example'], cc: ['sales@example.com'], subject: 'Выгрузка {task} от {date}' });
  });

  it('Сформировать, then Отправить on the history row: `Отправлено` with the time, and the log has the message', async () => {
    await dismissToasts(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    await download;
    const row = page.locator('.export-list__item').first();
    await row.getByRole('button', { name: DELIVERY_UI.send, exact: true }).click();
    await expectToast(page, DELIVERY_UI.sendQueued);
    const state = row.locator('[data-delivery-status="sent"]');
    await state.waitFor({ timeout: 60_000 });
    const [delivery] = (await api().get(`/api/tasks/${task.id}/deliveries`).expect(200)).body as Delivery[];
    expect(delivery).toMatchObject({ status: 'sent', to: ['manager@chain.example'], cc: ['sales@example.com'] });
    const shown = await state.locator('.status').textContent();
    expect(shown).toMatch(/^Отправлено \d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    await row.getByRole('button', { name: DELIVERY_UI.resend, exact: true }).waitFor();

    const log = page.getByRole('table', { name: DELIVERY_UI.log });
    await eventually(async () => {
      const cells = await log.locator(`tr[data-delivery-id="${delivery.id}"] td`).allTextContents();
      expect(cells[2]).toBe(`manager@chain.example (копия: sales@example.com)`);
      expect(cells[4]).toBe(DELIVERY_UI.status.sent);
      expect(cells[5]).toMatch(/^Сохранено в .+\.eml \(SMTP_URL не задан\)$/);
    });
    await screenshot(page, 'delivery-sent');
    expect(open.errors).toEqual([]);
  });
});
