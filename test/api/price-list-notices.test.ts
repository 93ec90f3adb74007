import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { formatDay, type Batch, type BatchSummary, type PriceList } from '@app/contracts';
import { SAMPLE_RULES } from '../support/generate-helpers';
import { MailWorld, allEnded } from '../support/mail-world';
import { repricedCsv } from '../support/price-lists';
import { startSupplierServer, type SupplierServer } from '../support/supplier-server';

/**
 * A price list's weekly cycle by itself, end to end (DESIGN §16, §17): its followers hear of a held
 * version and of a source that fails three polls in a row, and a version that becomes current
 * starts the list's batch as Автоматически, which e-mails each file to its task's recipients.
 * Real API and worker, a real SMTP server capturing what is sent, a supplier's web server.
 */
jest.setTimeout(240_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a price list that runs by itself, and the people it tells', () => {
  const world = new MailWorld('notices');
  let supplier: SupplierServer;
  beforeAll(async () => {
    supplier = await startSupplierServer();
    await world.start({ PUBLIC_URL: 'http://prices.example.com', SOURCE_ALLOW_PRIVATE: 'true' });
    await world.worker('a');
    await world.at().patch('/api/auth/me').send({ email: 'buyer@example.com' }).expect(200);
  }, 180_000);
  afterAll(async () => {
    await world.close();
    await supplier.stop();
  });

  const upload = (listId: string, bytes: Buffer, name: string) => world.at().post(`/api/price-lists/${listId}/versions`).attach('file', bytes, name).expect(201);

  async function followedList(name: string): Promise<PriceList> {
    const list = (await world.at().post('/api/price-lists').send({ name }).expect(201)).body as PriceList;
    await world.at().put(`/api/price-lists/${list.id}/follow`).expect(200);
    return list;
  }

  it('followers hear of a held version (its reasons and a link) and of a source failing three polls in a row, once each', async () => {
    const list = await followedList('Поставщик Б');
    await upload(list.id, fixtureBytes('csv/price-utf8-bom-semicolon.csv'), 'неделя 47.csv');
    const sent = world.smtp.messages.length;
    await upload(list.id, repricedCsv('4990'), 'неделя 48.csv');
    const [held] = (await world.smtp.waitForMessages(sent + 1)).slice(sent);
    expect(held.envelopeTo).toEqual(['buyer@example.com']);
    expect(held.message.subject).toBe('Прайс «Поставщик Б»: новая версия задержана');
    expect(held.message.text).toContain('Цена выросла более чем вдвое у 1 позиции (например, 0031000: 49,90 → 4\u00a0990,00)');
    expect(held.message.text).toContain('http://prices.example.com/price-lists');

    await world.at().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/status/503') }).expect(200);
    for (let i = 0; i < 4; i++) {
      await world.at().post(`/api/price-lists/${list.id}/source/run`).expect(202);
      // One poll after the other: each sees the failures before it.
      for (let n = 0; n < 100; n++) {
        const runs = (await world.at().get(`/api/price-lists/${list.id}/source/runs`).expect(200)).body as { finishedAt: string | null }[];
        if (runs.length === i + 1 && runs.every((r) => r.finishedAt)) break;
        await sleep(100);
      }
      if (i === 1) {
        // Two failures in a row tell nobody yet.
        await sleep(1_000);
        expect(world.smtp.messages.length).toBe(sent + 1);
      }
    }
    const [failing] = (await world.smtp.waitForMessages(sent + 2)).slice(sent + 1);
    expect(failing.message.subject).toBe('Прайс «Поставщик Б»: источник не отвечает');
    expect(failing.message.text).toContain('Ошибка на стороне сервера (HTTP 503)');
    await sleep(1_000);
    // The fourth failure tells nobody again.
    expect(world.smtp.messages.length).toBe(sent + 2);
  });

  it('a version that becomes current starts the list’s batch as Автоматически, delivering each file; the followers hear of its end', async () => {
    const list = await followedList('Поставщик В');
    await world.at().put('/api/mappings/global').send(SAMPLE_RULES).expect(200);
    const task = (await world.at().post('/api/tasks').send({ name: 'Сеть «Лента»' }).expect(201)).body as { id: string };
    await world.at().post(`/api/tasks/${task.id}/upload/template`).attach('file', fixtureBytes('template-sample.xlsx'), 'template.xlsx').expect(200);
    await world.at().patch(`/api/tasks/${task.id}`).send({ items: sampleItems(), syncMapping: true }).expect(200);
    await world.putDelivery(task.id, { to: ['category@lenta.example'], cc: [], subject: '{task}: прайс от {date}', body: 'Версия {version} прайса {priceList}', auto: false });
    await upload(list.id, fixtureBytes('csv/price-utf8-bom-semicolon.csv'), 'неделя 47.csv');
    await world.at().patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200);
    const current = (await world.at().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList;
    await world.at().patch(`/api/price-lists/${list.id}`).send({ version: current.version, onNewVersion: 'generate', deliver: true }).expect(200);

    const sent = world.smtp.messages.length;
    await upload(list.id, repricedCsv('52,9'), 'неделя 49.csv');
    const batches = (await world.at().get('/api/batches').expect(200)).body as BatchSummary[];
    const auto = batches.find((b) => b.createdBy?.displayName === 'Автоматически')!;
    expect(auto).toBeDefined();
    for (let n = 0; n < 600; n++) {
      const batch = (await world.at().get(`/api/batches/${auto.id}`).expect(200)).body as Batch;
      if (batch.status === 'done') break;
      await sleep(100);
    }
    const log = await world.waitForDeliveries(task.id, allEnded);
    expect(log).toEqual([expect.objectContaining({ status: 'sent', to: ['category@lenta.example'] })]);
    const mails = (await world.smtp.waitForMessages(sent + 2)).slice(sent);
    const file = mails.find((m) => m.envelopeTo.includes('category@lenta.example'))!;
    // {version}: the day the version was uploaded, as the chain's manager reads it.
    expect(file.message.text).toContain(`Версия ${formatDay(new Date(), 'Europe/Moscow')} прайса Поставщик В`);
    const ended = mails.find((m) => m.envelopeTo.includes('buyer@example.com'))!;
    expect(ended.message.text).toContain('само по новой версии прайса «Поставщик В»');
  });
});
