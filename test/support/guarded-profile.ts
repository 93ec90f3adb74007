import { randomUUID } from 'node:crypto';
import type { Task } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { buildWorkbook } from '@app/export-engine/testing/workbook-builders';
import { api } from './api-client';

/** A template whose header row is `headers`, with one data row so the header is found. */
export const templateWith = (headers: string[]) => buildWorkbook([{ name: 'Данные', rows: [headers] }]);
export const priceWith = (headers: string[]) =>
  buildWorkbook([{ name: 'Данные', rows: [headers, headers.map((_, i) => (i === 0 ? 'A-1' : i * 10))] }]);

export const TEMPLATE = ['№', 'Код МА', 'Наименование', 'Кол-во', 'Шаг', 'Цена с НДС'];
/** The supplier put a VAT-free price where the price was, and moved the price one column right. */
export const TEMPLATE_MOVED = ['№', 'Код МА', 'Наименование', 'Кол-во', 'Шаг', 'Цена без НДС', 'Цена с НДС'];

/**
 * A profile made against TEMPLATE (price column 3 → template F (6), remembered as `Цена с НДС`)
 * and a task of it: what the template guard and its `Исправить` work on (DESIGN §10).
 */
export async function profileWithTask(): Promise<{ profile: RuleProfile; task: Task }> {
  const name = `Сеть ${randomUUID().slice(0, 8)}`;
  const created = (await api().post('/api/profiles').send({ name }).expect(201)).body as RuleProfile;
  const profile = (
    await api()
      .put(`/api/profiles/${created.id}`)
      .send({
        manualMapping: { ma: 2, gm: 0, name: 3, minQty: 0, step: 0 },
        priceToTemplate: { '3': 6 },
        priceKeys: { ma: 1, gm: 0 },
        headers: { template: { '6': 'Цена с НДС', '2': 'Код МА' }, price: { '3': 'Цена' } },
      })
      .expect(200)
  ).body as RuleProfile;
  const task = (await api().post('/api/tasks').send({ name: 'Под охраной', profileId: profile.id }).expect(201)).body as Task;
  return { profile, task };
}
