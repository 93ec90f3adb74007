import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { DataSource } from 'typeorm';
import {
  BATCH_SUMMARY_FILE,
  DEFAULT_DELIVERY_TEMPLATES,
  DELIVERY_ERR,
  ERR,
  formatDay,
  type Batch,
  type BatchSendResponse,
  type DeliverySettingsResponse,
  type MeResponse,
} from '@app/contracts';
import { defaultQueuePrefix } from '@app/config';
import { FollowerNotifier, MailJobs } from '@app/delivery';
import { BatchesRepository, NoticesRepository, dataSourceOptions } from '@app/persistence';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { readWorkbook } from '@app/export-engine/testing/workbook-builders';
import { sampleTaskAt } from '../support/generate-helpers';
import { waitForBatch, unzip } from '../support/batches';
import { MailWorld, allEnded } from '../support/mail-world';
import { binary } from '../support/api-client';
import { parseMessage } from '../support/mime-message';

/**
 * Files delivered by e-mail (DESIGN §17, issue 36) in a world of their own: the built API and a
 * worker against a real SMTP server (smtp-server) that keeps what it is sent. Each message is read
 * as a mail client reads it: recipients, subject, body, and the attachment byte for byte.
 */
jest.setTimeout(240_000);

const TZ = 'Europe/Moscow';
const today = () => formatDay(new Date(), TZ);

