import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOURCE_ERR, SOURCE_TEST, type MailboxSourceSettings } from '@app/contracts';
import { startDovecot, type Dovecot } from '../../../test/support/dovecot';
import { pollMailbox, settleMailbox, type MailboxPollResult, type PolledMessage } from './mailbox-poll';
import { testMailbox } from './mailbox-test';
import { testConnection } from './test-connection';
import { SourceError } from './source-error';
import type { SourceLimits } from './source-limits';

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const xlsx = (text: string) => Buffer.from(`PK\u0003\u0004 ${text} `.repeat(20));
const limits: SourceLimits = { maxBytes: 5 * MB, timeoutMs: 10_000, maxRedirects: 5, allowPrivate: true };

let dovecot: Dovecot;
let saveDir: string;
let users = 0;

/** A fresh mailbox for each test: its own user, so tests never see each other's messages. */
function mailbox(extra: Partial<MailboxSourceSettings> = {}): MailboxSourceSettings & { login: string } {
  const login = `buyer${++users}`;
  dovecot.addUser(login, `пароль-${login}`);
  return { host: dovecot.host, port: dovecot.port, tls: false, login, password: `пароль-${login}`, fileName: '*.xlsx', ...extra };
}

const nothingTaken = () => false;
const poll = (settings: MailboxSourceSettings, taken: (id: string) => boolean = nothingTaken, lim: SourceLimits = limits) => pollMailbox(settings, taken, lim, saveDir);
const files = (r: MailboxPollResult) => r.messages.map((m) => (m.outcome === 'file' ? m.attachment.fileName : `failed: ${m.failure.message}`));
const refs = (r: MailboxPollResult) => [...r.messages.map((m) => m.ref), ...r.pending];

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SourceError) return err;
    throw err;
  }
  throw new Error('expected a SourceError, the poll succeeded');
}

/** `Прайс` in windows-1251, as Russian mail clients of old write RFC 2047 words. */
function cp1251(text: string): Buffer {
  return Buffer.from([...text].map((ch) => {
    const code = ch.codePointAt(0)!;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (code < 0x80) return code;
    throw new Error(`no cp1251 byte for ${ch} in this test`);
  }));
}

