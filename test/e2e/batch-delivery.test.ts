import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { BATCH_UI, DELIVERY_ERR, DELIVERY_UI, ERR, NOTICE_TEXT, type Batch, type CreateBatchRequest, type Task } from '@app/contracts';
import { api, binary } from '../support/api-client';
import { parseMessage, type ParsedMessage } from '../support/mime-message';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, eventually, expectToast, gotoTask, launchPage, screenshot, waitForPath } from './browser';
import { finishedBatch, getBatch, namedReadyTask } from './price-list-api';

/**
 * A batch's sending in Chromium (DESIGN §17, issue 36) against the run's API and worker, which have
 * no SMTP_URL: each message is written to the outbox as an .eml file, and the reply says where.
 * `Отправить получателям по готовности` starts a batch with `deliver: true`; the batch page's
 * `Отправка` shows each row's state, to whom and the reply; `Отправить всем` on a finished batch;
 * an admin's test message on `Пользователи`.
 */
jest.setTimeout(240_000);

const OUTBOX_REPLY = /^Сохранено в (.+\.eml) \(SMTP_URL не задан\)$/;
const SENT_AT = /^Отправлено \d\d\.\d\d\.\d{4}, \d\d:\d\d$/;

/** The message the outbox reply names, read as a mail client would. */
function outboxMessage(reply: string): ParsedMessage {
  const file = OUTBOX_REPLY.exec(reply)![1];
  return parseMessage(readFileSync(file.startsWith('/') ? file : `${process.cwd()}/${file}`));
}

const deliveryCell = (page: Page, task: Task) => page.locator(`tr[data-task-id="${task.id}"] .batch-delivery`);

/** Waits for the row's message to be sent and checks what its cell shows: the time, to whom, the reply. */
async function expectSentCell(page: Page, task: Task, recipients: string): Promise<string> {
  const cell = deliveryCell(page, task).and(page.locator('[data-delivery-status="sent"]'));
  await cell.waitFor({ timeout: 60_000 });
  await expect(cell.locator('.status').textContent()).resolves.toMatch(SENT_AT);
  await expect(cell.getByTestId('batch-delivery-to').textContent()).resolves.toBe(recipients);
  const reply = (await cell.getByTestId('batch-delivery-reply').textContent())!;
  expect(reply).toMatch(OUTBOX_REPLY);
  return reply;
}

/** The file the message carries is the row's export, byte for byte. */
async function expectAttached(message: ParsedMessage, batch: Batch, task: Task): Promise<void> {
  const row = batch.tasks.find((r) => r.taskId === task.id)!;
  const stored = (await api().get(`/api/tasks/${task.id}/exports/${row.exportId}/file`).buffer(true).parse(binary).expect(200)).body as Buffer;
  expect(message.attachments[0].content.equals(stored)).toBe(true);
}

async function toastDescription(toast: Locator): Promise<string | null> {
  return toast.locator('[data-description]').textContent();
}

