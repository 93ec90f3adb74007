import { ERR, type Mapping } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { api, upload } from '../support/api-client';
import { TEMPLATE_MOVED, profileWithTask, templateWith } from '../support/guarded-profile';

/**
 * Lost updates of rule profiles: a profile has a version, as a task has, raised by every change of
 * its rules or headers; a save sent with an older one is refused with 409 and changes nothing, so a
 * rules page opened before someone's `Исправить` cannot undo the fix by saving afterwards.
 */
const get = async (id: string) => (await api().get(`/api/profiles/${id}`).expect(200)).body as RuleProfile;
const put = (id: string, body: object) => api().put(`/api/profiles/${id}`).send(body);

describe('rule profile versions', () => {
  it('a rules page opened before Исправить cannot save over the fix', async () => {
    const { profile, task } = await profileWithTask();
    // The rules page loads the profile…
    const onPage = await get(profile.id);
    // …meanwhile the template moved and someone pressed Исправить on the task page.
    await upload(task.id, 'template', await templateWith(TEMPLATE_MOVED)).expect(200);
    await api().post(`/api/tasks/${task.id}/header-changes/fix`).send({ file: 'template', from: 6, to: 7 }).expect(200);
    const fixed = await get(profile.id);
    expect(fixed.version).toBe(onPage.version + 1);

    // The page saves what it shows, with a name typed in: refused, and the fix stays.
    const res = await put(profile.id, { ...rulesOf(onPage), manualMapping: { ...onPage.manualMapping, gm: 4 }, headers: onPage.headers, version: onPage.version }).expect(409);
    expect(res.body).toEqual({ error: ERR.profileChanged });
    expect(await get(profile.id)).toEqual(fixed);

    // Reloaded, the page saves on top of the fix.
    const saved = (await put(profile.id, { manualMapping: { ...fixed.manualMapping, gm: 4 }, version: fixed.version }).expect(200)).body as RuleProfile;
    expect(saved).toMatchObject({ version: fixed.version + 1, priceToTemplate: { '3': 7 }, manualMapping: { gm: 4 } });
  });

  it('every change of the rules or headers raises the version; a rename alone does not; without a version a save applies', async () => {
    const { profile } = await profileWithTask();
    const v = profile.version;
    expect((await put(profile.id, { priceKeys: { ma: 2, gm: 0 } }).expect(200)).body.version).toBe(v + 1);
    expect((await put(profile.id, { headers: { price: { '3': 'Цена, руб.' } } }).expect(200)).body.version).toBe(v + 2);
    expect((await put(profile.id, { name: `${profile.name} (переименован)` }).expect(200)).body.version).toBe(v + 2);
    // A rename from an older window is refused as well: the page it came from is out of date.
    expect((await put(profile.id, { name: `${profile.name} (снова)`, version: v }).expect(409)).body).toEqual({ error: ERR.profileChanged });
    expect((await put(profile.id, { priceToTemplate: { '3': 5 }, version: v + 2 }).expect(200)).body.version).toBe(v + 3);
  });

  it('the global rules are the default profile: PUT /api/mappings/global raises its version', async () => {
    const before = ((await api().get('/api/profiles').expect(200)).body as RuleProfile[]).find((p) => p.isDefault)!;
    await api().put('/api/mappings/global').send(rulesOf(before)).expect(200);
    const after = await get(before.id);
    expect(after.version).toBe(before.version + 1);
    expect((await put(before.id, { priceKeys: before.priceKeys, version: before.version }).expect(409)).body).toEqual({ error: ERR.profileChanged });
  });

  it('refuses a version that is not a whole number from 1, naming the field', async () => {
    const { profile } = await profileWithTask();
    for (const version of [0, 1.5, '2', -1]) {
      expect((await put(profile.id, { priceKeys: { ma: 1, gm: 0 }, version }).expect(400)).body).toEqual({ error: ERR.invalidField('version', ERR.profileVersionInvalid) });
    }
    expect(await get(profile.id)).toEqual(profile);
  });
});

function rulesOf(profile: RuleProfile): Mapping {
  return { manualMapping: profile.manualMapping, priceToTemplate: profile.priceToTemplate, priceKeys: profile.priceKeys };
}