/** A message as Outlook writes it: the file name only as RFC 2047 words, in windows-1251; no Message-ID. */
function outlookStyle(from: string, subject: string, fileName: string, body: Buffer): string {
  const word = `=?windows-1251?B?${cp1251(fileName).toString('base64')}?=`;
  return [
    `From: ${from}`,
    'To: buyer@example.ru',
    `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
    'Date: Tue, 25 Nov 2025 09:00:00 +0300',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Прайс во вложении.',
    '--b1',
    `Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; name="${word}"`,
    `Content-Disposition: attachment; filename="${word}"`,
    'Content-Transfer-Encoding: base64',
    '',
    body.toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--b1--',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  dovecot = await startDovecot();
  saveDir = mkdtempSync(join(tmpdir(), 'pe-mail-'));
});
afterAll(async () => {
  await dovecot?.stop();
  rmSync(saveDir, { recursive: true, force: true });
});

describe('pollMailbox: filters and attachments', () => {
  it('takes new messages passing the sender and subject filters, oldest first, each one’s first matching attachment', async () => {
    const box = mailbox({ from: 'price@supplier.ru', subjectContains: 'прайс-лист' });
    const first = xlsx('first');
    await dovecot.putMessage(box.login, {
      from: 'ООО «Поставщик» <price@supplier.ru>',
      subject: 'Прайс-лист на неделю',
      text: 'Добрый день!',
      attachments: [
        { filename: 'logo.png', content: Buffer.from('png') },
        { filename: 'Прайс 25.11.xlsx', content: first },
        { filename: 'остатки.xlsx', content: xlsx('second') },
      ],
    });
    await dovecot.putMessage(box.login, { from: 'price@elsewhere.ru', subject: 'Прайс-лист', attachments: [{ filename: 'p.xlsx', content: xlsx('x') }] });
    await dovecot.putMessage(box.login, { from: 'price@supplier.ru', subject: 'Счёт на оплату', attachments: [{ filename: 'счёт.xlsx', content: xlsx('x') }] });
    await dovecot.putMessage(box.login, { from: 'price@supplier.ru', subject: 'Прайс-лист', attachments: [{ filename: 'old.xlsx', content: xlsx('x') }] }, { seen: true });
    await dovecot.putMessage(box.login, { from: 'PRICE@Supplier.RU', subject: 'ПРАЙС-ЛИСТ (исправленный)', attachments: [{ filename: 'PRICE.XLSX', content: xlsx('upper') }] });

    const result = await poll(box);
    expect(files(result)).toEqual(['Прайс 25.11.xlsx', 'PRICE.XLSX']);
    expect(result.pending).toEqual([]);
    expect(result.more).toBe(false);
    const taken = result.messages[0] as Extract<PolledMessage, { outcome: 'file' }>;
    expect(taken).toMatchObject({ from: 'price@supplier.ru', subject: 'Прайс-лист на неделю', attachment: { size: first.length, sha256: sha(first), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    expect(taken.messageId).toMatch(/^<.+@supplier\.ru>$/);
    expect(taken.date).toBeInstanceOf(Date);
    expect(readFileSync(taken.attachment.path)).toEqual(first);
    // Phase one changes nothing on the server.
    expect((await dovecot.listFolder(box.login)).map((m) => m.seen)).toEqual([false, false, false, true, false]);
  });

  it('takes a whole domain with `@domain`, not its look-alikes or subdomains', async () => {
    const box = mailbox({ from: '@supplier.ru' });
    for (const from of ['sales@supplier.ru', 'x@notsupplier.ru', 'x@mail.supplier.ru', 'Отдел цен <prices@Supplier.ru>']) {
      await dovecot.putMessage(box.login, { from, subject: 'Цены', attachments: [{ filename: `${from.length}.xlsx`, content: xlsx(from) }] });
    }
    expect((await poll(box)).messages.map((m) => m.from)).toEqual(['sales@supplier.ru', 'prices@supplier.ru']);
  });

  it('decodes file names: RFC 2231 (nodemailer), RFC 2047 in windows-1251 (Outlook); any case for the glob', async () => {
    const box = mailbox({ fileName: 'прайс*.XLSX' });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'Прайс от 25.11.2025 (розница).xlsx', content: xlsx('2231') }] });
    await dovecot.putMessage(box.login, outlookStyle('b@supplier.ru', 'Прайс', 'Прайс Ромашка.xlsx', xlsx('2047')));
    const result = await poll(box);
    expect(files(result)).toEqual(['Прайс от 25.11.2025 (розница).xlsx', 'Прайс Ромашка.xlsx']);
    const outlook = result.messages[1] as Extract<PolledMessage, { outcome: 'file' }>;
    expect(readFileSync(outlook.attachment.path)).toEqual(xlsx('2047'));
    // No Message-ID header: the folder, UIDVALIDITY and UID stand for it.
    expect(outlook.messageId).toMatch(/^INBOX:\d+:2$/);
    expect(outlook.subject).toBe('Прайс');
  });

  it('takes a message that is the file itself (one part, no multipart), as some ERP systems send it', async () => {
    const box = mailbox();
    const body = xlsx('single');
    const raw = [
      'From: erp@supplier.ru',
      'Subject: Price',
      'MIME-Version: 1.0',
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; name="export.xlsx"',
      'Content-Disposition: attachment; filename="export.xlsx"',
      'Content-Transfer-Encoding: base64',
      '',
      body.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '',
    ].join('\r\n');
    await dovecot.putMessage(box.login, raw);
    const [taken] = (await poll(box)).messages as Extract<PolledMessage, { outcome: 'file' }>[];
    expect(taken.attachment.fileName).toBe('export.xlsx');
    expect(readFileSync(taken.attachment.path)).toEqual(body);
  });

  it('reports a matching message without a matching attachment, and one over the size limit, and goes on', async () => {
    const box = mailbox();
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'price.pdf', content: Buffer.from('%PDF') }] });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', text: 'Файл пришлю позже' });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'big.xlsx', content: Buffer.alloc(MB, 1) }] });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'small.xlsx', content: xlsx('small') }] });
    const before = readdirSync(saveDir).length;
    const result = await poll(box, nothingTaken, { ...limits, maxBytes: MB / 2 });
    expect(files(result)).toEqual([
      `failed: ${SOURCE_ERR.noAttachment('*.xlsx')}`,
      'failed: Во вложениях нет файла, подходящего под «*.xlsx»',
      'failed: Вложение «big.xlsx» больше 0,5 МБ',
      'small.xlsx',
    ]);
    expect(result.messages.map((m) => (m.outcome === 'failed' ? m.failure.code : m.outcome))).toEqual(['no-attachment', 'no-attachment', 'too-big', 'file']);
    // Only the file taken is left on disk, not the part of the big one.
    expect(readdirSync(saveDir).length).toBe(before + 1);
  });

  it('takes at most maxMessages new messages a poll; the rest wait for the next one', async () => {
    const box = mailbox();
    for (const n of [1, 2, 3]) await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: `Прайс ${n}`, attachments: [{ filename: `${n}.xlsx`, content: xlsx(String(n)) }] });
    const first = await poll(box, nothingTaken, { ...limits, maxMessages: 2 });
    expect(files(first)).toEqual(['1.xlsx', '2.xlsx']);
    expect(first.more).toBe(true);
    await settleMailbox(box, refs(first), limits);
    const second = await poll(box, nothingTaken, { ...limits, maxMessages: 2 });
    expect([files(second), second.more]).toEqual([['3.xlsx'], false]);
  });
});

describe('pollMailbox + settleMailbox: a message is taken once', () => {
  it('marks settled messages seen and moves them to processedFolder, creating it; the next poll takes nothing', async () => {
    const box = mailbox({ processedFolder: 'Обработано' });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'p.xlsx', content: xlsx('p') }] });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', text: 'без вложения' });
    const taken = new Set<string>();
    const first = await poll(box, (id) => taken.has(id));
    expect(first.messages).toHaveLength(2);
    first.messages.forEach((m) => taken.add(m.messageId));
    await settleMailbox(box, refs(first), limits);

    expect(await dovecot.listFolder(box.login)).toEqual([]);
    const moved = await dovecot.listFolder(box.login, 'Обработано');
    expect(moved.map((m) => [m.messageId, m.seen])).toEqual(first.messages.map((m) => [m.messageId, true]));
    expect(await poll(box, (id) => taken.has(id))).toEqual({ messages: [], pending: [], more: false });
    // Settling again finds nothing to do.
    await settleMailbox(box, refs(first), limits);
  });

  it('after a crash between recording and settling, hands the message back as pending, never as new', async () => {
    const box = mailbox();
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'p.xlsx', content: xlsx('p') }] });
    const taken = new Set<string>();
    const first = await poll(box, (id) => taken.has(id));
    taken.add(first.messages[0].messageId); // recorded; the process dies before settleMailbox
    const again = await pollMailbox(box, async (id) => taken.has(id), limits, saveDir);
    expect(again.messages).toEqual([]);
    expect(again.pending).toEqual([first.messages[0].ref]);
    await settleMailbox(box, again.pending, limits);
    // Without a processed folder the message stays, marked seen.
    expect((await dovecot.listFolder(box.login)).map((m) => m.seen)).toEqual([true]);
    expect(await poll(box, (id) => taken.has(id))).toEqual({ messages: [], pending: [], more: false });
  });
});

describe('pollMailbox: failures', () => {
  it('refuses a wrong password', async () => {
    const box = mailbox();
    expect(await failure(poll({ ...box, password: 'не тот' }))).toMatchObject({ code: 'mail-auth', message: SOURCE_ERR.mailAuth });
  });

  it('refuses a folder that does not exist', async () => {
    expect(await failure(poll(mailbox({ folder: 'Прайсы' })))).toMatchObject({ code: 'mail-folder', message: 'В почтовом ящике нет папки «Прайсы»' });
  });

  it('reads a folder other than INBOX', async () => {
    const box = mailbox({ folder: 'Поставщики/Ромашка' });
    await dovecot.createFolder(box.login, 'Поставщики/Ромашка');
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'r.xlsx', content: xlsx('r') }] }, { folder: 'Поставщики/Ромашка' });
    const result = await poll(box);
    expect([files(result), result.messages[0].ref.folder]).toEqual([['r.xlsx'], 'Поставщики/Ромашка']);
  });

  it('verifies the server’s certificate: a self-signed one is a TLS error unless its CA is trusted', async () => {
    const box = mailbox({ port: dovecot.tlsPort, tls: true });
    expect(await failure(poll(box))).toMatchObject({ code: 'tls', message: SOURCE_ERR.tls(`127.0.0.1:${dovecot.tlsPort}`) });
    // TLS asked of a cleartext port (not 143, so no STARTTLS) fails the same way.
    expect(await failure(poll({ ...box, port: dovecot.port }))).toMatchObject({ code: 'tls' });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'tls.xlsx', content: xlsx('tls') }] });
    expect(files(await poll(box, nothingTaken, { ...limits, extraCa: [dovecot.cert] }))).toEqual(['tls.xlsx']);
  });

  it('names an unreachable host, a DNS failure, a silent server and a private address', async () => {
    const silent: Server = createServer((socket: Socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    try {
      const box = mailbox();
      expect(await failure(poll({ ...box, port: closedPort }))).toMatchObject({ code: 'unreachable', message: SOURCE_ERR.unreachable(`127.0.0.1:${closedPort}`) });
      expect(await failure(poll({ ...box, host: 'imap.supplier.invalid' }))).toMatchObject({ code: 'dns', message: SOURCE_ERR.dns(`imap.supplier.invalid:${box.port}`) });
      expect(await failure(poll({ ...box, port: silentPort }, nothingTaken, { ...limits, timeoutMs: 500 }))).toMatchObject({ code: 'timeout', message: 'Сервер не ответил за 0,5 с' });
      for (const host of ['127.0.0.1', 'localhost']) {
        expect(await failure(poll({ ...box, host }, nothingTaken, { ...limits, allowPrivate: false }))).toMatchObject({ code: 'private-address', message: SOURCE_ERR.privateAddress(host) });
      }
    } finally {
      silent.close();
    }
  });
});

describe('testMailbox', () => {
  it('lists the new matching messages’ matching attachments and changes nothing', async () => {
    const box = mailbox({ from: '@supplier.ru' });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Прайс', attachments: [{ filename: 'Прайс.xlsx', content: Buffer.alloc(10_000, 2) }] });
    await dovecot.putMessage(box.login, { from: 'a@supplier.ru', subject: 'Без файла', text: '…' });
    await dovecot.putMessage(box.login, { from: 'a@other.ru', subject: 'Прайс', attachments: [{ filename: 'other.xlsx', content: xlsx('o') }] });
    const result = await testMailbox(box, limits);
    expect(result).toMatchObject({ ok: true, message: SOURCE_TEST.mailboxOk(2), files: [{ name: 'Прайс.xlsx' }] });
    // The size is estimated from the encoded one: within a line's worth of bytes.
    expect(Math.abs(result.files[0].size! - 10_000)).toBeLessThan(100);
    expect((await dovecot.listFolder(box.login)).map((m) => m.seen)).toEqual([false, false, false]);
    expect(await testConnection({ kind: 'mailbox', ...mailbox() }, limits)).toEqual({ ok: true, message: 'Подключение работает, новых подходящих писем нет', files: [] });
  });

  it('answers a failure as ok: false with its message', async () => {
    expect(await testMailbox({ ...mailbox(), password: 'x' }, limits)).toEqual({ ok: false, message: SOURCE_ERR.mailAuth, files: [] });
    expect(await testMailbox(mailbox({ folder: 'Нет' }), limits)).toEqual({ ok: false, message: SOURCE_ERR.mailFolder('Нет'), files: [] });
  });
});
