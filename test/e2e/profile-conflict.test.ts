import type { Browser, Page } from 'playwright-core';
import { ERR, TOAST, UI } from '@app/contracts';
import type { RuleProfile, Task } from '@app/contracts';
import { api, upload } from '../support/api-client';
import { TEMPLATE_MOVED, profileWithTask, templateWith } from '../support/guarded-profile';
import type { OpenPage } from './browser';
import { closeBrowser, dismissToasts, exactText, expectToast, launchPage, toast } from './browser';
import { dropAll, getProfile } from './profile-api';

// Browser flows against the real API and worker are slow on a small machine.
jest.setTimeout(180_000);

async function openRules(page: Page, profileId: string): Promise<void> {
  await page.goto(`/settings/mapping?profile=${profileId}`);
  await page.getByRole('heading', { level: 1, name: exactText(UI.mappingTitle) }).waitFor();
  await page.locator('#manual-ma').waitFor();
}

describe('web: a rules page opened before Исправить does not save over it', () => {
  let browser: Browser;
  let open: OpenPage;
  let page: Page;
  let profile: RuleProfile;
  let task: Task;
  const save = () => page.getByRole('button', { name: UI.save, exact: true });

  beforeAll(async () => {
    ({ profile, task } = await profileWithTask());
    ({ browser, ...open } = await launchPage());
    page = open.page;
  }, 60_000);

  afterAll(async () => {
    await closeBrowser(open, browser);
    await dropAll([task], [profile]);
  });

  it('Сохранить after a fix elsewhere says the profile changed, keeps what was typed, and stores nothing', async () => {
    await openRules(page, profile.id);
    await expect(page.locator('.pairs__row input').nth(1).inputValue()).resolves.toBe('6');

    // Another window: the template moved and Исправить re-pointed the rule to G.
    await upload(task.id, 'template', await templateWith(TEMPLATE_MOVED)).expect(200);
    await api().post(`/api/tasks/${task.id}/header-changes/fix`).send({ file: 'template', from: 6, to: 7 }).expect(200);
    const fixed = await getProfile(profile.id);

    await page.locator('#manual-gm').fill('4');
    await save().click();
    await expectToast(page, ERR.profileChanged);
    await expect(toast(page, TOAST.saved).count()).resolves.toBe(0);
    await expect(save().isEnabled()).resolves.toBe(true);
    await expect(page.locator('#manual-gm').inputValue()).resolves.toBe('4');
    await expect(page.locator('.page-header__dirty').count()).resolves.toBe(1);
    expect(await getProfile(profile.id)).toEqual(fixed);
  });

  it('after a reload the page shows the fix and its save applies on top of it', async () => {
    await dismissToasts(page);
    await openRules(page, profile.id);
    await expect(page.locator('.pairs__row input').nth(1).inputValue()).resolves.toBe('7');
    await page.locator('#manual-gm').fill('4');
    await save().click();
    await expectToast(page, TOAST.saved);
    expect(await getProfile(profile.id)).toMatchObject({ priceToTemplate: { '3': 7 }, manualMapping: { gm: 4 } });
    // Its own saves follow each other without a refusal.
    await dismissToasts(page);
    await page.locator('#manual-step').fill('5');
    await save().click();
    await expectToast(page, TOAST.saved);
    expect(await getProfile(profile.id)).toMatchObject({ manualMapping: { gm: 4, step: 5 } });
  });

  it('has had no page errors', () => {
    expect(open.errors).toEqual([]);
  });
});
