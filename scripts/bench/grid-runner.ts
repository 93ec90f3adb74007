import type { Browser, Page } from 'playwright-core';
import type { Item } from '@app/contracts';
import { launchChromium } from '../chromium-browser';
import type { ApiClient } from './api-client';
import { elementCount, installGridProbe, scrollTableToEnd } from './grid-probe';
import { table, type Target } from './results-table';
import { mb, median, ms, percentile } from './stats-helper';

/** The task page with N items in Chromium (issue 29): opening, typing, memory, scrolling. */
export interface GridMeasure {
  items: number;
  /** Per page open: navigation start → the first rows painted. */
  firstRowsMs: number[];
  /** Per keystroke in the last row's name cell: keydown → the end of the next frame. */
  keyMs: number[];
  /**
   * The page's JS heap in use (Runtime.getHeapUsage), the most seen: once open, after scrolling,
   * after the keystrokes, each before any collection (what the page holds with its garbage).
   */
  heapMb: number;
  /** The heap V8 had reserved then (used and free). */
  heapTotalMb: number;
  /** In use after the keystrokes and a full collection (HeapProfiler.collectGarbage): what the page keeps. */
  heapAfterGcMb: number;
  /** Elements in the document once open. */
  elements: number;
  /** Frame intervals while the table is scrolled by the mouse wheel. */
  scrollFrameMs: number[];
}

export interface GridOptions {
  /** Page opens (fresh browser context each); the median first-rows time is reported. */
  opens: number;
  keys: number;
  log: (line: string) => void;
}

const VIEWPORT = { width: 1280, height: 800 };
const WORDS = ['Молоко', 'Кефир', 'Сыр', 'Масло сливочное', 'Йогурт питьевой', 'Творог', 'Сметана', 'Ряженка'];

/** Items as a chain's assortment looks: 9-digit MA codes, 5–6-digit GM codes, names of 20–50 characters. */
export function gridItems(count: number): Item[] {
  return Array.from({ length: count }, (_, k) => ({
    ma: String(1_000_000 + 7 * k).padStart(9, '0'),
    gm: String(70_000 + k),
    name: `${WORDS[k % WORDS.length]} ${(k % 9) + 1},${k % 10}% ${100 + (k % 900)} г, арт. ${k}`,
    minQty: 1 + (k % 12),
    step: 1 + (k % 6),
  }));
}

async function openTask(browser: Browser, baseUrl: string, taskId: string): Promise<{ page: Page; firstRowsMs: number; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale: 'ru-RU' });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.addInitScript(installGridProbe);
  await page.goto(`/task/${taskId}`);
  await page.waitForFunction(() => window.__grid.firstRowsMs !== null, undefined, { polling: 50 });
  const firstRowsMs = await page.evaluate(() => window.__grid.firstRowsMs!);
  return { page, firstRowsMs, close: () => context.close() };
}

/** Types `count` letters at the end of the last row's name cell, one at a time, each measured in the page. */
async function typeInLastRow(page: Page, items: number, count: number): Promise<number[]> {
  if (!(await page.evaluate(scrollTableToEnd))) throw new Error('the items table has no scroll box (.table-wrap)');
  const cell = page.locator(`.items-table input[data-row="${items - 1}"][data-field="name"]`);
  await cell.click();
  await page.keyboard.press('End');
  for (let i = 0; i < count; i++) {
    const before = await page.evaluate(() => window.__grid.keys.length);
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.waitForFunction((n) => window.__grid.keys.length > n, before, { polling: 10 });
    // Let the frame after settle, as between a person's keystrokes (~100 ms apart at speed).
    await page.waitForTimeout(60);
  }
  return page.evaluate((n) => window.__grid.keys.slice(-n), count);
}

async function scrollFrames(page: Page): Promise<number[]> {
  const box = await page.locator('.table-wrap').boundingBox();
  if (!box) return [];
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    window.__grid.frames = [];
    window.__grid.framesOn = true;
  });
  for (let i = 0; i < 40; i++) await page.mouse.wheel(0, i < 20 ? 400 : -400);
  await page.waitForTimeout(300);
  const frames = await page.evaluate(() => {
    window.__grid.framesOn = false;
    return window.__grid.frames;
  });
  return frames.slice(1).map((t, i) => t - frames[i]);
}

