import type { Browser, Page } from 'playwright-core';
import { CHECK_UI, CHECK_WARNING, ERR, ITEMS_UI, TOAST, UI } from '@app/contracts';
import type { CheckResponse, Item, Mapping, Task } from '@app/contracts';
import { buildWorkbook, item, mapping } from '@app/export-engine/testing/workbook-builders';
import { api, createTask, putGlobalMapping, replaceGlobalMapping, upload } from '../support/api-client';
import { closeBrowser, dismissToasts, eventually, exactText, expectToast, gotoTask, launchPage, pasteText, screenshot, type OpenPage } from './browser';

jest.setTimeout(240_000);

const RULES: Mapping = mapping({ manual: { ma: 1, name: 2, minQty: 3, step: 4 }, price: { '3': 5 }, keys: { ma: 1, gm: 0 } });
const N = 10_000;
/** Item i has the code C-i; the price list has every code but those ending in 7 (1,000 not found). */
const code = (i: number) => `C-${i}`;
/** Every thousandth item (1000, 2000, … 10000) asks for 3 in steps of 2: a warning. */
const START: Item[] = Array.from({ length: N }, (_, i) => (i % 1000 === 999 ? item(code(i), '', `Товар ${i}`, 3, 2) : item(code(i), '', `Товар ${i}`)));
const PASTE_AT = 5_000;
const PASTED: Item[] = Array.from({ length: 3_000 }, (_, j) => item(`P-${j}`, `G-${j}`, `Вставка ${j}`, 2, 2));
const TYPED = ' (изм.)';

const box = (page: Page) => page.locator('.table-wrap:has(.items-table)');
const cell = (page: Page, row: number, field: string) => page.locator(`.items-table input[data-row="${row}"][data-field="${field}"]`);
const rendered = (page: Page) => page.locator('.items-table tr.items-row');
const filterButton = (page: Page, filter: string) => page.locator(`.items-filter__option[data-filter="${filter}"]`);
const search = (page: Page) => page.getByRole('searchbox', { name: ITEMS_UI.searchLabel });

/** The numbers of the rows rendered now, in order. */
const numbers = (page: Page) => page.locator('.items-table tr.items-row td.items-table__num').evaluateAll((tds) => tds.map((td) => Number(td.textContent!.replace(/\D+/g, ''))));

/** Scrolls the table's own box so that row `row` is among the rendered ones, as a user's scrolling does. */
async function scrollToRow(page: Page, row: number): Promise<void> {
  await box(page).evaluate((el, top) => (el.scrollTop = top), row * 35);
  await cell(page, row, 'ma').waitFor();
}

/** The focused cell's row, and whether the cell can be seen in the table's box below its sticky header. */
const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const wrap = input.closest('.table-wrap')!.getBoundingClientRect();
    // The header's cells are sticky (the thead element itself scrolls away with the table).
    const head = document.querySelector('.items-table thead th')!.getBoundingClientRect();
    const r = input.getBoundingClientRect();
    return { row: Number(input.dataset.row), field: input.dataset.field, seen: r.top >= head.bottom - 1 && r.bottom <= wrap.bottom + 1 };
  });

async function storedItems(taskId: string): Promise<Item[]> {
  return ((await api().get(`/api/tasks/${taskId}`).expect(200)).body as Task).items;
}

/**
 * The items table at 10,000 rows (issue 29): only the rows on screen rendered, typing in the last
 * row, Enter past the rendered rows, a paste of 3,000 rows into the middle, save and reload with
 * every value kept, the filters after a check with a filtered edit saved, a warning's jump to row
 * 9,000 hidden by the filter, and the search box.
 */
