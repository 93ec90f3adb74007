import type { Browser, Page } from 'playwright-core';
import { EXPORT_FILE_NAME, TOAST, UI } from '@app/contracts';
import type { Task } from '@app/contracts';
import { fixture, fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { api, createTask, putGlobalMapping, upload } from '../support/api-client';
import { SAMPLE_RULES } from '../support/generate-helpers';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, exactText, expectToast, gotoTask, launchBrowser, openPage } from './browser';

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

const card = (page: Page, kind: 'price' | 'template') => page.locator(`.upload-card[data-kind="${kind}"]`);

describe('web: a CSV price list on the price card', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let task: Task;

  beforeAll(async () => {
    await putGlobalMapping(SAMPLE_RULES);
    task = await createTask(`CSV-прайс ${Date.now().toString(36)}`);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: sampleItems(), syncMapping: true }).expect(200);
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
    page = open.page;
    await gotoTask(page, task);
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
  });

  it('the price card offers .xlsx and .csv, the template card .xlsx only', async () => {
    await expect(card(page, 'price').locator('input[type=file]').getAttribute('accept')).resolves.toBe('.xlsx,.csv');
    await expect(card(page, 'template').locator('input[type=file]').getAttribute('accept')).resolves.toBe('.xlsx');
    await expect(card(page, 'price').locator('.upload-card__drop').textContent()).resolves.toContain(UI.dropHintPrice);
    await expect(card(page, 'template').locator('.upload-card__drop').textContent()).resolves.toContain(UI.dropHint);
  });

  it('a Windows-1251 CSV chosen in the picker is uploaded, named on the card and exported', async () => {
    await dismissToasts(page);
    await card(page, 'price').locator('input[type=file]').setInputFiles(fixture('csv/price-cp1251-semicolon.csv'));
    await expectToast(page, TOAST.uploaded);
    await card(page, 'price').locator('.badge', { hasText: exactText(UI.fileChosen) }).waitFor();
    await expect(card(page, 'price').locator('.upload-card__file-name').textContent()).resolves.toBe('price-cp1251-semicolon.csv');

    await dismissToasts(page);
    const downloadPromise = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: UI.generate, exact: true }).click();
    expect((await downloadPromise).suggestedFilename()).toBe(EXPORT_FILE_NAME);
    const t = await expectToast(page, TOAST.generated, 60_000);
    await expect(t.textContent()).resolves.toContain(TOAST.generatedSummary(12, 13));
  });
});
