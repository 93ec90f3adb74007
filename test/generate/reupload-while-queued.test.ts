import request from 'supertest';
import { binary, upload } from '../support/api-client';
import { startApi, startWorker } from '../support/app-runner';
import { buildWorkbook } from '@app/export-engine/testing/workbook-builders';
import { dataRows, readyTask, SAMPLE_RULES } from '../support/generate-helpers';
import { ownQueueEnv, waitForExport } from '../support/own-world';
import { testEnv } from '../support/test-env';

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

describe('a new price list uploaded while an export waits in the queue', () => {
  it('the export uses the file the task now has instead of failing on the removed one', async () => {
    const { logDir } = testEnv();
    const env = ownQueueEnv('reupload');
    const task = await readyTask([{ ma: '0031000', name: 'Молоко' }], { rules: SAMPLE_RULES, price: await priceList(10) });
    const own = await startApi('api-reupload', env, logDir);
    try {
      const pending = request(own.url).post(`/api/tasks/${task.id}/generate`).buffer(true).parse(binary).then((r) => r);
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
});
