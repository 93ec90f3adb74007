import type { Browser } from 'playwright-core';
import { AUTH_UI, ERR, EXPORT_HEADERS } from '@app/contracts';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { apiUrl } from '../support/test-env';
import { closeBrowser, launchBrowser, openPage, screenshot, waitForPath, type OpenPage } from './browser';

jest.setTimeout(120_000);

/**
 * The reference page at /api/docs in a real browser, under the app's own Content-Security-Policy
 * (helmet: scripts from this origin only, none inline): it renders the document, and the browser
 * refuses nothing and loads nothing from elsewhere. Like the routes it describes, it is for
 * signed-in users: a browser that is not signed in is sent to the sign-in page and back.
 */
describe('the API reference page /api/docs', () => {
  let browser: Browser | undefined;
  let open: OpenPage | undefined;
  let signedOut: OpenPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    open = await openPage(browser, apiUrl());
  });
  afterAll(async () => {
    await signedOut?.context.close();
    await closeBrowser(open, browser);
  });

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

  it('sends a browser that is not signed in to the sign-in page, and back to the reference once signed in', async () => {
    const viewer = await userWithRole('viewer');
    signedOut = await openPage(browser!, apiUrl(), undefined, null);
    const { page } = signedOut;
    await page.goto('/api/docs');
    await waitForPath(signedOut, '/login', 'api-docs-sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/api/docs');
    await page.getByLabel(AUTH_UI.login).fill(viewer.login);
    await page.getByLabel(AUTH_UI.password).fill(viewer.password);
    await page.getByRole('button', { name: AUTH_UI.signIn, exact: true }).click();
    await waitForPath(signedOut, '/api/docs', 'api-docs-back');
    await page.locator('.opblock-summary-path').first().waitFor();
    expect(signedOut.errors).toEqual([]);
  });
});
