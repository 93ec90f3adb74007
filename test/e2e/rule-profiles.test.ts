import type { Browser, Page } from 'playwright-core';
import { DEFAULT_PROFILE_NAME, ERR, PROFILE_UI, TOAST, UI } from '@app/contracts';
import type { RuleProfile } from '@app/contracts';
import { api } from '../support/api-client';
import { answerDialog, closeBrowser, dismissToasts, exactText, expectToast, launchPage, type OpenPage } from './browser';
import { createTaskWith, defaultProfile, dropProfile, getProfile, getTask, profiles, putProfile, uniqueName } from './profile-api';

jest.setTimeout(180_000);

const switcher = (page: Page) => page.locator('#rules-profile');
const shownName = (page: Page) => page.locator('#rules-profile option:checked').textContent();
const profileParam = (page: Page) => new URL(page.url()).searchParams.get('profile');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Waits until the page shows `id`'s rules (the form reloads for each profile). */
async function waitShown(page: Page, id: string) {
  await page.locator(`.page[data-profile="${id}"]`).waitFor();
  await page.locator('#manual-ma').waitFor();
}

describe('web: rule profiles on the rules page', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let base: RuleProfile;
  let copyId = '';
  let taskId = '';
  const copyName = uniqueName('Сеть А');
  const renamed = uniqueName('Сеть Б');

  beforeAll(async () => {
    base = await defaultProfile();
    await putProfile(base.id, { manualMapping: { ma: 2, gm: 3, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '6': 5 }, priceKeys: { ma: 0, gm: 0 } });
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await dropProfile(copyId);
    if (taskId) await api().delete(`/api/tasks/${taskId}`);
    if (base) await putProfile(base.id, { manualMapping: base.manualMapping, priceToTemplate: base.priceToTemplate, priceKeys: base.priceKeys, headers: base.headers });
  });

  it('shows Общие правила at first, which can be neither renamed nor deleted', async () => {
    await page.goto('/settings/mapping');
    await page.getByRole('heading', { level: 1, name: exactText(UI.mappingTitle) }).waitFor();
    await waitShown(page, base.id);
    await expect(shownName(page)).resolves.toBe(DEFAULT_PROFILE_NAME);
    await expect(page.locator('label[for="rules-profile"]').textContent()).resolves.toBe(PROFILE_UI.switcherLabel);
    await expect(page.locator('#manual-ma').inputValue()).resolves.toBe('2');
    for (const name of [PROFILE_UI.rename, PROFILE_UI.remove]) {
      await expect(button(page, name).isDisabled()).resolves.toBe(true);
      await expect(button(page, name).getAttribute('title')).resolves.toBe(PROFILE_UI.defaultLocked);
    }
  });

  it('+ Профиль asks a name, copies the rules shown and shows the new profile, named in the address', async () => {
    const seen = await answerDialog(page, `  ${copyName} `, () => button(page, PROFILE_UI.add).click());
    expect(seen).toEqual({ type: 'prompt', message: PROFILE_UI.newPrompt });
    await expectToast(page, PROFILE_UI.created);
    await page.waitForURL((u) => !!u.searchParams.get('profile') && u.searchParams.get('profile') !== base.id);
    copyId = profileParam(page)!;
    await waitShown(page, copyId);
    await expect(shownName(page)).resolves.toBe(copyName);
    await expect(page.locator('#manual-ma').inputValue()).resolves.toBe('2');
    await expect(page.locator('.pairs__row input').first().inputValue()).resolves.toBe('6');
    expect(await getProfile(copyId)).toMatchObject({ name: copyName, isDefault: false, priceToTemplate: { '6': 5 } });
    await expect(button(page, PROFILE_UI.rename).isEnabled()).resolves.toBe(true);

    // Its own rules are saved to it alone.
    await dismissToasts(page);
    await page.locator('#manual-ma').fill('5');
    const put = page.waitForRequest((r) => r.url().endsWith(`/api/profiles/${copyId}`) && r.method() === 'PUT');
    await button(page, UI.save).click();
    expect((await put).postDataJSON()).toMatchObject({ manualMapping: { ma: 5, gm: 3 } });
    await expectToast(page, TOAST.saved);
    expect((await getProfile(copyId)).manualMapping.ma).toBe(5);
    expect((await getProfile(base.id)).manualMapping.ma).toBe(2);

    await page.reload();
    await waitShown(page, copyId);
    await expect(shownName(page)).resolves.toBe(copyName);
    await expect(page.locator('#manual-ma').inputValue()).resolves.toBe('5');
  });

  it('switching shows each profile’s rules; unsaved edits ask first and stay when the answer is no', async () => {
    await switcher(page).selectOption(base.id);
    await waitShown(page, base.id);
    await expect(page.locator('#manual-ma').inputValue()).resolves.toBe('2');
    expect(profileParam(page)).toBe(base.id);
    await switcher(page).selectOption(copyId);
    await waitShown(page, copyId);
    await expect(page.locator('#manual-ma').inputValue()).resolves.toBe('5');

    await page.locator('#manual-step').fill('9');
    await page.locator('.page-header__dirty').waitFor();
    const no = await answerDialog(page, false, () => switcher(page).selectOption(base.id));
    expect(no).toEqual({ type: 'confirm', message: UI.unsavedChanges });
    await page.waitForTimeout(300);
    expect(profileParam(page)).toBe(copyId);
    await expect(shownName(page)).resolves.toBe(copyName);
    await expect(page.locator('#manual-step').inputValue()).resolves.toBe('9');

    await answerDialog(page, true, () => switcher(page).selectOption(base.id));
    await waitShown(page, base.id);
    await expect(page.locator('#manual-step').inputValue()).resolves.toBe('');
    expect((await getProfile(copyId)).manualMapping.step).toBe(0);
  });

  it('renames a profile; a name already taken is refused with the server’s reason', async () => {
    await switcher(page).selectOption(copyId);
    await waitShown(page, copyId);
    await dismissToasts(page);
    const seen = await answerDialog(page, renamed, () => button(page, PROFILE_UI.rename).click());
    expect(seen).toEqual({ type: 'prompt', message: PROFILE_UI.renamePrompt });
    await expectToast(page, PROFILE_UI.renamed);
    await page.locator('#rules-profile option:checked', { hasText: renamed }).waitFor({ state: 'attached' });
    expect((await getProfile(copyId)).name).toBe(renamed);

    await dismissToasts(page);
    await answerDialog(page, DEFAULT_PROFILE_NAME, () => button(page, PROFILE_UI.rename).click());
    const refused = await expectToast(page, PROFILE_UI.renameFailed);
    await expect(refused.textContent()).resolves.toContain(ERR.profileNameTaken);
    expect((await getProfile(copyId)).name).toBe(renamed);
  });

  it('deletes a profile after a confirmation saying its tasks move to Общие правила, and they do', async () => {
    taskId = (await createTaskWith(uniqueName('Задача сети'), copyId)).id;
    await dismissToasts(page);
    const no = await answerDialog(page, false, () => button(page, PROFILE_UI.remove).click());
    expect(no).toEqual({ type: 'confirm', message: PROFILE_UI.removeConfirm(renamed) });
    expect(no.message).toContain(`«${DEFAULT_PROFILE_NAME}»`);
    await page.waitForTimeout(300);
    expect((await profiles()).some((p) => p.id === copyId)).toBe(true);

    await answerDialog(page, true, () => button(page, PROFILE_UI.remove).click());
    await expectToast(page, PROFILE_UI.removed);
    await page.waitForURL((u) => u.searchParams.get('profile') === base.id);
    await waitShown(page, base.id);
    await expect(shownName(page)).resolves.toBe(DEFAULT_PROFILE_NAME);
    await expect(page.locator('#rules-profile option', { hasText: renamed }).count()).resolves.toBe(0);
    expect((await profiles()).some((p) => p.id === copyId)).toBe(false);
    expect((await getTask(taskId)).profileId).toBe(base.id);
    copyId = '';
    expect(open.errors).toEqual([]);
  });
});
