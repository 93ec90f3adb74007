import type { Browser } from 'playwright-core';
import { ERR, EXPORT_HEADERS } from '@app/contracts';
import { api } from '../support/api-client';
import { apiUrl } from '../support/test-env';
import { closeBrowser, launchBrowser, openPage, screenshot, type OpenPage } from './browser';

jest.setTimeout(120_000);

/**
 * The reference page at /api/docs in a real browser, under the app's own Content-Security-Policy
 * (helmet: scripts from this origin only, none inline): it renders the document, and the browser
 * refuses nothing and loads nothing from elsewhere.
 */
describe('the API reference page /api/docs', () => {
  let browser: Browser | undefined;
  let open: OpenPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
  });
  afterAll(() => closeBrowser(open, browser));

  it('renders every route of the document with its Russian error texts, with no CSP refusal', async () => {
    const { page, errors } = open!;
    const requests: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);

    const routes = page.locator('.opblock-summary-path');
    await routes.first().waitFor();
    const doc = (await api().get('/api/openapi.json').expect(200)).body as { paths: Record<string, object> };
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    await expect(routes.count()).resolves.toBe(operations);

    // One operation opened: its answers, headers and the error texts of its examples.
    const generate = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/api/tasks/{id}/generate"]') });
    await generate.locator('.opblock-summary').click();
    const responses = generate.locator('.responses-table');
    await responses.getByText(ERR.noPrice, { exact: false }).first().waitFor();
    await expect(responses.getByText(ERR.generateTimeout, { exact: false }).count()).resolves.toBeGreaterThan(0);
    await expect(responses.getByText(EXPORT_HEADERS.warnings, { exact: true }).count()).resolves.toBeGreaterThan(0);
    await responses.getByText(ERR.noPrice, { exact: false }).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'api-docs');

    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(apiUrl()) && !url.startsWith('data:'))).toEqual([]);
  });
});