describe('delivery by e-mail (DESIGN §17)', () => {
  const world = new MailWorld('mail');
  let workerA: Awaited<ReturnType<MailWorld['worker']>>;

  beforeAll(async () => {
    await world.start({ MAIL_MAX_MB: '1', PUBLIC_URL: 'http://prices.example.com' });
    workerA = await world.worker('a');
    await world.at().patch('/api/auth/me').send({ email: 'admin@example.com' }).expect(200);
  }, 180_000);
  afterAll(() => world.close());

  const settingsOf = async (taskId: string) => (await world.at().get(`/api/tasks/${taskId}/delivery`).expect(200)).body as DeliverySettingsResponse;

  it('checks recipients and templates: wrong addresses named, unknown placeholders and line breaks in the subject refused', async () => {
    const taskId = await sampleTaskAt(world.api.url, 'проверка адресов');
    expect(await settingsOf(taskId)).toEqual({ settings: null, defaults: { ...DEFAULT_DELIVERY_TEMPLATES } });
    const put = (body: unknown) => world.at().put(`/api/tasks/${taskId}/delivery`).send(body as object);
    const error = async (body: unknown) => ((await put(body).expect(400)).body as { error: string }).error;

    expect(await error({ to: ['lenta@chain.example', 'не адрес', 'x@y'] })).toBe(ERR.invalidField('to', DELIVERY_ERR.badAddresses(['не адрес', 'x@y'])));
    expect(await error({ to: ['a@chain.example'], cc: ['b@chain.example', 'b@'] })).toBe(ERR.invalidField('cc', DELIVERY_ERR.badAddresses(['b@'])));
    expect(await error({ to: [] })).toBe(ERR.invalidField('to', DELIVERY_ERR.toRange(1, 10)));
    expect(await error({ to: Array.from({ length: 11 }, (_, i) => `m${i}@chain.example`) })).toBe(ERR.invalidField('to', DELIVERY_ERR.toRange(1, 10)));
    expect(await error({ to: ['a@chain.example'], subject: '{task} за {week}' })).toBe(ERR.invalidField('subject', DELIVERY_ERR.unknownPlaceholder(['week'])));
    expect(await error({ to: ['a@chain.example'], body: 'Привет, {manager}!' })).toBe(ERR.invalidField('body', DELIVERY_ERR.unknownPlaceholder(['manager'])));
    expect(await error({ to: ['a@chain.example'], subject: 'Выгрузка\r\nBcc: everyone@example.com' })).toBe(ERR.invalidField('subject', DELIVERY_ERR.lineBreak));
    expect(await error({ to: ['a@chain.example'], subject: 'Выгрузка\nX-Evil: 1' })).toBe(ERR.invalidField('subject', DELIVERY_ERR.lineBreak));
    expect(await error({ to: ['a@chain.example'], auto: 'yes' })).toBe(ERR.invalidField('auto', DELIVERY_ERR.booleanInvalid));
    expect((await settingsOf(taskId)).settings).toBeNull();

    // Kept once each, the domain lower-cased; the templates left out are the defaults.
    await put({ to: [' Manager@Chain.Example ', 'manager@chain.example'], cc: [] }).expect(200);
    expect((await settingsOf(taskId)).settings).toMatchObject({ to: ['Manager@chain.example'], cc: [], ...DEFAULT_DELIVERY_TEMPLATES, auto: false });
  });

  it('Отправить: one message to the recipients, the export attached byte for byte; the log tells who, when and the reply; again only with resend', async () => {
    const taskId = await sampleTaskAt(world.api.url, 'Лента: неделя 48');
    await world.putDelivery(taskId, {
      to: ['manager@lenta.example', 'category@lenta.example'],
      cc: ['sales@example.com'],
      subject: 'Выгрузка {task} от {date}',
      body: 'Добрый день!\n\nФайл «{task}» за {date}; прайс: {priceList} от {version}.\n',
    });
    const { exportId, bytes } = await world.generate(taskId);
    const sent = world.smtp.messages.length;

    const queued = (await world.at().post(`/api/exports/${exportId}/send`).expect(202)).body;
    expect(queued).toMatchObject({ exportId, taskId, status: 'queued', to: ['manager@lenta.example', 'category@lenta.example'], cc: ['sales@example.com'], by: { login: 'admin' } });
    const [message] = (await world.smtp.waitForMessages(sent + 1)).slice(sent);
    const day = today();
    expect(message.envelopeFrom).toBe('prices@example.com');
    expect(message.envelopeTo.sort()).toEqual(['category@lenta.example', 'manager@lenta.example', 'sales@example.com']);
    expect(message.message.to).toEqual(['manager@lenta.example', 'category@lenta.example']);
    expect(message.message.cc).toEqual(['sales@example.com']);
    expect(message.message.subject).toBe(`Выгрузка Лента: неделя 48 от ${day}`);
    expect(message.message.text).toBe(`Добрый день!\n\nФайл «Лента: неделя 48» за ${day}; прайс: price.xlsx от ${day}.\n`);
    expect(message.message.messageId).toBe(queued.messageId);
    // The task's name made safe for a file name (`:` is refused by Windows), as in the batch archive.
    expect(message.message.attachments.map((a) => a.filename)).toEqual([`Лента_ неделя 48 — ${day}.xlsx`]);
    expect(message.message.attachments[0].content.equals(bytes)).toBe(true);
    expect(message.message.attachments[0].contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const [logged] = await world.waitForDeliveries(taskId, allEnded);
    expect(logged).toMatchObject({ id: queued.id, status: 'sent', attempts: 1, error: null, fileName: `Лента_ неделя 48 — ${day}.xlsx`, by: { login: 'admin' } });
    expect(logged.reply).toMatch(/^250 2\.0\.0 Ok: queued as test-\d+$/);
    expect(Date.parse(logged.sentAt!)).toBeGreaterThan(0);

    // The same file to the same recipients: 409 with when it went; resend sends it again.
    const again = await world.at().post(`/api/exports/${exportId}/send`).send({}).expect(409);
    expect(again.body.error).toMatch(/^Уже отправлено \d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(again.body.error).toContain(day);
    await world.at().post(`/api/exports/${exportId}/send`).send({ resend: 'да' }).expect(400);
    await world.at().post(`/api/exports/${exportId}/send`).send({ resend: true }).expect(202);
    await world.smtp.waitForMessages(sent + 2);
    const log = await world.waitForDeliveries(taskId, (l) => l.length === 2 && allEnded(l));
    expect(log.map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(log[0].messageId).not.toBe(log[1].messageId);

    // Other recipients are another message, without resend.
    await world.putDelivery(taskId, { to: ['new.manager@lenta.example'] });
    await world.at().post(`/api/exports/${exportId}/send`).expect(202);
    const [third] = (await world.smtp.waitForMessages(sent + 3)).slice(sent + 2);
    expect(third.envelopeTo).toEqual(['new.manager@lenta.example']);
    expect(third.message.subject).toBe(`Лента: неделя 48 — ${day}`);

    // The journal has a readable event for each message sent.
    const journal = (await world.at().get(`/api/tasks/${taskId}/audit`).expect(200)).body as { events: { action: string; details: Record<string, unknown> }[] };
    expect(journal.events.filter((e) => e.action === 'delivery.sent')).toHaveLength(3);
    expect(journal.events.find((e) => e.action === 'delivery.settings')?.details).toMatchObject({ to: ['new.manager@lenta.example'] });
  });

  it('refuses to send what cannot be sent: no recipients, a missing export', async () => {
    const taskId = await sampleTaskAt(world.api.url, 'без получателей');
    const { exportId } = await world.generate(taskId);
    expect((await world.at().post(`/api/exports/${exportId}/send`).expect(409)).body).toEqual({ error: DELIVERY_ERR.noRecipients });
    expect((await world.at().post('/api/exports/00000000-0000-4000-8000-000000000000/send').expect(404)).body).toEqual({ error: ERR.exportNotFound });
    expect((await world.at().post('/api/exports/not-an-id/send').expect(404)).body).toEqual({ error: ERR.exportNotFound });
  });

  it('a permanent refusal (5xx) fails at once with the server’s reply; temporary ones (4xx) are tried again and the message goes once', async () => {
    const taskId = await sampleTaskAt(world.api.url, 'отказы');
    await world.putDelivery(taskId, { to: ['nobody@chain.example'] });
    const first = await world.generate(taskId);
    world.smtp.refuse({ code: 550, message: '5.1.1 <nobody@chain.example>: Recipient address rejected', at: 'rcpt' });
    await world.at().post(`/api/exports/${first.exportId}/send`).expect(202);
    const [failed] = await world.waitForDeliveries(taskId, allEnded);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed.reply).toContain('550 5.1.1 <nobody@chain.example>: Recipient address rejected');
    expect(failed.error).toBe(DELIVERY_ERR.rejected(failed.reply!));

    // A failed message can be sent again (nothing went out), and 451s are waited out.
    const sent = world.smtp.messages.length;
    world.smtp.refuse({ code: 451, message: '4.3.0 Try again later', at: 'data' }, 2);
    await world.at().post(`/api/exports/${first.exportId}/send`).expect(202);
    const log = await world.waitForDeliveries(taskId, (l) => l.length === 2 && allEnded(l));
    expect(log[0]).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(world.smtp.messages.slice(sent).map((m) => m.message.messageId)).toEqual([log[0].messageId]);
  });

  it('a file over MAIL_MAX_MB fails with its size, without a conversation', async () => {
    const taskId = await sampleTaskAt(world.api.url, 'большой файл');
    await world.at().post(`/api/tasks/${taskId}/upload/template`).attach('file', await paddedTemplate(1.5 * 1024 * 1024), 'template.xlsx').expect(200);
    await world.putDelivery(taskId, { to: ['big@chain.example'] });
    const { exportId, bytes } = await world.generate(taskId);
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const connections = world.smtp.connections;
    await world.at().post(`/api/exports/${exportId}/send`).expect(202);
    const [failed] = await world.waitForDeliveries(taskId, allEnded);
    expect(failed).toMatchObject({ status: 'failed', attempts: 0, error: DELIVERY_ERR.tooLarge(Math.round((bytes.length / 1024 / 1024) * 10) / 10) });
    expect(failed.error).toMatch(/^Файл слишком большой для письма \(1,\d МБ\)$/);
    expect(world.smtp.connections).toBe(connections);
  });

  it('a batch with deliver: each file goes as it is made; Отправить всем sends the rest; auto sends in any batch; the starter hears of the end with Итоги.xlsx', async () => {
    const names = ['Магнит', 'Пятёрочка', 'Дикси', 'Без адреса'];
    const ids = [];
    for (const name of names) ids.push(await sampleTaskAt(world.api.url, name));
    for (const [i, id] of ids.slice(0, 3).entries()) await world.putDelivery(id, { to: [`buyer${i}@chain.example`], auto: i === 2 });
    const sent = world.smtp.messages.length;

    const batchId = (await world.at().post('/api/batches').send({ action: 'generate', taskIds: ids, deliver: true }).expect(202)).body.id as string;
    await waitForBatch(batchId, () => world.at());
    for (const id of ids.slice(0, 3)) await world.waitForDeliveries(id, allEnded);
    // Three files and the end of the batch to its starter.
    const messages = (await world.smtp.waitForMessages(sent + 4)).slice(sent);
    const files = messages.filter((m) => m.envelopeTo[0].startsWith('buyer'));
    expect(files.map((m) => m.envelopeTo[0]).sort()).toEqual(['buyer0@chain.example', 'buyer1@chain.example', 'buyer2@chain.example']);
    const batch = (await world.at().get(`/api/batches/${batchId}`).expect(200)).body as Batch;
    expect(batch.deliver).toBe(true);
    expect(batch.tasks.map((t) => t.delivery?.status)).toEqual(['sent', 'sent', 'sent', 'none']);
    // The batch page's Отправка: to whom, when and the server's reply, as the delivery log has them.
    const [first] = await world.waitForDeliveries(ids[0], allEnded);
    expect(batch.tasks[0].delivery).toEqual({ status: 'sent', to: ['buyer0@chain.example'], cc: [], sentAt: first.sentAt, reply: first.reply, error: null });
    expect(batch.tasks[0].delivery!.reply).toMatch(/^250 2\.0\.0 Ok: queued as test-\d+$/);
    expect(batch.tasks[3].delivery).toEqual({ status: 'none', to: [], cc: [], sentAt: null, reply: null, error: null });
    for (const row of batch.tasks.slice(0, 3)) {
      const file = files.find((m) => m.message.attachments[0].filename.startsWith(row.name))!;
      const stored = (await world.at().get(`/api/tasks/${row.taskId}/exports/${row.exportId}/file`).buffer(true).parse(binary).expect(200)).body as Buffer;
      expect(file.message.attachments[0].content.equals(stored)).toBe(true);
    }
    const notice = messages.find((m) => m.envelopeTo[0] === 'admin@example.com')!;
    expect(notice.message.subject).toBe('Пакетное формирование завершено: готово 4 из 4');
    expect(notice.message.text).toContain(`/batch/${batchId}`);
    expect(notice.message.text).toContain('— Магнит: Готово (строк 13, найдено');
    expect(notice.message.attachments.map((a) => a.filename)).toEqual([BATCH_SUMMARY_FILE]);
    const archive = await unzip((await world.at().get(`/api/batches/${batchId}/archive`).buffer(true).parse(binary).expect(200)).body as Buffer);
    const summary = await readWorkbook(notice.message.attachments[0].content);
    const fromArchive = await readWorkbook(archive.get(BATCH_SUMMARY_FILE)!);
    expect(summary.getWorksheet(1)!.getSheetValues()).toEqual(fromArchive.getWorksheet(1)!.getSheetValues());

    // Отправить всем: already sent files are not sent again; a task without recipients is counted.
    expect((await world.at().post(`/api/batches/${batchId}/send`).expect(202)).body as BatchSendResponse).toEqual({ queued: 0, alreadySent: 3, noRecipients: 1 });
    await world.putDelivery(ids[3], { to: ['late@chain.example'] });
    expect((await world.at().post(`/api/batches/${batchId}/send`).expect(202)).body as BatchSendResponse).toEqual({ queued: 1, alreadySent: 3, noRecipients: 0 });
    await world.waitForDeliveries(ids[3], allEnded);

    // Without deliver, only the task with auto sends its file.
    const before = world.smtp.messages.length;
    const plain = (await world.at().post('/api/batches').send({ action: 'generate', taskIds: ids.slice(0, 3) }).expect(202)).body.id as string;
    await waitForBatch(plain, () => world.at());
    await world.waitForDeliveries(ids[2], (l) => l.length === 2 && allEnded(l));
    const again = (await world.at().get(`/api/batches/${plain}`).expect(200)).body as Batch;
    expect(again.deliver).toBe(false);
    expect(again.tasks.map((t) => t.delivery?.status ?? null)).toEqual([null, null, 'sent']);
    const after = await world.smtp.waitForMessages(before + 2);
    expect(after.slice(before).map((m) => m.envelopeTo[0]).sort()).toEqual(['admin@example.com', 'buyer2@chain.example']);
  });

  it('followers: Следить and the account page; a held version, a failing source and a list’s own batch told to them (the notifier for DESIGN §16)', async () => {
    // The address is kept with its domain lower-cased.
    expect(((await world.at().patch('/api/auth/me').send({ email: ' Admin@Example.COM ' }).expect(200)).body as MeResponse).user.email).toBe('Admin@example.com');
    const me = (await world.at().patch('/api/auth/me').send({ email: 'admin@example.com' }).expect(200)).body as MeResponse;
    expect(me.user.email).toBe('admin@example.com');
    expect(((await world.at().get('/api/auth/me').expect(200)).body as MeResponse).user.email).toBe('admin@example.com');
    expect((await world.at().patch('/api/auth/me').send({ email: 'админ' }).expect(400)).body.error).toBe(ERR.invalidField('email', DELIVERY_ERR.emailInvalid));
    const list = (await world.at().post('/api/price-lists').send({ name: 'Поставщик А' }).expect(201)).body as { id: string };
    expect((await world.at().get(`/api/price-lists/${list.id}/follow`).expect(200)).body).toEqual({ following: false });
    expect((await world.at().put(`/api/price-lists/${list.id}/follow`).expect(200)).body).toEqual({ following: true });
    await world.at().put(`/api/price-lists/${list.id}/follow`).expect(200);
    expect((await world.at().get('/api/follows').expect(200)).body).toEqual([{ priceListId: list.id, name: 'Поставщик А', since: expect.any(String) }]);
    await world.at().put('/api/price-lists/00000000-0000-4000-8000-000000000000/follow').expect(404);

    const db = new DataSource(dataSourceOptions(world.env.DATABASE_URL));
    await db.initialize();
    const jobs = new MailJobs({ QUEUE_PREFIX: defaultQueuePrefix(world.env.DATABASE_URL), REDIS_URL: world.env.REDIS_URL, MAIL_RETRY_MS: 300 });
    const settings = { MAIL_FROM: world.env.MAIL_FROM, MAIL_TIMEZONE: TZ, PUBLIC_URL: world.env.PUBLIC_URL };
    const notifier = new FollowerNotifier(new NoticesRepository(db), new BatchesRepository(db), jobs, settings);
    try {
      const sent = world.smtp.messages.length;
      const reasons = [
        { code: 'rows-dropped', message: 'Строк стало меньше на 35 % (было 100 000, стало 65 000)' },
        { code: 'column-missing', message: 'Колонка «Цена с НДС» не найдена' },
      ];
      const versionId = '11111111-1111-4111-8111-111111111111';
      const held = await notifier.versionHeld({ priceListId: list.id, versionId, fileName: 'прайс 48.xlsx', reasons });
      expect(held).not.toBeNull();
      // The same event told twice is one message.
      expect(await notifier.versionHeld({ priceListId: list.id, versionId, fileName: 'прайс 48.xlsx', reasons })).toBeNull();
      await notifier.sourceFailing({ priceListId: list.id, runId: '22222222-2222-4222-8222-222222222222', messages: ['HTTP 503', 'HTTP 503', 'Время ожидания истекло'] });
      const told = (await world.smtp.waitForMessages(sent + 2)).slice(sent);
      const heldMail = told.find((m) => m.message.subject.includes('задержана'))!;
      const failingMail = told.find((m) => m.message.subject.includes('источник'))!;
      expect(heldMail.envelopeTo).toEqual(['admin@example.com']);
      expect(heldMail.message.subject).toBe('Прайс «Поставщик А»: новая версия задержана');
      expect(heldMail.message.text).toContain('— Строк стало меньше на 35 % (было 100 000, стало 65 000)\n— Колонка «Цена с НДС» не найдена');
      expect(heldMail.message.text).toContain('http://prices.example.com/price-lists');
      expect(failingMail.message.subject).toBe('Прайс «Поставщик А»: источник не отвечает');
      expect(failingMail.message.text).toContain('— Время ожидания истекло');

      // A batch the list started by itself (`reason`, set by DESIGN §16's run): its end goes to the followers.
      const taskId = await sampleTaskAt(world.api.url, 'сам по себе');
      const batches = new BatchesRepository(db);
      const created = await batches.create({ id: me.user.id }, 'generate', [{ taskId, error: 'нет прайса' }], { reason: 'new-version', priceListId: list.id });
      const batchId = 'batchId' in created ? created.batchId : '';
      const [ended] = (await world.smtp.waitForMessages(sent + 3)).slice(sent + 2);
      expect(ended.message.subject).toBe('Пакетное формирование завершено: готово 0 из 1, с ошибкой 1');
      expect(ended.message.text).toContain('само по новой версии прайса «Поставщик А»');
      expect(ended.message.text).toContain(`http://prices.example.com/batch/${batchId}`);

      // Not following any more: nobody to tell.
      expect((await world.at().delete(`/api/price-lists/${list.id}/follow`).expect(200)).body).toEqual({ following: false });
      expect(await notifier.versionHeld({ priceListId: list.id, versionId: '33333333-3333-4333-8333-333333333333', fileName: 'x.xlsx', reasons })).toBeNull();
      expect((await world.at().get('/api/follows').expect(200)).body).toEqual([]);
    } finally {
      await jobs.close();
      await db.destroy();
    }
  });

  it('without SMTP_URL a worker writes each message to DATA_DIR/outbox, and the log says where', async () => {
    const taskId = await sampleTaskAt(world.api.url, 'в папку');
    await world.putDelivery(taskId, { to: ['outbox@chain.example'] });
    const { exportId, bytes } = await world.generate(taskId);
    await workerA.stop('SIGTERM', 10_000);
    const outboxDir = `${world.workDir}/outbox-data`;
    await world.worker('outbox', { SMTP_URL: '', DATA_DIR: outboxDir });
    await world.at().post(`/api/exports/${exportId}/send`).expect(202);
    const [logged] = await world.waitForDeliveries(taskId, allEnded);
    expect(logged.status).toBe('sent');
    const file = /^Сохранено в (.+\.eml) \(SMTP_URL не задан\)$/.exec(logged.reply!)![1];
    expect(file).toContain('outbox-data/outbox/');
    const saved = parseMessage(readFileSync(file.startsWith('/') ? file : `${process.cwd()}/${file}`));
    expect(saved.to).toEqual(['outbox@chain.example']);
    expect(saved.messageId).toBe(logged.messageId);
    expect(saved.attachments[0].content.equals(bytes)).toBe(true);
  });
});

/** The sample template with an incompressible part of `bytes` added: an export bigger than MAIL_MAX_MB. */
async function paddedTemplate(bytes: number): Promise<Buffer> {
  const source = await yauzl.fromBufferPromise(fixtureBytes('template-sample.xlsx'), { lazyEntries: true });
  const out = new ZipFile();
  await new Promise<void>((resolve, reject) => {
    source.on('entry', (entry: yauzl.Entry) => {
      source.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (!entry.fileName.endsWith('/')) out.addBuffer(Buffer.concat(chunks), entry.fileName);
          source.readEntry();
        });
      });
    });
    source.once('end', () => resolve());
    source.once('error', reject);
    source.readEntry();
  });
  out.addBuffer(randomBytes(bytes), 'xl/media/padding.bin', { compress: false });
  out.end();
  const chunks: Buffer[] = [];
  for await (const c of out.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
