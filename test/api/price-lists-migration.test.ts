import { DataSource } from 'typeorm';
import type { ExportRecord, PriceList, Task, TaskSummary } from '@app/contracts';
import { MIGRATIONS, ensureDatabase } from '@app/persistence/data-source';
import { adminAt } from '../support/auth';
import { startApi } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { testEnv } from '../support/test-env';

const ITEM = { ma: '31', gm: '77', name: 'Молоко', minQty: 1, step: 1 };
const RULES = { manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, priceToTemplate: { '6': 5 }, priceKeys: { ma: 0, gm: 0 } };
const PRICE = { key: 'tasks/x/price/1.xlsx', name: 'прайс.xlsx', size: 4321, uploadedAt: '2026-11-20T10:00:00.000Z' };
const stampOf = (m: Function) => Number(/\d+$/.exec(m.name)?.[0]);

/** A database as the waves before price lists left it: a task with its own price file and a finished export. */
async function beforePriceListsDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = new DataSource({ type: 'postgres', url, migrations: MIGRATIONS.filter((m) => stampOf(m) < 1774000000000) });
  await db.initialize();
  try {
    await db.runMigrations({ transaction: 'each' });
    const [{ id: profileId }] = await db.query(`SELECT id FROM rule_profiles LIMIT 1`);
    const [task] = await db.query(`INSERT INTO tasks (name, items, files, mapping, profile_id, version) VALUES ('Лента — неделя 48', $1, $2, $3, $4, 3) RETURNING id`, [
      JSON.stringify([ITEM]),
      { price: PRICE, template: null },
      RULES,
      profileId,
    ]);
    await db.query(
      `INSERT INTO exports (task_id, status, finished_at, object_key, size, report) VALUES ($1, 'done', now(), 'tasks/x/exports/y.xlsx', 1234, $2)`,
      [task.id, { rows: 1, matchedByMa: 1, matchedByGm: 0, unmatched: [], duplicateKeys: 0, keyColumns: { ma: 2, gm: 3 } }],
    );
  } finally {
    await db.destroy();
  }
}

describe('the price-lists migration on a database of today', () => {
  it('keeps tasks with their own files and exports with their history; the library starts empty', async () => {
    const { appEnv, logDir } = testEnv();
    const url = `${appEnv.DATABASE_URL}_before_price_lists`;
    await beforePriceListsDatabase(url);
    const api = await startApi('api-before-price-lists', { ...appEnv, DATABASE_URL: url }, logDir);
    try {
      expect(api.lines.some((l) => l.includes('PriceListsAndBatches1774000000000'))).toBe(true);
      const admin = await adminAt(api.url);
      const [task] = (await admin.get('/api/tasks').expect(200)).body as Task[];
      const { uploadedAt, name, size } = PRICE;
      expect(task).toMatchObject({ name: 'Лента — неделя 48', version: 3, items: [ITEM], files: { price: { name, size, uploadedAt } }, priceListId: null, priceList: null, stale: false });
      const [summary] = (await admin.get('/api/tasks?view=summary').expect(200)).body as TaskSummary[];
      expect(summary).toMatchObject({ id: task.id, files: { price: { name, size, uploadedAt } }, priceListId: null, stale: false });
      const [exported] = (await admin.get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
      expect(exported).toMatchObject({ status: 'done', size: 1234, priceVersion: null, batchId: null });
      expect((await admin.get('/api/price-lists').expect(200)).body).toEqual([]);

      // Following a new list: no version yet, so no price file; its own file comes back with null.
      const list = (await admin.post('/api/price-lists').send({ name: 'Поставщик' }).expect(201)).body as PriceList;
      expect((await admin.patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200)).body).toMatchObject({ files: { price: null }, stale: false });
      expect((await admin.patch(`/api/tasks/${task.id}`).send({ priceListId: null }).expect(200)).body).toMatchObject({ files: { price: { name } } });
    } finally {
      await api.stop();
      await dropDatabase(url);
    }
  }, 90_000);
});
