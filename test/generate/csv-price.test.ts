import { basename } from 'node:path';
import { CSV_MIME, ERR, type Task } from '@app/contracts';
import { api, binary, createTask, upload } from '../support/api-client';
import { CSV_PRICE_FIXTURES, fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { dataRows, generate, readyTask } from '../support/generate-helpers';
import { objectsOf } from '../support/inspect';

describe('a CSV price list through the API, the queue and a worker', () => {
  let expected: unknown[][];
  beforeAll(async () => {
    const task = await readyTask(sampleItems());
    expected = await dataRows((await generate(task.id).expect(200)).body as Buffer);
    expect(expected[0][4]).toBe(49.9);
  });

  it.each(CSV_PRICE_FIXTURES)('%s: uploaded on the price card, served back as CSV, exported as from price-sample.xlsx', async (path) => {
    const bytes = fixtureBytes(path);
    const name = basename(path);
    const task = await readyTask(sampleItems());
    const res = await upload(task.id, 'price', bytes, name).expect(200);
    expect((res.body as Task).files.price).toMatchObject({ name, size: bytes.length });

    const back = await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary).expect(200);
    expect(back.headers['content-type']).toContain(CSV_MIME);
    expect(back.headers['content-disposition']).toContain(`filename="${name}"`);
    expect(Buffer.compare(back.body as Buffer, bytes)).toBe(0);

    const out = await generate(task.id).expect(200);
    expect(out.headers['x-export-matched']).toBe('12');
    expect(await dataRows(out.body as Buffer)).toEqual(expected);
  });

  it('a CSV on the template card keeps today’s refusal; nothing is stored', async () => {
    const task = await createTask();
    const res = await upload(task.id, 'template', fixtureBytes('csv/price-utf8-bom-semicolon.csv'), 'шаблон.csv').expect(422);
    expect(res.body).toEqual({ error: ERR.fileText });
    expect(await objectsOf(task.id)).toEqual([]);
  });

  it.each([
    ['a text with no table in it', Buffer.from('Прайс-лист будет позже\r\n', 'utf8'), ERR.csvNoRows],
    ['a header without rows', Buffer.from('Код МА;Цена\r\n', 'utf8'), ERR.csvNoRows],
    ['binary garbage', Buffer.from([0x13, 0x37, 0x00, 0xff, 0x42, 0x01, 0x02, 0x03]), ERR.priceNotTable],
    ['an empty file', Buffer.alloc(0), ERR.fileEmpty],
  ])('%s on the price card → 422 in Russian, the previous price list kept', async (_, bytes, message) => {
    const task = await createTask();
    const good = fixtureBytes('csv/price-cp1251-semicolon.csv');
    await upload(task.id, 'price', good, 'прайс.csv').expect(200);
    const before = await objectsOf(task.id);
    const res = await upload(task.id, 'price', bytes, 'плохой.csv').expect(422);
    expect(res.body).toEqual({ error: message });
    expect(await objectsOf(task.id)).toEqual(before);
    const back = await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(back.body as Buffer, good)).toBe(0);
  });

  it('the xlsx original is still served as a workbook', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    const back = await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary).expect(200);
    expect(back.headers['content-type']).toContain('spreadsheetml');
  });
});
