import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ERR, type FileColumns } from '@app/contracts';
import { api, createTask, upload } from '../support/api-client';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { buildWorkbook } from '@app/export-engine/testing/workbook-builders';
import { testEnv } from '../support/test-env';

const columnsOf = (taskId: string, kind: string) => api().get(`/api/tasks/${taskId}/files/${kind}/columns`);
const headers = (c: FileColumns) => c.columns.map((x) => x.header);

/** The columns cached for a task's files, read straight from Redis (keys hold the object key). */
async function cached(redis: Redis, taskId: string): Promise<string[]> {
  return (await redis.keys(`${testEnv().appEnv.QUEUE_PREFIX}:columns:*${taskId}*`)).sort();
}

describe('GET /api/tasks/:id/files/:kind/columns', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(testEnv().appEnv.REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());

  it('lists both files of a task: sheet, header row, each column with three samples', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);

    const price = (await columnsOf(task.id, 'price').expect(200)).body as FileColumns;
    expect(price).toMatchObject({ kind: 'price', sheet: 'Данные', headerRow: 1 });
    expect(headers(price)).toEqual(['Артикул', 'Код МА', 'Код ГМ', 'Наименование', 'Производитель', 'Цена, руб.', 'НДС, %', 'Штрихкод', 'Остаток']);
    expect(price.columns[1]).toEqual({ index: 2, letter: 'B', header: 'Код МА', samples: ['0031000', '0031001', '0031002'] });

    const template = (await columnsOf(task.id, 'template').expect(200)).body as FileColumns;
    expect(template).toMatchObject({ kind: 'template', sheet: 'Данные', headerRow: 1 });
    expect(headers(template)).toEqual(['№', 'Код МА', 'Код ГМ', 'Наименование товара', 'Цена закупки, руб.', 'Мин. партия', 'Кратность', 'Штрихкод']);
  });

  it('finds a CSV price list header below its title lines, and a merged two-row header', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('csv/price-1c-title.csv'), 'price.csv').expect(200);
    expect((await columnsOf(task.id, 'price').expect(200)).body).toMatchObject({ sheet: '', headerRow: 4, columns: expect.arrayContaining([expect.objectContaining({ letter: 'F', header: 'Цена, руб.' })]) });

    const grouped = await buildWorkbook([
      {
        name: 'Данные',
        rows: [['Артикул', 'Цены', null], [null, 'с НДС', 'без НДС']],
        setup: (ws) => {
          ws.mergeCells('A1:A2');
          ws.mergeCells('B1:C1');
        },
      },
    ]);
    await upload(task.id, 'template', grouped).expect(200);
    const template = (await columnsOf(task.id, 'template').expect(200)).body as FileColumns;
    expect(template.headerRow).toBe(2);
    expect(headers(template)).toEqual(['Артикул', 'Цены / с НДС', 'Цены / без НДС']);
  });

  it('answers a second call from the cache, kept per stored file, so a new upload is read again', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    expect(await cached(redis, task.id)).toEqual([]);
    const first = (await columnsOf(task.id, 'price').expect(200)).body as FileColumns;
    const [key] = await cached(redis, task.id);
    expect(JSON.parse((await redis.get(key))!)).toEqual(first);

    // A marked cache entry comes back as is: no job (and no worker) was asked the second time.
    const marked: FileColumns = { ...first, columns: [{ ...first.columns[0], header: 'из кэша' }] };
    await redis.set(key, JSON.stringify(marked), 'KEEPTTL');
    expect((await columnsOf(task.id, 'price').expect(200)).body).toEqual(marked);

    await upload(task.id, 'price', fixtureBytes('lo-price-sample.xlsx')).expect(200);
    const again = (await columnsOf(task.id, 'price').expect(200)).body as FileColumns;
    expect(again.columns[0].header).toBe('Артикул');
    expect(await cached(redis, task.id)).toHaveLength(2);
  });

  it('answers 404 for a missing task, a file not uploaded and an unknown kind', async () => {
    const missing = await columnsOf(randomUUID(), 'price').expect(404);
    expect(missing.body).toEqual({ error: ERR.taskNotFound });
    const task = await createTask();
    expect((await columnsOf(task.id, 'template').expect(404)).body).toEqual({ error: ERR.fileNotFound });
    expect((await columnsOf(task.id, 'prices').expect(404)).body).toEqual({ error: ERR.notFound });
  });
});