describe('web: the items table at 10,000 items', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let original: Mapping;
  let task: Task;
  const expected = START.map((i) => ({ ...i }));

  beforeAll(async () => {
    original = await replaceGlobalMapping(RULES);
    const priceRows = START.flatMap((_, i) => (i % 10 === 7 ? [] : [[code(i), '', 10 + (i % 90)]]));
    const price = await buildWorkbook([{ name: 'Прайс', rows: [['Код МА', 'Код ГМ', 'Цена'], ...priceRows] }]);
    const template = await buildWorkbook([{ name: 'Данные', rows: [['Код', 'Наименование', 'Мин. заказ', 'Кратность', 'Цена']] }]);
    task = await createTask(`Ассортимент ${Date.now().toString(36)}`);
    await upload(task.id, 'price', price).expect(200);
    await upload(task.id, 'template', template).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: START, syncMapping: true }).expect(200);
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    if (original) await putGlobalMapping(original);
    if (task) await api().delete(`/api/tasks/${task.id}`);
  });

  it('opens with only the rows on screen rendered, the header and the real row numbers', async () => {
    await gotoTask(page, task);
    await rendered(page).first().waitFor();
    await eventually(async () => expect(await page.locator('.panel__count').first().textContent()).toBe(String(N)));
    await eventually(async () => expect(await page.locator('.items-table').getAttribute('aria-rowcount')).toBe(String(N + 1)));
    expect(await rendered(page).count()).toBeLessThan(80);
    await eventually(async () => expect((await numbers(page)).slice(0, 3)).toEqual([1, 2, 3]));
    await page.getByText(ITEMS_UI.findHint, { exact: true }).waitFor();

    await scrollToRow(page, N - 1);
    await eventually(async () => expect((await numbers(page)).at(-1)).toBe(N));
    // The header stays on top of the scrolled rows.
    const [head, wrap] = await Promise.all([page.locator('.items-table thead th').first().boundingBox(), box(page).boundingBox()]);
    expect(Math.abs(head!.y - wrap!.y)).toBeLessThanOrEqual(2);
    expect(await rendered(page).count()).toBeLessThan(80);
  });

  it('types in the last row, reached with Ctrl+End', async () => {
    await box(page).evaluate((el) => (el.scrollTop = 0));
    await cell(page, 0, 'name').click();
    await page.keyboard.press('Control+End');
    await eventually(async () => expect(await focusedCell(page)).toEqual({ row: N - 1, field: 'name', seen: true }));
    await page.keyboard.press('End');
    await page.keyboard.type(TYPED);
    expected[N - 1].name += TYPED;
    await eventually(async () => expect(await cell(page, N - 1, 'name').inputValue()).toBe(expected[N - 1].name));
    await page.getByText(UI.unsavedMark).waitFor();
  });

  it('moves with Enter past the rendered rows, and back with the arrows and pages', async () => {
    await page.keyboard.press('Control+Home');
    await eventually(async () => expect(await focusedCell(page)).toEqual({ row: 0, field: 'name', seen: true }));
    // A slow machine renders rows later than keys arrive: every press must still count.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    for (let i = 0; i < 90; i++) await page.keyboard.press('Enter');
    await eventually(async () => expect(await focusedCell(page)).toEqual({ row: 90, field: 'name', seen: true }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    await eventually(async () => expect(await numbers(page)).not.toContain(1));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight'); // the caret is not at the end of a selected text: stays
    await eventually(async () => expect(await focusedCell(page)).toEqual({ row: 89, field: 'name', seen: true }));
    await page.keyboard.press('PageDown');
    const paged = await eventually(async () => {
      const focused = await focusedCell(page);
      expect(focused.row).toBeGreaterThan(95);
      expect(focused.seen).toBe(true);
      return focused;
    });
    // The focused row stays rendered while the box is scrolled far away, so typing still lands in it.
    await box(page).evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    expected[paged.row].name += '!';
    await eventually(async () => expect(await cell(page, paged.row, 'name').inputValue()).toBe(expected[paged.row].name));
  });

  it('pastes 3,000 rows copied from a spreadsheet into the middle', async () => {
    await scrollToRow(page, PASTE_AT);
    const tsv = PASTED.map((i) => [i.ma, i.gm, i.name, i.minQty, i.step].join('\t')).join('\r\n') + '\r\n';
    await pasteText(cell(page, PASTE_AT, 'ma'), tsv);
    PASTED.forEach((i, j) => (expected[PASTE_AT + j] = { ...i }));
    await eventually(async () => expect(await cell(page, PASTE_AT, 'name').inputValue()).toBe('Вставка 0'));
    await eventually(async () => expect(await page.locator('.panel__count').first().textContent()).toBe(String(N)));
    await scrollToRow(page, PASTE_AT + 2_999);
    await eventually(async () => expect(await cell(page, PASTE_AT + 2_999, 'name').inputValue()).toBe('Вставка 2999'));
    await eventually(async () => expect(await cell(page, PASTE_AT + 2_999, 'gm').inputValue()).toBe('G-2999'));
    await eventually(async () => expect(await cell(page, PASTE_AT + 3_000, 'name').inputValue()).toBe(`Товар ${PASTE_AT + 3_000}`));
  });

  it('refuses a paste whose quantity is not digits (`=1+1`) with the row it would land in, changing nothing', async () => {
    await dismissToasts(page);
    await scrollToRow(page, PASTE_AT);
    const tsv = 'X-1\tX-1\tЧужая 1\t2\t2\r\nX-2\tX-2\tЧужая 2\t=1+1\t2\r\n';
    await pasteText(cell(page, PASTE_AT, 'ma'), tsv);
    const refused = await expectToast(page, ITEMS_UI.pasteRefused);
    await refused.getByText(ERR.itemField(PASTE_AT + 2, UI.columns.minQty, ERR.qtyDigitsOnly), { exact: true }).waitFor();
    expect(await cell(page, PASTE_AT, 'ma').inputValue()).toBe('P-0');
    expect(await cell(page, PASTE_AT + 1, 'minQty').inputValue()).toBe('2');

    // A single value pasted into a quantity cell: refused alike, never typed in as 11.
    await dismissToasts(page);
    await pasteText(cell(page, PASTE_AT + 1, 'step'), '=1+1');
    const single = await expectToast(page, ITEMS_UI.pasteRefused);
    await single.getByText(ERR.itemField(PASTE_AT + 2, UI.columns.step, ERR.qtyDigitsOnly), { exact: true }).waitFor();
    expect(await cell(page, PASTE_AT + 1, 'step').inputValue()).toBe('2');
  });

  it('saves, and after a reload every value is kept', async () => {
    await dismissToasts(page);
    await page.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(page, TOAST.saved, 60_000);
    await expect(storedItems(task.id)).resolves.toEqual(expected);

    await page.reload();
    await rendered(page).first().waitFor();
    await scrollToRow(page, N - 1);
    await eventually(async () => expect(await cell(page, N - 1, 'name').inputValue()).toBe(expected[N - 1].name));
    await scrollToRow(page, PASTE_AT + 1_234);
    await eventually(async () => expect(await cell(page, PASTE_AT + 1_234, 'ma').inputValue()).toBe('P-1234'));
    await eventually(async () => expect(await cell(page, PASTE_AT + 1_234, 'minQty').inputValue()).toBe('2'));
  });

  let check: CheckResponse;

  it('after a check, filters the not found and the warned rows with their counts and real numbers', async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${task.id}/check`) && r.request().method() === 'POST', { timeout: 120_000 });
    await page.getByRole('button', { name: CHECK_UI.check, exact: true }).click();
    check = (await (await answered).json()) as CheckResponse;
    // Pasted codes are not in the price list; the items ending in 7 outside the paste neither.
    expect(check.missingItems).toHaveLength(3_000 + 700);
    const warned = [999, 1999, 2999, 3999, 4999, 8999, 9999];
    expect(check.warnedItems).toEqual(warned);

    await page.locator('.items-filter').waitFor();
    const count = (filter: string) => filterButton(page, filter).locator('.items-filter__count').textContent();
    await eventually(async () => expect(await count('all')).toBe(String(N)));
    await eventually(async () => expect(await count('missing')).toBe(String(check.missingItems.length)));
    await eventually(async () => expect(await count('warned')).toBe(String(warned.length)));
    await eventually(async () => expect(await filterButton(page, 'all').getAttribute('aria-pressed')).toBe('true'));

    await filterButton(page, 'warned').click();
    await eventually(async () => expect(await filterButton(page, 'warned').getAttribute('aria-pressed')).toBe('true'));
    await page.waitForFunction(() => document.querySelectorAll('.items-table tr.items-row').length === 7);
    await eventually(async () => expect(await numbers(page)).toEqual(warned.map((i) => i + 1)));
    await eventually(async () => expect(await page.locator('.items-table').getAttribute('aria-rowcount')).toBe('8'));
    await eventually(async () => expect(await rendered(page).first().getAttribute('title')).toBe(ITEMS_UI.warnedRow));
    await screenshot(page, 'items-grid-warned');

    // An edit in the filtered view: the row stays, its mark goes, and the save keeps it.
    await cell(page, 999, 'minQty').fill('4');
    await eventually(async () => expect(await rendered(page).first().getAttribute('title')).toBeNull());
    expect(await numbers(page)).toEqual(warned.map((i) => i + 1));
    expected[999].minQty = 4;

    await filterButton(page, 'missing').click();
    await eventually(async () => expect(await page.locator('.items-table').getAttribute('aria-rowcount')).toBe(String(check.missingItems.length + 1)));
    await eventually(async () => {
      const shown = await numbers(page);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(check.missingItems.slice(0, shown.length).map((i) => i + 1));
    });
    await eventually(async () => expect(await rendered(page).first().getAttribute('title')).toBe(UI.unmatchedRow));

    await dismissToasts(page);
    await page.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(page, TOAST.saved);
    await expect(storedItems(task.id)).resolves.toEqual(expected);
  });

  it('a warning jumps to row 9,000, which the filter hid and the table had not rendered', async () => {
    await eventually(async () => expect(await filterButton(page, 'missing').getAttribute('aria-pressed')).toBe('true'));
    const group = page.locator('.check-group[data-code="qty-not-multiple"]');
    await group.locator('summary').click();
    await group.getByRole('button', { name: exactText(CHECK_UI.itemWarning(9_000, CHECK_WARNING.qtyNotMultiple(3, 2))) }).click();
    await page.waitForFunction(() => {
      const row = document.querySelector('.items-table tr[data-item="8999"]');
      const r = row?.getBoundingClientRect();
      return !!r && row!.classList.contains('items-row--focused') && r.top >= 0 && r.bottom <= window.innerHeight;
    });
    await eventually(async () => expect(await filterButton(page, 'all').getAttribute('aria-pressed')).toBe('true'));
    await eventually(async () => expect(await page.locator('.items-table tr[data-item="8999"] td.items-table__num').textContent()).toContain('9000'));
    await screenshot(page, 'items-grid-jump');
  });

  it('searches code MA, code GM and name, Ctrl+F in the table leading there', async () => {
    await cell(page, 8999, 'name').click();
    await page.keyboard.press('Control+f');
    await eventually(async () => expect(await search(page).evaluate((el) => el === document.activeElement)).toBe(true));
    await page.keyboard.type('c-4321');
    await page.getByText(ITEMS_UI.found(1), { exact: true }).waitFor();
    await eventually(async () => expect(await numbers(page)).toEqual([4322]));

    // By GM code (pasted rows have one) and by name, any case: G-12, G-120…129, G-1200…1299.
    await search(page).fill('g-12');
    await page.getByText(ITEMS_UI.found(111), { exact: true }).waitFor();
    await search(page).fill('ВСТАВКА 299');
    const hits = PASTED.filter((i) => i.name.includes('Вставка 299')).length;
    await page.getByText(ITEMS_UI.found(hits), { exact: true }).waitFor();
    await eventually(async () => expect(await numbers(page)).toEqual([PASTE_AT + 299 + 1, ...Array.from({ length: 10 }, (_, k) => PASTE_AT + 2_990 + k + 1)]));

    // Enter in the box goes to the first row found; an edit there is an edit like any other.
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await focusedCell(page)).toEqual({ row: PASTE_AT + 299, field: 'ma', seen: true }));
    await search(page).fill('нет такого');
    await page.getByText(ITEMS_UI.found(0), { exact: true }).waitFor();
    await page.getByText(ITEMS_UI.nothingShown, { exact: true }).waitFor();
    await search(page).fill('');
    await eventually(async () => expect(await page.locator('.items-table').getAttribute('aria-rowcount')).toBe(String(N + 1)));
  });

  it('has had no page errors', () => {
    expect(open.errors).toEqual([]);
  });
});
