import type { Browser, Locator, Page } from 'playwright-core';
import { COLUMNS_UI, TOAST, UI } from '@app/contracts';
import type { FileKind, RuleProfile, Task } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { createTask, upload } from '../support/api-client';
import { closeBrowser, dismissToasts, expectToast, launchPage, screenshot, type OpenPage } from './browser';
import { createProfile, dropAll, getProfile, uniqueName } from './profile-api';

jest.setTimeout(180_000);

// price-sample.xlsx: Артикул, Код МА, Код ГМ, Наименование, Производитель, Цена, руб., НДС, %, Штрихкод, Остаток.
// template-sample.xlsx: №, Код МА, Код ГМ, Наименование товара, Цена закупки, руб., Мин. партия, Кратность, Штрихкод.
const CODES = { manualMapping: { ma: 2, gm: 3, name: 0, minQty: 0, step: 0 } };

const status = (page: Page, kind: FileKind) => page.locator(`.columns-status[data-kind="${kind}"]`);
const caption = (input: Locator) => input.locator('xpath=..').getByTestId('column-header');
const autoMatch = (page: Page) => page.getByRole('button', { name: COLUMNS_UI.autoMatch, exact: true });
const pairValues = (page: Page) => page.locator('.pairs__row input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

async function openRules(page: Page, profile: RuleProfile, task?: Task) {
  await page.goto(`/settings/mapping?profile=${profile.id}${task ? `&task=${task.id}` : ''}`);
  await page.locator(`.page[data-profile="${profile.id}"] #manual-ma`).waitFor();
}

async function chooseTask(page: Page, task: Task) {
  await page.locator('#rules-task').selectOption(task.id);
  await status(page, 'template').and(page.locator('[data-status="ready"]')).waitFor();
  await status(page, 'price').and(page.locator('[data-status="ready"]')).waitFor();
}

async function saveRules(page: Page, profile: RuleProfile): Promise<Record<string, unknown>> {
  await dismissToasts(page);
  const put = page.waitForRequest((r) => r.url().endsWith(`/api/profiles/${profile.id}`) && r.method() === 'PUT');
  await page.getByRole('button', { name: UI.save, exact: true }).click();
  const body = (await put).postDataJSON() as Record<string, unknown>;
  await expectToast(page, TOAST.saved);
  return body;
}

describe('web: columns from a task on the rules page', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let both: Task;
  let priceOnly: Task;
  let picked: RuleProfile;
  let matched: RuleProfile;

  beforeAll(async () => {
    both = await createTask(uniqueName('Оба файла'));
    await upload(both.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    await upload(both.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    priceOnly = await createTask(uniqueName('Без шаблона'));
    await upload(priceOnly.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    picked = await createProfile(uniqueName('Выбор колонок'), CODES);
    matched = await createProfile(uniqueName('Подбор'), CODES);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await dropAll([both, priceOnly], [picked, matched]);
  });

  it('loads the chosen task’s columns; an input offers them as a searchable list F — header', async () => {
    await openRules(page, picked);
    await expect(page.locator('label[for="rules-task"]').textContent()).resolves.toBe(COLUMNS_UI.fromTask);
    await chooseTask(page, both);
    expect(new URL(page.url()).searchParams.get('task')).toBe(both.id);
    await expect(status(page, 'template').textContent()).resolves.toBe(COLUMNS_UI.loaded('template', 8));
    await expect(status(page, 'price').textContent()).resolves.toBe(COLUMNS_UI.loaded('price', 9));

    const name = page.locator('#manual-name');
    await name.click();
    const list = page.getByRole('listbox', { name: COLUMNS_UI.listLabel('template') });
    await list.waitFor();
    await expect(list.getByRole('option').count()).resolves.toBe(8);
    await expect(list.locator('.column-list__label').first().textContent()).resolves.toBe('A — №');
    await name.fill('наимен');
    await expect(list.locator('.column-list__label').allTextContents()).resolves.toEqual(['D — Наименование товара']);
    await screenshot(page, 'rules-column-search');
    await name.press('Enter');
    await list.waitFor({ state: 'detached' });
    await expect(name.inputValue()).resolves.toBe('4');
    await expect(caption(name).textContent()).resolves.toBe('Наименование товара');
    await expect(caption(name).getAttribute('title')).resolves.toBe('D — Наименование товара');

    // A typed number still works, and the header is shown beside it.
    const minQty = page.locator('#manual-minQty');
    await minQty.fill('6');
    await expect(caption(minQty).textContent()).resolves.toBe('Мин. партия');
    await page.locator('#manual-step').fill('30');
    await expect(caption(page.locator('#manual-step')).textContent()).resolves.toBe(COLUMNS_UI.notInFile);
    await page.locator('#manual-step').fill('');

    // A pair: the price side lists the price list's columns, the template side the template's.
    await page.getByRole('button', { name: UI.addPair }).click();
    const [priceSide, templateSide] = [page.locator('.pairs__row input').nth(0), page.locator('.pairs__row input').nth(1)];
    await priceSide.fill('6');
    await expect(caption(priceSide).textContent()).resolves.toBe('Цена, руб.');
    await templateSide.click();
    await page.getByRole('listbox', { name: COLUMNS_UI.listLabel('template') }).getByRole('option', { name: /^E — Цена закупки/ }).click();
    await expect(templateSide.inputValue()).resolves.toBe('5');
    await expect(caption(templateSide).textContent()).resolves.toBe('Цена закупки, руб.');
  });

  it('saves the headers of the picked and typed columns with the rules', async () => {
    const body = await saveRules(page, picked);
    const headers = {
      template: { '4': 'Наименование товара', '5': 'Цена закупки, руб.', '6': 'Мин. партия' },
      price: { '6': 'Цена, руб.' },
    };
    expect(body).toEqual({
      manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 0 },
      priceToTemplate: { '6': 5 },
      priceKeys: { ma: 0, gm: 0 },
      headers,
      version: picked.version,
    });
    expect((await getProfile(picked.id)).headers).toEqual(headers);

    // Without a task the inputs are plain numbers again and show the headers the rules were made for.
    await page.locator('#rules-task').selectOption('');
    await page.locator('#manual-name:not([role])').waitFor();
    const name = page.locator('#manual-name');
    await expect(caption(name).textContent()).resolves.toBe('Наименование товара');
    await expect(caption(name).getAttribute('class')).resolves.toContain('column-input__header--remembered');
  });

  it('says which file a task lacks, and Подобрать по заголовкам needs both', async () => {
    await page.locator('#rules-task').selectOption(priceOnly.id);
    await status(page, 'template').and(page.locator('[data-status="missing"]')).waitFor();
    await expect(status(page, 'template').textContent()).resolves.toBe(COLUMNS_UI.notUploaded('template'));
    await status(page, 'price').and(page.locator('[data-status="ready"]')).waitFor();
    await page.locator('#manual-name:not([role])').waitFor();
    await page.locator('#key-ma[role="combobox"]').waitFor();
    await expect(autoMatch(page).isDisabled()).resolves.toBe(true);
    await expect(autoMatch(page).getAttribute('title')).resolves.toBe(COLUMNS_UI.autoMatchNeedsFiles);
  });

  it('Подобрать по заголовкам fills the pairs and the code columns, shows what it filled, saves on Сохранить', async () => {
    await openRules(page, matched, both);
    await chooseTask(page, both);
    await dismissToasts(page);
    await autoMatch(page).click();
    const filled = [
      'D — Наименование → D — Наименование товара',
      'F — Цена, руб. → E — Цена закупки, руб.',
      'H — Штрихкод → H — Штрихкод',
      'Колонка кода МА: B — Код МА',
      'Колонка кода ГМ: C — Код ГМ',
    ];
    await expectToast(page, COLUMNS_UI.autoMatchFilled(5));
    const report = page.getByTestId('auto-match-report');
    await expect(report.locator('li').allTextContents()).resolves.toEqual(filled);
    await screenshot(page, 'rules-auto-match');
    await expect(pairValues(page)).resolves.toEqual(['4', '4', '6', '5', '8', '8']);
    await expect(page.locator('#key-ma').inputValue()).resolves.toBe('2');
    await expect(page.locator('#key-gm').inputValue()).resolves.toBe('3');
    await expect(page.locator('#manual-name').inputValue()).resolves.toBe('');
    await page.locator('.page-header__dirty').waitFor();
    expect((await getProfile(matched.id)).priceToTemplate).toEqual({});

    const body = await saveRules(page, matched);
    expect(body).toEqual({
      manualMapping: CODES.manualMapping,
      priceToTemplate: { '4': 4, '6': 5, '8': 8 },
      priceKeys: { ma: 2, gm: 3 },
      headers: {
        template: { '4': 'Наименование товара', '5': 'Цена закупки, руб.', '8': 'Штрихкод' },
        price: { '2': 'Код МА', '3': 'Код ГМ', '4': 'Наименование', '6': 'Цена, руб.', '8': 'Штрихкод' },
      },
      // The profile's version the page loaded (profile-conflict.test.ts).
      version: expect.any(Number),
    });
    await report.waitFor({ state: 'detached' });
    expect(await getProfile(matched.id)).toMatchObject({ priceToTemplate: body.priceToTemplate, headers: body.headers });

    // Run again: everything that matches is already a rule.
    await dismissToasts(page);
    await autoMatch(page).click();
    await expectToast(page, COLUMNS_UI.autoMatchNothing);
    await expect(pairValues(page)).resolves.toEqual(['4', '4', '6', '5', '8', '8']);
    expect(open.errors).toEqual([]);
  });
});
