import { DEFAULT_PROFILE_NAME, ERR, type Mapping } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { api, putGlobalMapping } from '../support/api-client';
import { sql } from '../support/inspect';

const MISSING = '00000000-0000-4000-8000-000000000000';
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
const RULES: Mapping = { manualMapping: { ma: 2, gm: 3, name: 4, minQty: 0, step: 0 }, priceToTemplate: { '6': 5 }, priceKeys: { ma: 1, gm: 0 } };
const NO_RULES: Mapping = { manualMapping: { ma: 0, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 0, gm: 0 } };

async function createProfile(body: object): Promise<RuleProfile> {
  return (await api().post('/api/profiles').send(body).expect(201)).body as RuleProfile;
}
const defaultProfile = async () => ((await api().get('/api/profiles').expect(200)).body as RuleProfile[])[0];

describe('rule profiles API', () => {
  it('lists the default profile first: it holds the global rules that /api/mappings/global reads and writes', async () => {
    const rules = await putGlobalMapping(RULES);
    const first = await defaultProfile();
    expect(first).toMatchObject({ name: DEFAULT_PROFILE_NAME, isDefault: true, ...rules, headers: { template: {}, price: {} } });
    await api().put(`/api/profiles/${first.id}`).send({ priceToTemplate: { '9': 1 } }).expect(200);
    expect((await api().get('/api/mappings/global').expect(200)).body).toEqual({ ...rules, priceToTemplate: { '9': 1 } });
    expect(await sql('SELECT 1 FROM rule_profiles WHERE is_default')).toHaveLength(1);
  });

  it('creates a profile with a trimmed name and no rules, or a copy of another one’s rules and headers', async () => {
    const name = unique('Лента');
    const empty = await createProfile({ name: `  ${name}  ` });
    expect(empty).toMatchObject({ name, isDefault: false, ...NO_RULES, headers: { template: {}, price: {} } });
    const headers = { template: { '6': 'Цена с НДС' }, price: { '5': 'Цена' } };
    await api().put(`/api/profiles/${empty.id}`).send({ ...RULES, headers }).expect(200);
    const copy = await createProfile({ name: unique('Копия'), copyFrom: empty.id.toUpperCase() });
    expect(copy).toMatchObject({ ...RULES, headers });
    expect(copy.id).not.toBe(empty.id);
    expect((await api().get(`/api/profiles/${copy.id}`).expect(200)).body).toEqual(copy);
    const listed = (await api().get('/api/profiles').expect(200)).body as RuleProfile[];
    expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([empty.id, copy.id]));
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 7 }, 'name'],
    [{ name: 'я'.repeat(101) }, 'name'],
    [{ name: 'a\u0007b' }, 'name'],
    [{ name: 'x', copyFrom: 'nope' }, 'copyFrom'],
  ])('refuses POST %j with 400 naming %s', async (body, field) => {
    const res = await api().post('/api/profiles').send(body).expect(400);
    expect(res.body.error).toContain(`«${field}»`);
  });

  it('refuses copyFrom naming no profile with 400, and accepts a name of exactly 100 characters', async () => {
    const res = await api().post('/api/profiles').send({ name: unique('Нет'), copyFrom: MISSING }).expect(400);
    expect(res.body).toEqual({ error: ERR.invalidField('copyFrom', ERR.noSuchProfile) });
    const long = unique('я').padEnd(100, 'я');
    expect((await createProfile({ name: long })).name).toBe(long);
  });

  it('takes copyFrom: null as no copy (a new profile with no rules)', async () => {
    const created = await createProfile({ name: unique('Без копии'), copyFrom: null });
    expect(created.manualMapping).toEqual({ ma: 0, gm: 0, name: 0, minQty: 0, step: 0 });
    expect(created.priceToTemplate).toEqual({});
  });

  it('refuses a duplicate name with 409 on create and on rename', async () => {
    const a = await createProfile({ name: unique('Магнит') });
    const b = await createProfile({ name: unique('Пятёрочка') });
    expect((await api().post('/api/profiles').send({ name: ` ${a.name} ` }).expect(409)).body).toEqual({ error: ERR.profileNameTaken });
    expect((await api().post('/api/profiles').send({ name: DEFAULT_PROFILE_NAME }).expect(409)).body).toEqual({ error: ERR.profileNameTaken });
    expect((await api().put(`/api/profiles/${b.id}`).send({ name: a.name }).expect(409)).body).toEqual({ error: ERR.profileNameTaken });
    const renamed = (await api().put(`/api/profiles/${b.id}`).send({ name: `${b.name}-2` }).expect(200)).body as RuleProfile;
    expect(renamed.name).toBe(`${b.name}-2`);
  });

  it('saves a PUT normalised as the global rules are, keeping the parts left out, and refuses renaming the default', async () => {
    const p = await createProfile({ name: unique('Ашан') });
    const res = await api()
      .put(`/api/profiles/${p.id}`)
      .send({ manualMapping: { ma: '2', gm: ' 3 ', name: '', minQty: 6, step: null }, headers: { template: { '6': ' Цена ', '7': '' } } })
      .expect(200);
    expect(res.body).toMatchObject({ manualMapping: { ma: 2, gm: 3, name: 0, minQty: 6, step: 0 }, priceToTemplate: {}, headers: { template: { '6': 'Цена' }, price: {} } });
    const def = await defaultProfile();
    expect((await api().put(`/api/profiles/${def.id}`).send({ name: 'Другое' }).expect(409)).body).toEqual({ error: ERR.defaultProfileRename });
    await api().put(`/api/profiles/${def.id}`).send({ name: DEFAULT_PROFILE_NAME }).expect(200);
  });

  it.each([
    [{ manualMapping: { ma: -1 } }, 'manualMapping.ma'],
    [{ priceToTemplate: { '3': 99999 } }, 'priceToTemplate.3'],
    [{ headers: { template: { x: 'Цена' } } }, 'headers.template.x'],
    [{ headers: { price: { '5': 5 } } }, 'headers.price.5'],
    [{ name: '' }, 'name'],
  ])('refuses PUT %j with 400 naming %s and keeps the profile', async (body, field) => {
    const p = await createProfile({ name: unique('Проверка') });
    const res = await api().put(`/api/profiles/${p.id}`).send(body).expect(400);
    expect(res.body.error).toContain(`«${field}»`);
    expect((await api().get(`/api/profiles/${p.id}`)).body).toEqual(p);
  });

  it('answers an unknown or malformed id with 404 Профиль правил не найден', async () => {
    for (const id of [MISSING, 'not-a-uuid']) {
      expect((await api().get(`/api/profiles/${id}`).expect(404)).body).toEqual({ error: ERR.profileNotFound });
      expect((await api().put(`/api/profiles/${id}`).send({ name: 'x' }).expect(404)).body).toEqual({ error: ERR.profileNotFound });
      expect((await api().delete(`/api/profiles/${id}`).expect(404)).body).toEqual({ error: ERR.profileNotFound });
    }
  });

  it('refuses deleting the default profile with 409', async () => {
    const def = await defaultProfile();
    expect((await api().delete(`/api/profiles/${def.id}`).expect(409)).body).toEqual({ error: ERR.defaultProfileDelete });
    expect(await sql('SELECT 1 FROM rule_profiles WHERE id = $1', [def.id])).toHaveLength(1);
  });
});
