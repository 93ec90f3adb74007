import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { SESSION_COOKIE } from '@app/contracts';
import { launchChromium } from '../../scripts/chromium-browser';
import { apiUrl } from '../support/test-env';
import { DEFAULT_ADMIN_LOGIN, signInCookie } from '../support/auth';

/** Debian's Chromium, headless (scripts/chromium-browser.ts, which the benchmark shares). */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page and Content-Security-Policy refusals, so a test can assert there were none. */
  errors: string[];
}

/** Who the page is signed in as: a login and password, or null for a browser that is not signed in. */
export type PageUser = { login: string; password: string } | null;

/**
 * A new browser context on the app, signed in (as the first admin unless `as` says otherwise): the
 * session cookie is set before the first navigation, as if the user had signed in on `/login`.
 */
export async function openPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }, as: PageUser = DEFAULT_ADMIN_LOGIN): Promise<OpenPage> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true, locale: 'ru-RU' });
  if (as) await signInContext(context, baseURL, as.login, as.password);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(30_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** Puts a fresh session of that user into the context's cookies (httpOnly, SameSite=Lax, as the API sets it). */
export async function signInContext(context: BrowserContext, baseURL: string, login: string, password: string): Promise<void> {
  const pair = await signInCookie(baseURL, login, password);
  const value = pair.slice(SESSION_COOKIE.length + 1);
  await context.addCookies([{ name: SESSION_COOKIE, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * Waits for the page to reach `pathname`; when it does not, the error says where the page is,
 * what it threw and where its screenshot is (a hung navigation is otherwise just a timeout).
 */
export async function waitForPath(open: OpenPage, pathname: string, name: string): Promise<void> {
  try {
    await open.page.waitForURL((u) => u.pathname === pathname);
  } catch (error) {
    const shot = join(SCREENSHOT_DIR, `${name}-failed.png`);
    await screenshot(open.page, `${name}-failed`).catch(() => undefined);
    throw new Error(`${(error as Error).message}\npage at ${open.page.url()}, page errors: ${JSON.stringify(open.errors)}, screenshot ${shot}`);
  }
}

/** Screenshots go to a temporary folder, never into the repository. */
export const SCREENSHOT_DIR = join(tmpdir(), 'price-export-e2e-screenshots');
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

export interface DialogSeen {
  type: string;
  message: string;
}

/**
 * Runs `trigger`, answers the one dialog (prompt/confirm) it opens and returns what it showed.
 * `answer`: a string accepts a prompt with it, true accepts, false dismisses (cancel).
 */
export async function answerDialog(page: Page, answer: string | boolean, trigger: () => Promise<unknown>): Promise<DialogSeen> {
  let resolveSeen!: (seen: DialogSeen) => void;
  const seen = new Promise<DialogSeen>((r) => (resolveSeen = r));
  const handler = async (dialog: Dialog) => {
    const info = { type: dialog.type(), message: dialog.message() };
    if (answer === false) await dialog.dismiss();
    else await dialog.accept(typeof answer === 'string' ? answer : undefined);
    resolveSeen(info);
  };
  page.once('dialog', handler);
  try {
    await trigger();
    return await Promise.race([
      seen,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no dialog was opened')), 15_000)),
    ]);
  } finally {
    page.off('dialog', handler);
  }
}

/** The toast whose title is exactly `title` (sonner). */
export function toast(page: Page, title: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: exactText(title) }) });
}

/** Waits for a toast with that title and returns it. */
export async function expectToast(page: Page, title: string, timeout = 30_000): Promise<Locator> {
  const t = toast(page, title).first();
  await t.waitFor({ state: 'visible', timeout });
  return t;
}

/** Closes every visible toast (with its ✕) so the next assertion sees only new ones. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  for (let i = 0; i < 20 && (await toasts.count()) > 0; i++) {
    const close = page.locator('[data-sonner-toast] [data-close-button]');
    const n = await close.count();
    for (let j = 0; j < n; j++) await close.nth(j).click({ force: true, timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(250);
  }
  await toasts.first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

export function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Dispatches a paste of spreadsheet text (text/plain) into an element, as the browser does on Ctrl+V. */
export async function pasteText(target: Locator, text: string): Promise<void> {
  await target.focus();
  await target.evaluate((el, data) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', data);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

/** Drops a file (built in the page from bytes) onto an element: dragenter, dragover, drop. */
export async function dropFile(target: Locator, bytes: Buffer, fileName: string, mime = ''): Promise<void> {
  await target.evaluate(
    (el, { b64, name, type }) => {
      const bin = atob(b64);
      const arr = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) arr[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([arr], name, { type }));
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        el.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    },
    { b64: bytes.toString('base64'), name: fileName, type: mime },
  );
}

/** Goes to a task's page and waits for its heading. */
export async function gotoTask(page: Page, task: { id: string; name: string }): Promise<void> {
  await page.goto(`/task/${task.id}`);
  await page.getByRole('heading', { level: 1, name: exactText(task.name) }).waitFor();
}

/** Closes a page's context and the browser, each only if it was opened (for afterAll). */
export async function closeBrowser(open: OpenPage | undefined, browser: Browser | undefined): Promise<void> {
  await open?.context.close();
  await browser?.close();
}

/** Launches the browser and opens a page on the app under test (a beforeAll's first lines). */
export async function launchPage(as: PageUser = DEFAULT_ADMIN_LOGIN): Promise<OpenPage & { browser: Browser }> {
  const browser = await launchBrowser();
  return { browser, ...(await openPage(browser, apiUrl(), undefined, as)) };
}

/** How long eventually() waits before its next try: soon at first, then every half second. */
const RETRY_AFTER_MS = [0, 20, 50, 100, 250, 500];

/**
 * Runs `assertion` (jest expects on what the page shows now) until it passes, for what the page
 * does after an event (focus moved by the virtualised table, rows and counts rendered after a
 * click): each try reads the page anew; at the deadline the last failure is thrown.
 */
export async function eventually<T>(assertion: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    const pause = RETRY_AFTER_MS[Math.min(attempt, RETRY_AFTER_MS.length - 1)];
    await new Promise((r) => setTimeout(r, pause));
  }
}
