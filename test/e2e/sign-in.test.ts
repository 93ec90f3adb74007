import type { Browser } from 'playwright-core';
import { AUTH_ERR, AUTH_UI, ROLE_NAMES, TOAST, UI } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api, createTask, upload } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { apiUrl } from '../support/test-env';
import type { OpenPage } from './browser';
import { closeBrowser, exactText, expectToast, launchBrowser, openPage, screenshot, waitForPath } from './browser';

jest.setTimeout(180_000);

describe('web: signing in (DESIGN §13)', () => {
  let browser: Browser;
  const opened: OpenPage[] = [];
  const page = async (as: { login: string; password: string } | null) => {
    const open = await openPage(browser, apiUrl(), undefined, as);
    opened.push(open);
    return open;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const open of opened) await open.context.close();
    await closeBrowser(undefined, browser);
  });

  it('sends a visitor to /login and, signed in, to the page they were going to; Выйти signs out', async () => {
    const staff = await userWithRole('staff', { displayName: 'Ольга Смирнова' });
    const task = await createTask(`Куда шёл ${Date.now().toString(36)}`);
    const open = await page(null);
    const p = open.page;
    await p.goto(`/task/${task.id}?tab=1`);
    await waitForPath(open, '/login', 'sign-in-redirect');
    expect(new URL(p.url()).searchParams.get('next')).toBe(`/task/${task.id}?tab=1`);
    await p.getByRole('heading', { name: AUTH_UI.signInTitle }).waitFor();
    await screenshot(p, 'sign-in');

    await p.getByLabel(AUTH_UI.login).fill(staff.login);
    await p.getByLabel(AUTH_UI.password).fill('wrong-password');
    await p.getByRole('button', { name: AUTH_UI.signIn, exact: true }).click();
    await p.getByRole('alert').filter({ hasText: AUTH_ERR.badCredentials }).waitFor();

    await p.getByLabel(AUTH_UI.password).fill(staff.password);
    await p.getByRole('button', { name: AUTH_UI.signIn, exact: true }).click();
    await waitForPath(open, `/task/${task.id}`, 'sign-in-landed');
    expect(new URL(p.url()).search).toBe('?tab=1');
    await p.getByRole('heading', { level: 1, name: exactText(task.name) }).waitFor();
    const menu = p.getByTestId('user-menu');
    await expect(menu.locator('.sidebar__user-name').textContent()).resolves.toBe('Ольга Смирнова');
    await expect(menu.locator('.sidebar__user-role').textContent()).resolves.toBe(ROLE_NAMES.staff);
    await screenshot(p, 'signed-in');

    await menu.getByRole('button', { name: AUTH_UI.signOut }).click();
    await waitForPath(open, '/login', 'signed-out');
    await p.goto('/');
    await waitForPath(open, '/login', 'signed-out-home');
    expect(open.errors).toEqual([]);
  });

  it('a temporary password leads to Сменить пароль first, then to the app', async () => {
    const fresh = await userWithRole('staff', { temporary: true });
    const open = await page(fresh);
    const p = open.page;
    await p.goto('/');
    await p.getByRole('heading', { name: AUTH_UI.changePassword }).waitFor();
    await p.getByText(AUTH_UI.mustChangeHint).waitFor();
    await p.getByLabel(AUTH_UI.currentPassword).fill(fresh.password);
    await p.getByLabel(AUTH_UI.newPassword, { exact: true }).fill('a-brand-new-password');
    await p.getByLabel(AUTH_UI.repeatPassword).fill('a-brand-new-password');
    await p.getByRole('button', { name: AUTH_UI.changePassword }).click();
    await expectToast(p, AUTH_UI.passwordChanged);
    await p.getByRole('heading', { name: exactText(UI.tasksHeading) }).waitFor();
    await p.getByTestId('user-menu').waitFor();
  });

  it('a viewer reads a task: no Сформировать, no upload cards, items and rules read-only', async () => {
    const task = await createTask(`Только смотреть ${Date.now().toString(36)}`);
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx'), 'Прайс поставщика.xlsx').expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '0031000', name: 'Молоко' }] }).expect(200);
    const viewer = await userWithRole('viewer');
    const open = await page(viewer);
    const p = open.page;
    await p.goto(`/task/${task.id}`);
    await p.getByRole('heading', { level: 1, name: exactText(task.name) }).waitFor();
    await p.getByText(AUTH_UI.readOnly, { exact: true }).waitFor();
    for (const name of [UI.generate, UI.save, 'Проверить', UI.addRow]) await expect(p.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    await expect(p.locator('.upload-card').count()).resolves.toBe(0);
    await expect(p.getByRole('button', { name: UI.addTask }).count()).resolves.toBe(0);
    await expect(p.locator('.task-item__delete').count()).resolves.toBe(0);
    const file = p.getByTestId('file-name-price').getByRole('link', { name: 'Прайс поставщика.xlsx' });
    await expect(file.getAttribute('href')).resolves.toBe(`/api/tasks/${task.id}/files/price`);
    const cell = p.locator('.items-table input[data-row="0"][data-field="name"]');
    await expect(cell.inputValue()).resolves.toBe('Молоко');
    await expect(cell.isEditable()).resolves.toBe(false);
    await expect(p.getByTestId('task-profile').locator('select').isDisabled()).resolves.toBe(true);
    await screenshot(p, 'viewer-task');

    await p.goto('/settings/mapping');
    await p.getByRole('heading', { name: UI.mappingTitle }).waitFor();
    await expect(p.getByRole('button', { name: UI.save, exact: true }).count()).resolves.toBe(0);
    await expect(p.locator('#manual-ma').isEditable()).resolves.toBe(false);
    expect(open.errors).toEqual([]);
  });

  it('an admin manages users on Пользователи', async () => {
    const admin = await userWithRole('admin');
    const open = await page(admin);
    const p = open.page;
    await p.goto('/');
    await p.getByRole('link', { name: AUTH_UI.usersTitle }).click();
    await waitForPath(open, '/users', 'users-page');
    const login = `new-${Date.now().toString(36)}`;
    const form = p.getByRole('form', { name: AUTH_UI.addUser });
    await form.getByLabel(AUTH_UI.login).fill(login);
    await form.getByLabel(AUTH_UI.displayName).fill('Новый Сотрудник');
    await form.getByLabel(AUTH_UI.role, { exact: true }).selectOption('viewer');
    await form.getByLabel(AUTH_UI.temporaryPasswordLabel).fill('temporary-pass');
    await form.getByRole('button', { name: AUTH_UI.createUser }).click();
    await expectToast(p, AUTH_UI.userCreated);
    const row = p.locator(`tr[data-login="${login}"]`);
    await row.getByText(AUTH_UI.temporaryPassword).waitFor();
    await row.getByLabel(`${AUTH_UI.role}: ${login}`).selectOption('staff');
    await expectToast(p, AUTH_UI.userUpdated);
    await row.getByRole('button', { name: AUTH_UI.disable }).click();
    await row.getByRole('button', { name: AUTH_UI.enable }).waitFor();
    // The status column (after login, name, role, e-mail and last sign-in).
    await expect(row.locator('td').nth(5).textContent()).resolves.toBe(`${AUTH_UI.disabled}, ${AUTH_UI.temporaryPassword}`);
    await screenshot(p, 'users-page');
    const users = (await api().get('/api/users').expect(200)).body as { login: string; role: string; disabled: boolean }[];
    expect(users.find((u) => u.login === login)).toMatchObject({ role: 'staff', disabled: true });
  });

  it('the task page’s Журнал says who did what; the admin’s Журнал filters it', async () => {
    const staff = await userWithRole('staff', { displayName: 'Пётр Иванов' });
    const task = await createTask(`С журналом ${Date.now().toString(36)}`);
    const open = await page(staff);
    const p = open.page;
    await p.goto(`/task/${task.id}`);
    await p.getByRole('heading', { level: 1, name: exactText(task.name) }).waitFor();
    await p.locator('.items-table input[data-row="0"][data-field="ma"]').fill('0031000');
    await p.getByRole('button', { name: UI.save, exact: true }).click();
    await expectToast(p, TOAST.saved);
    const journal = p.getByRole('region', { name: AUTH_UI.journalTitle });
    const saved = journal.locator('tr[data-action="task.items"]');
    await saved.waitFor();
    await expect(saved.locator('td').nth(1).textContent()).resolves.toBe('Пётр Иванов');
    await expect(saved.locator('td').nth(2).textContent()).resolves.toBe('Позиции сохранены');
    await expect(saved.locator('td').nth(3).textContent()).resolves.toBe('+1 −0, изменено 0, всего 1');
    await journal.locator('tr[data-action="task.create"]').waitFor();
    await screenshot(p, 'task-journal');

    const admin = await page({ login: 'admin', password: 'admin' });
    await admin.page.goto('/audit');
    await admin.page.getByRole('heading', { name: AUTH_UI.journalTitle }).waitFor();
    await admin.page.getByLabel(AUTH_UI.journalUser).selectOption({ label: `Пётр Иванов (${staff.login})` });
    await admin.page.getByLabel(AUTH_UI.journalAction).selectOption('task.items');
    const rows = admin.page.locator('.audit-table tbody tr');
    // The user's other events leave as the action filter applies.
    await admin.page.locator('.audit-table tbody tr:not([data-action="task.items"])').first().waitFor({ state: 'detached' });
    await expect(rows.first().getAttribute('data-action')).resolves.toBe('task.items');
    await expect(rows.count()).resolves.toBe(1);
    const csv = admin.page.getByRole('link', { name: AUTH_UI.journalCsv });
    expect(await csv.getAttribute('href')).toBe(`/api/audit.csv?userId=${staff.user.id}&action=task.items`);
    await screenshot(admin.page, 'audit-page');
  });
});
