import { randomUUID } from 'node:crypto';
import { ERR, type CheckResponse, type ExportRecord, type Task } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { buildWorkbook } from '@app/export-engine/testing/workbook-builders';
import { api, createTask, upload } from '../support/api-client';
import { generate, readyTask } from '../support/generate-helpers';

const check = (taskId: string) => api().post(`/api/tasks/${taskId}/check`);
const historyOf = async (taskId: string) => (await api().get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];

/** The sample items, plus one repeated and one whose minimum is not a multiple of its step. */
const ITEMS = [...sampleItems(), { ma: '0031000', gm: '', name: 'Повтор', minQty: 1, step: 1 }, { ma: '31012', gm: '', name: 'Без нулей', minQty: 5, step: 2 }];

describe('POST /api/tasks/:id/check (DESIGN §11)', () => {
  it('previews the rows under the template headers, explains each match and lists the warnings', async () => {
    const task = await readyTask(ITEMS);
    const res = (await check(task.id).expect(200)).body as CheckResponse;

    expect(res.columns.map((c) => `${c.letter} ${c.header}`)).toEqual([
      'B Код МА', 'C Код ГМ', 'D Наименование товара', 'E Цена закупки, руб.', 'F Мин. партия', 'G Кратность', 'H Штрихкод',
    ]);
    expect(res.rowsTotal).toBe(ITEMS.length);
    expect(res.rows).toHaveLength(ITEMS.length);
    expect(res.rows[0]).toMatchObject({ item: 0, status: 'found', by: 'ma', via: ['exact'], priceRow: 2, cells: { '2': '0031000', '5': 49.9, '6': 1, '7': 1 } });
    expect(res.rows[12]).toMatchObject({ item: 12, status: 'missing', by: null, via: [], priceRow: null });
    expect(res.rows[14]).toMatchObject({ status: 'found', by: 'ma', via: ['leading-zeros'] });

    const codes = res.warnings.map((w) => `${w.code}:${w.item}`);
    expect(codes).toContain('duplicate-item:13');
    expect(codes).toContain('qty-not-multiple:14');
    const qty = res.warnings.find((w) => w.code === 'qty-not-multiple')!;
    expect(qty.message).toBe('Мин. кол-во 5 не кратно шагу 2');
    for (const [code, n] of Object.entries(res.warningCounts)) expect(res.warnings.filter((w) => w.code === code)).toHaveLength(n!);
    // The items table's marks and filters: every item not found, every item with a warning.
    expect(res.missingItems).toEqual(res.rows.filter((r) => r.status === 'missing').map((r) => r.item));
    expect(res.missingItems).toContain(12);
    expect(res.warnedItems).toEqual([...new Set(res.warnings.flatMap((w) => (w.item === undefined ? [] : [w.item])))].sort((a, b) => a - b));
    // No export yet: nothing to compare with, and a check records no export.
    expect(res.changes).toBeNull();
    expect(await historyOf(task.id)).toEqual([]);

    // Сформировать tells how many warnings its file has: the same the check lists.
    const generated = await generate(task.id).expect(200);
    expect(Number(generated.headers['x-export-warnings'])).toBe(res.warnings.length);
    expect((await historyOf(task.id))[0].report?.checkWarnings).toEqual(res.warningCounts);
  });

  it('compares with the newest export: a changed price shows old → new, and the history row says the same', async () => {
    const price = (value: number) =>
      buildWorkbook([{ name: 'Данные', rows: [['Код', 'Цена'], ['A-1', value], ['A-2', 20]] }]);
    const rules = { manualMapping: { ma: 1, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '2': 2 }, priceKeys: { ma: 1, gm: 0 } };
    const template = await buildWorkbook([{ name: 'Данные', rows: [['Код', 'Цена']] }]);
    const items = [{ ma: 'A-1' }, { ma: 'A-2' }];
    const task = await readyTask(items, { rules, price: await price(10), template });
    await generate(task.id).expect(200);
    expect((await historyOf(task.id))[0].changes).toBeNull();

    await upload(task.id, 'price', await price(12)).expect(200);
    const res = (await check(task.id).expect(200)).body as CheckResponse;
    expect(res.changes).toMatchObject({ added: [], removed: [], lost: [], changed: [{ item: 0, column: 2, from: 10, to: 12 }] });

    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: 'A-1' }, { ma: 'B-9' }] }).expect(200);
    await generate(task.id).expect(200);
    const [newest, older] = await historyOf(task.id);
    expect(newest.changes).toMatchObject({ since: older.finishedAt, added: [1], removed: ['A-2'], changed: [{ item: 0, column: 2, from: 10, to: 12 }] });
  });

  it('answers a task that is not ready with the same 404 and 409s as generate', async () => {
    const bare = await createTask();
    expect((await check(bare.id).expect(409)).body.error).toBe(ERR.noPrice);
    await upload(bare.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    expect((await check(bare.id).expect(409)).body.error).toBe(ERR.noTemplate);
    await upload(bare.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    expect((await check(bare.id).expect(409)).body.error).toBe(ERR.noItems);
    expect((await generate(bare.id).expect(409)).body.toString()).toContain(ERR.noItems);
    expect((await check(randomUUID()).expect(404)).body.error).toBe(ERR.taskNotFound);
    expect((await check('not-a-uuid').expect(404)).body.error).toBe(ERR.taskNotFound);
  });

  it('answers a price list the engine refuses with its 422, like generate', async () => {
    const task = await readyTask([{ ma: '0031000' }]);
    const broken = await buildWorkbook([{ name: 'Данные', rows: [] }]);
    await upload(task.id, 'price', broken).expect(200);
    const [checked, generated] = [await check(task.id), await generate(task.id)];
    expect(checked.status).toBe(422);
    expect(generated.status).toBe(422);
    expect(checked.body.error).toBe(JSON.parse(generated.body.toString()).error);
  });

  it('carries the template guard: a changed header is a header-changed warning in the check and in the export report', async () => {
    const profile = (await api().post('/api/profiles').send({ name: `Сеть ${randomUUID().slice(0, 8)}` }).expect(201)).body as RuleProfile;
    await api()
      .put(`/api/profiles/${profile.id}`)
      .send({ manualMapping: { ma: 1, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '2': 2 }, priceKeys: { ma: 1, gm: 0 }, headers: { template: { '2': 'Цена с НДС' } } })
      .expect(200);
    const task = (await api().post('/api/tasks').send({ name: 'Охрана', profileId: profile.id }).expect(201)).body as Task;
    await upload(task.id, 'price', await buildWorkbook([{ name: 'Данные', rows: [['Код', 'Цена'], ['A-1', 10]] }])).expect(200);
    await upload(task.id, 'template', await buildWorkbook([{ name: 'Данные', rows: [['Код', 'Цена без НДС', 'Цена с НДС']] }])).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: 'A-1' }], syncMapping: true }).expect(200);

    const message = 'Колонка B шаблона теперь «Цена без НДС», правило составлено для «Цена с НДС». Заголовок теперь в колонке C';
    const res = (await check(task.id).expect(200)).body as CheckResponse;
    expect(res.warnings.filter((w) => w.code === 'header-changed')).toEqual([expect.objectContaining({ file: 'template', column: 2, movedTo: 3, message })]);

    await generate(task.id).expect(200);
    const [row] = await historyOf(task.id);
    expect(row.report?.warnings).toEqual([{ kind: 'headerChanged', file: 'template', column: 2, now: 'Цена без НДС', expected: 'Цена с НДС', movedTo: 3 }]);
  });
});
