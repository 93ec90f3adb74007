import { ERR } from '@app/contracts';
import { api, binary, upload } from '../support/api-client';
import { objectsOf } from '../support/inspect';
import { startApi, startWorker } from '../support/app-runner';
import { buildWorkbook } from '@app/export-engine/testing/workbook-builders';
import { dataRows, readyTask, SAMPLE_RULES } from '../support/generate-helpers';
import { ownQueueEnv, waitForExport } from '../support/own-world';
import { testEnv } from '../support/test-env';
import { signedInAt } from '../support/auth';

const priceList = (price: number) =>
  buildWorkbook([
    {
      name: 'Данные',
      rows: [
        ['Артикул', 'Код МА', 'Код ГМ', 'Наименование', 'Производитель', 'Цена', 'НДС', 'Штрихкод'],
        ['A-1', '0031000', '77000', 'Молоко', 'Ромашка', price, 20, '4600000000017'],
      ],
    },
  ]);

describe('the task changes while its export waits in the queue', () => {
  it('the export uses the file the task now has instead of failing on the removed one', async () => {
    const { logDir } = testEnv();
    const env = ownQueueEnv('reupload');
    const task = await readyTask([{ ma: '0031000', name: 'Молоко' }], { rules: SAMPLE_RULES, price: await priceList(10) });
    const own = await startApi('api-reupload', env, logDir);
    try {
      const pending = signedInAt(own.url).post(`/api/tasks/${task.id}/generate`).buffer(true).parse(binary).then((r) => r);
      await waitForExport(task.id, (e) => e.status === 'queued');
      await upload(task.id, 'price', await priceList(25)).expect(200);
      const worker = await startWorker('worker-reupload', env, logDir);
      const res = await pending;
      await worker.stop();
      expect(res.status).toBe(200);
      const [row] = await dataRows(res.body as Buffer);
      expect(row[4]).toBe(25);
    } finally {
      await own.stop();
    }
  });

  it('a task deleted meanwhile: the waiting generate answers 404 Задача не найдена, and nothing is left behind', async () => {
    const { logDir } = testEnv();
    const env = ownQueueEnv('delete');
    const task = await readyTask([{ ma: '0031000', name: 'Молоко' }], { rules: SAMPLE_RULES, price: await priceList(10) });
    const own = await startApi('api-delete', env, logDir);
    try {
      const pending = signedInAt(own.url).post(`/api/tasks/${task.id}/generate`).then((r) => r);
      await waitForExport(task.id, (e) => e.status === 'queued');
      await api().delete(`/api/tasks/${task.id}`).expect(204);
      const worker = await startWorker('worker-delete', env, logDir);
      const res = await pending;
      await worker.stop();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: ERR.taskNotFound });
      expect(await objectsOf(task.id)).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});