/** Measures the task page on a task of `items` items made through the API (PATCH), then deletes it. */
export async function measureGrid(client: ApiClient, items: number, options: GridOptions): Promise<GridMeasure> {
  const task = await client.createTask(`Таблица ${items}`);
  await client.setItems(task.id, gridItems(items));
  const browser = await launchChromium();
  try {
    const firstRowsMs: number[] = [];
    for (let i = 0; i < options.opens - 1; i++) {
      const opened = await openTask(browser, client.baseUrl, task.id);
      firstRowsMs.push(opened.firstRowsMs);
      await opened.close();
    }
    // The last open stays for the rest: settled, then its heap, the scroll and the keystrokes.
    const opened = await openTask(browser, client.baseUrl, task.id);
    firstRowsMs.push(opened.firstRowsMs);
    const { page } = opened;
    options.log(`  ${items} items: first rows ${firstRowsMs.map((t) => Math.round(t)).join(', ')} ms`);
    await page.waitForTimeout(1_000);
    const cdp = await page.context().newCDPSession(page);
    const heaps: { usedSize: number; totalSize: number }[] = [];
    const sampleHeap = async () => heaps.push(await cdp.send('Runtime.getHeapUsage'));
    await sampleHeap();
    const elements = await page.evaluate(elementCount);
    const scrollFrameMs = await scrollFrames(page);
    await sampleHeap();
    const keyMs = await typeInLastRow(page, items, options.keys);
    await sampleHeap();
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGcMb = (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
    const heapMb = Math.max(...heaps.map((h) => h.usedSize)) / 2 ** 20;
    const heapTotalMb = Math.max(...heaps.map((h) => h.totalSize)) / 2 ** 20;
    options.log(`  ${items} items: keystroke median ${median(keyMs).toFixed(1)} ms, heap ${heapMb.toFixed(0)} MB, scroll frame p95 ${percentile(scrollFrameMs, 95).toFixed(1)} ms`);
    await opened.close();
    return { items, firstRowsMs, keyMs, heapMb, heapTotalMb, heapAfterGcMb, elements, scrollFrameMs };
  } finally {
    await browser.close();
    await client.deleteTask(task.id);
  }
}

/** Issue 29's targets: first rows ≤ 1.5 s, a keystroke ≤ 50 ms (median), JS heap ≤ 150 MB. */
export function gridTargets(measures: GridMeasure[]): Target[] {
  return measures.flatMap((m) => {
    const first = median(m.firstRowsMs);
    const key = median(m.keyMs);
    return [
      { name: `task page, ${m.items} items: first rows after opening (median of ${m.firstRowsMs.length})`, measured: ms(first), target: '≤ 1500 ms', pass: first <= 1500 },
      { name: `task page, ${m.items} items: keystroke to the next frame (median of ${m.keyMs.length})`, measured: ms(key), target: '≤ 50 ms', pass: key <= 50 },
      { name: `task page, ${m.items} items: JS heap in use, most seen`, measured: mb(m.heapMb), target: '≤ 150 MB', pass: m.heapMb <= 150 },
    ];
  });
}

export function gridTable(measures: GridMeasure[]): string {
  const range = (v: number[]) => `${ms(Math.min(...v))} – ${ms(Math.max(...v))}`;
  return table(
    ['task page (Chromium)', ...measures.map((m) => `${m.items} items`)],
    [
      ['first rows: median (min – max)', ...measures.map((m) => `${ms(median(m.firstRowsMs))} (${range(m.firstRowsMs)})`)],
      ['keystroke → next frame: median / p95 / max', ...measures.map((m) => `${ms(median(m.keyMs))} / ${ms(percentile(m.keyMs, 95))} / ${ms(Math.max(...m.keyMs))}`)],
      ['JS heap in use, most seen / reserved / kept after GC', ...measures.map((m) => `${mb(m.heapMb)} / ${mb(m.heapTotalMb)} / ${mb(m.heapAfterGcMb)}`)],
      ['elements in the document', ...measures.map((m) => String(m.elements))],
      ['wheel scroll: frame interval p50 / p95 / max', ...measures.map((m) => `${ms(median(m.scrollFrameMs))} / ${ms(percentile(m.scrollFrameMs, 95))} / ${ms(Math.max(...m.scrollFrameMs))}`)],
    ],
  );
}
