import type { Browser, Locator, Page } from 'playwright-core';
import { MANUAL_FIELDS, TOAST, UI } from '@app/contracts';
import type { Mapping } from '@app/contracts';
import { api, putGlobalMapping } from '../support/api-client';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, exactText, expectToast, launchPage, screenshot, waitForPath } from './browser';

const letterOf = (input: Locator) => input.locator('xpath=following-sibling::span[1]');

async function openRules(page: Page) {
  await page.goto('/settings/mapping');
  await page.getByRole('heading', { level: 1, name: exactText(UI.mappingTitle) }).waitFor();
  await page.locator('#manual-ma').waitFor();
}

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

describe('web: the rules page (/settings/mapping)', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let original: Mapping;

  beforeAll(async () => {
    original = (await api().get('/api/mappings/global').expect(200)).body as Mapping;
    await putGlobalMapping({
      manualMapping: { ma: 2, gm: 0, name: 0, minQty: 0, step: 0 },
      priceToTemplate: { '6': 5 },
      priceKeys: { ma: 0, gm: 0 },
    });
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (original) await putGlobalMapping(original);
  });

  it('is reached from the sidebar and shows the three sections with the stored rules', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: UI.rulesLink }).click();
    await waitForPath(open, '/settings/mapping', 'rules-from-sidebar');
    await openRules(page);
    for (const title of [UI.manualSection, UI.priceSection, UI.keysSection]) {
      await page.getByRole('heading', { level: 2, name: exactText(title) }).waitFor();
    }
    for (const field of MANUAL_FIELDS) {
      const input = page.locator(`#manual-${field}`);
      await expect(input.getAttribute('placeholder')).resolves.toBe(UI.zeroNotTransferred);
      await expect(page.locator(`label[for="manual-${field}"]`).textContent()).resolves.toBe(UI.columns[field]);
    }
    await expect(page.locator('label[for="key-ma"]').textContent()).resolves.toBe(UI.keyMa);
    await expect(page.locator('label[for="key-gm"]').textContent()).resolves.toBe(UI.keyGm);
    await expect(page.locator('#key-ma').getAttribute('placeholder')).resolves.toBe(UI.zeroAutoDetect);
    await expect(page.locator('#manual-ma').inputValue()).resolves.toBe('2');
    await expect(letterOf(page.locator('#manual-ma')).textContent()).resolves.toBe('B');
    await expect(page.locator('.pairs__row').count()).resolves.toBe(1);
    await expect(page.locator('.pairs__row input').first().inputValue()).resolves.toBe('6');
  });

  it('strips non-digits and shows column letters', async () => {
    const gm = page.locator('#manual-gm');
    await gm.fill('7');
    await expect(letterOf(gm).textContent()).resolves.toBe('G');
    await gm.fill('');
    await gm.pressSequentially('a2x8');
    await expect(gm.inputValue()).resolves.toBe('28');
    await expect(letterOf(gm).textContent()).resolves.toBe('AB');
    await gm.fill('');
    await expect(letterOf(gm).textContent()).resolves.toBe('—'); // empty = 0 = not transferred
    await gm.fill('3');
    await page.locator('#manual-step').fill('7');
    await page.locator('#key-gm').fill('4');
    await expect(letterOf(page.locator('#key-gm')).textContent()).resolves.toBe('D');
  });

  it('adds and removes price pairs and saves only complete ones', async () => {
    await page.getByRole('button', { name: UI.addPair }).click();
    await page.getByRole('button', { name: UI.addPair }).click();
    await page.getByRole('button', { name: UI.addPair }).click();
    const pairs = page.locator('.pairs__row');
    await expect(pairs.count()).resolves.toBe(4);
    await pairs.nth(1).locator('input').nth(0).fill('8');
    await pairs.nth(1).locator('input').nth(1).fill('10');
    await expect(letterOf(pairs.nth(1).locator('input').nth(1)).textContent()).resolves.toBe('J');
    await pairs.nth(2).locator('input').nth(0).fill('9'); // no template column: not sent
    await pairs.nth(3).locator('input').nth(0).fill('3');
    await pairs.nth(3).locator('input').nth(1).fill('12');
    await pairs.nth(3).getByRole('button', { name: UI.remove }).click();
    await expect(pairs.count()).resolves.toBe(3);
    await screenshot(page, 'rules-edited');

    await dismissToasts(page);
    // The page saves the profile it shows, here the default one (what /api/mappings/global reads).
    const put = page.waitForRequest((r) => /\/api\/profiles\/[0-9a-f-]{36}$/.test(r.url()) && r.method() === 'PUT');
    await page.getByRole('button', { name: UI.save, exact: true }).click();
    const body = (await put).postDataJSON();
    expect(body).toEqual({
      manualMapping: { ma: 2, gm: 3, name: 0, minQty: 0, step: 7 },
      priceToTemplate: { '6': 5, '8': 10 },
      priceKeys: { ma: 0, gm: 4 },
      headers: { template: {}, price: {} },
      // The profile's version the page loaded: a save from an outdated page is refused (profile-conflict.test.ts).
      version: expect.any(Number),
    });
    await expectToast(page, TOAST.saved);
    const stored = (await api().get('/api/mappings/global').expect(200)).body as Mapping;
    expect(stored).toMatchObject({ manualMapping: body.manualMapping, priceToTemplate: body.priceToTemplate, priceKeys: body.priceKeys });
  });

  it('shows the saved rules after a reload', async () => {
    await page.reload();
    await page.locator('#manual-ma').waitFor();
    await expect(page.locator('#manual-gm').inputValue()).resolves.toBe('3');
    await expect(page.locator('#manual-step').inputValue()).resolves.toBe('7');
    await expect(page.locator('#manual-name').inputValue()).resolves.toBe('');
    await expect(page.locator('#key-gm').inputValue()).resolves.toBe('4');
    const pairs = page.locator('.pairs__row');
    await expect(pairs.count()).resolves.toBe(2);
    const values = await pairs.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(values).toEqual(['6', '5', '8', '10']);
    expect(open.errors).toEqual([]);
  });
});
