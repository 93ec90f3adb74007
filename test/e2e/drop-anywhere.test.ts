import type { Browser, Locator, Page } from 'playwright-core';
import { TOAST, UI } from '@app/contracts';
import type { Task } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api, createTask } from '../support/api-client';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, exactText, expectToast, gotoTask, launchBrowser, openPage, pasteText, toast } from './browser';

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

interface Cancelled {
  dragover: boolean;
  drop: boolean;
}

/**
 * Drags a file (or, with `text`, plain text) onto an element as the browser does and says which
 * events the page cancelled: an uncancelled file drop is one the browser opens or downloads itself.
 */
async function drag(target: Locator, payload: { bytes: Buffer; name: string } | { text: string }): Promise<Cancelled> {
  const arg = 'text' in payload ? { text: payload.text } : { b64: payload.bytes.toString('base64'), name: payload.name };
  return target.evaluate((el, p) => {
    const dt = new DataTransfer();
    if (p.text !== undefined) dt.setData('text/plain', p.text);
    else {
      const bin = atob(p.b64!);
      dt.items.add(new File([Uint8Array.from(bin, (c) => c.charCodeAt(0))], p.name!));
    }
    const fire = (kind: string) => !el.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
    fire('dragenter');
    const dragover = fire('dragover');
    return { dragover, drop: fire('drop') };
  }, arg);
}

const cell = (page: Page, row: number, field: string) => page.locator(`.items-table input[data-row="${row}"][data-field="${field}"]`);
const card = (page: Page, kind: 'price' | 'template') => page.locator(`.upload-card[data-kind="${kind}"]`);

describe('web: a file dropped on a card is uploaded, anywhere else it is refused', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let task: Task;
  const price = { bytes: fixtureBytes('price-sample.xlsx'), name: 'price-sample.xlsx' };

  beforeAll(async () => {
    task = await createTask(`Перетаскивание ${Date.now().toString(36)}`);
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
    page = open.page;
    await gotoTask(page, task);
    await cell(page, 0, 'ma').fill('НЕ СОХРАНЕНО');
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (task) await api().delete(`/api/tasks/${task.id}`);
  });

  it('uploads a file dropped on the card outside its dashed zone', async () => {
    const result = await drag(card(page, 'price').locator('.upload-card__header'), price);
    expect(result).toEqual({ dragover: true, drop: true });
    await expectToast(page, TOAST.uploaded);
    await card(page, 'price').locator('.badge', { hasText: exactText(UI.fileChosen) }).waitFor();
    await expect(card(page, 'price').locator('.upload-card__file-name').textContent()).resolves.toBe(price.name);
  });

  it('still uploads a file dropped on the dashed zone', async () => {
    await dismissToasts(page);
    const result = await drag(card(page, 'template').locator('.upload-card__drop'), { bytes: fixtureBytes('template-sample.xlsx'), name: 'template-sample.xlsx' });
    expect(result).toEqual({ dragover: true, drop: true });
    await expectToast(page, TOAST.uploaded);
    await card(page, 'template').locator('.badge', { hasText: exactText(UI.fileChosen) }).waitFor();
  });

  it('refuses a file dropped anywhere else, and the page keeps its unsaved rows', async () => {
    await dismissToasts(page);
    const elsewhere = [
      page.getByRole('heading', { name: exactText(UI.itemsSection) }),
      cell(page, 0, 'name'),
      page.locator('.page-header'),
      page.locator('.sidebar'),
      page.locator('.upload-grid'),
      page.locator('body'),
    ];
    for (const target of elsewhere) {
      await expect(drag(target, { bytes: Buffer.from('a;b\n'), name: 'stray.csv' })).resolves.toEqual({ dragover: true, drop: true });
    }
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/task/${task.id}`);
    await expect(cell(page, 0, 'ma').inputValue()).resolves.toBe('НЕ СОХРАНЕНО');
    await expect(cell(page, 0, 'name').inputValue()).resolves.toBe('');
    await expect(page.locator('.page-header__dirty').count()).resolves.toBe(1);
    await expect(toast(page, TOAST.uploaded).count()).resolves.toBe(0);
    await expect(toast(page, TOAST.uploadFailed).count()).resolves.toBe(0);
    const stored = (await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task;
    expect(stored.files.price?.name).toBe(price.name);
    expect(stored.items).toEqual([]);
  });

  it('leaves text drags and paste into the table as they were', async () => {
    await expect(drag(cell(page, 0, 'name'), { text: 'текст' })).resolves.toEqual({ dragover: false, drop: false });
    await pasteText(cell(page, 0, 'gm'), '77000\tМолоко\r\n77001\tКефир\r\n');
    await page.waitForFunction(() => document.querySelectorAll('.items-table tbody tr').length === 2);
    await expect(cell(page, 1, 'name').inputValue()).resolves.toBe('Кефир');
    await expect(cell(page, 0, 'ma').inputValue()).resolves.toBe('НЕ СОХРАНЕНО');
  });

  it('has had no page errors', () => {
    expect(open.errors).toEqual([]);
  });
});