describe('web: a batch’s files by e-mail and the admin’s test message', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let magnit: Task;
  let dixy: Task;
  let lonely: Task;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    magnit = await namedReadyTask(`Магнит ${suffix}`);
    dixy = await namedReadyTask(`Дикси ${suffix}`);
    lonely = await namedReadyTask(`Без адреса ${suffix}`);
    await api().put(`/api/tasks/${magnit.id}/delivery`).send({ to: ['buyer@magnit.example'], cc: ['sales@example.com'] }).expect(200);
    await api().put(`/api/tasks/${dixy.id}/delivery`).send({ to: ['buyer@dixy.example'] }).expect(200);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 120_000);
  afterAll(async () => {
    await closeBrowser(open, browser);
    for (const task of [magnit, dixy, lonely]) if (task) await api().delete(`/api/tasks/${task.id}`);
  });

  it('`Отправить получателям по готовности` with `Сформировать выбранные`: each row’s Отправка shows the time, to whom and the reply', async () => {
    await gotoTask(page, magnit);
    await page.getByRole('button', { name: BATCH_UI.select, exact: true }).click();
    for (const task of [magnit, dixy, lonely]) await page.locator(`.task-item[data-task-id="${task.id}"]`).getByRole('checkbox').check();
    await page.getByText(BATCH_UI.selected(3)).waitFor();
    await page.getByRole('checkbox', { name: DELIVERY_UI.deliverOnBatch, exact: true }).check();
    await screenshot(page, 'batch-deliver-ticked');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/batches');
    await page.getByRole('button', { name: BATCH_UI.generateSelected, exact: true }).click();
    const body = (await posted).postDataJSON() as CreateBatchRequest;
    expect(body).toMatchObject({ action: 'generate', deliver: true });
    expect([...body.taskIds].sort()).toEqual([magnit.id, dixy.id, lonely.id].sort());

    await page.waitForURL((u) => u.pathname.startsWith('/batch/'));
    const batchId = new URL(page.url()).pathname.slice('/batch/'.length);
    await page.locator('[data-batch-status="done"]').waitFor({ timeout: 180_000 });
    const toMagnit = await expectSentCell(page, magnit, 'buyer@magnit.example (копия: sales@example.com)');
    const toDixy = await expectSentCell(page, dixy, 'buyer@dixy.example');
    const none = deliveryCell(page, lonely).and(page.locator('[data-delivery-status="none"]'));
    await expect(none.textContent()).resolves.toBe(DELIVERY_UI.status.none);

    const batch = await getBatch(batchId);
    expect(batch.deliver).toBe(true);
    const magnitMail = outboxMessage(toMagnit);
    expect(magnitMail.to).toEqual(['buyer@magnit.example']);
    expect(magnitMail.cc).toEqual(['sales@example.com']);
    await expectAttached(magnitMail, batch, magnit);
    const dixyMail = outboxMessage(toDixy);
    expect(dixyMail.to).toEqual(['buyer@dixy.example']);
    await expectAttached(dixyMail, batch, dixy);
    // The column is the table's last: scrolled into view for the screenshot.
    await page.locator('.batch-table').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await screenshot(page, 'batch-delivery-sent');
    expect(open.errors).toEqual([]);
  });

  it('`Отправить всем` on a finished batch started without sending: the files go, the column fills', async () => {
    const batch = await finishedBatch('generate', [magnit.id, dixy.id, lonely.id]);
    expect(batch.deliver).toBe(false);
    expect(batch.tasks.map((r) => r.delivery ?? null)).toEqual([null, null, null]);
    await page.goto(`/batch/${batch.id}`);
    await waitForPath(open, `/batch/${batch.id}`, 'batch-send-all');
    await page.locator('[data-batch-status="done"]').waitFor();
    await expect(page.locator('.batch-delivery').count()).resolves.toBe(0);
    await dismissToasts(page);

    await page.getByRole('button', { name: DELIVERY_UI.sendAll, exact: true }).click();
    await expectToast(page, DELIVERY_UI.sendAllDone(2, 0, 1));
    const toMagnit = await expectSentCell(page, magnit, 'buyer@magnit.example (копия: sales@example.com)');
    await expectSentCell(page, dixy, 'buyer@dixy.example');
    await expectAttached(outboxMessage(toMagnit), batch, magnit);
    // The task without recipients has no message: nothing to show.
    await expect(deliveryCell(page, lonely).count()).resolves.toBe(0);

    // Again: both files went already, nothing more is sent.
    await dismissToasts(page);
    await page.getByRole('button', { name: DELIVERY_UI.sendAll, exact: true }).click();
    await expectToast(page, DELIVERY_UI.sendAllDone(0, 2, 1));
    const log = (await api().get(`/api/tasks/${magnit.id}/deliveries`).expect(200)).body as { batchId: string | null }[];
    expect(log.filter((d) => d.batchId === batch.id)).toHaveLength(1);
    expect(open.errors).toEqual([]);
  });

  it('`Проверка почты` on `Пользователи`: the test message goes and the toast tells the reply; a refused address, the server’s error', async () => {
    await page.goto('/users');
    await waitForPath(open, '/users', 'mail-test');
    await dismissToasts(page);
    const panel = page.getByRole('region', { name: DELIVERY_UI.mailTest });
    await panel.getByLabel(DELIVERY_UI.mailTestTo).fill('postmaster@example.com');
    await panel.getByRole('button', { name: DELIVERY_UI.mailTestSend, exact: true }).click();
    const sent = await expectToast(page, DELIVERY_UI.mailTestSent);
    const reply = (await toastDescription(sent))!;
    expect(reply).toMatch(OUTBOX_REPLY);
    const message = outboxMessage(reply);
    expect(message.to).toEqual(['postmaster@example.com']);
    expect(message.subject).toBe(NOTICE_TEXT.testSubject);

    // The browser takes `admin@localhost` as an address; the server does not (no dot in its domain).
    await dismissToasts(page);
    await panel.getByLabel(DELIVERY_UI.mailTestTo).fill('admin@localhost');
    await panel.getByRole('button', { name: DELIVERY_UI.mailTestSend, exact: true }).click();
    const refused = await expectToast(page, DELIVERY_UI.mailTestFailed);
    await eventually(async () => expect(await toastDescription(refused)).toBe(ERR.invalidField('to', DELIVERY_ERR.badAddresses(['admin@localhost']))));
    await screenshot(page, 'mail-test');
    expect(open.errors).toEqual([]);
  });
});
