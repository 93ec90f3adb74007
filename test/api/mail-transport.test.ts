import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_ERR, DELIVERY_ERR, ERR, NOTICE_TEXT, type MailTestResponse } from '@app/contracts';
import { startApi } from '../support/app-runner';
import { agentWith, adminAuthorization, userWithRole } from '../support/auth';
import { api } from '../support/api-client';
import { CapturingSmtpServer, selfSignedCertificate, type Certificate, type SmtpServerOptions } from '../support/smtp-server';
import { parseMessage } from '../support/mime-message';
import { testEnv } from '../support/test-env';

/**
 * The way out (DESIGN §17): SMTP with STARTTLS and a login, TLS from the first byte, a certificate
 * the API must trust (a self-signed one, trusted through NODE_EXTRA_CA_CERTS as a private CA would
 * be), and the outbox without SMTP_URL — each through an admin's test message on an API of the
 * run's database started with those settings.
 */
jest.setTimeout(180_000);

describe('mail transport and the test message', () => {
  const { appEnv, logDir } = testEnv();
  const work = mkdtempSync(join(tmpdir(), 'pe-mail-transport-'));
  let certificate: Certificate;
  const servers: CapturingSmtpServer[] = [];

  beforeAll(() => {
    certificate = selfSignedCertificate();
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    certificate.remove();
    rmSync(work, { recursive: true, force: true });
  });

  async function server(options: SmtpServerOptions): Promise<CapturingSmtpServer> {
    const s = await CapturingSmtpServer.start(options);
    servers.push(s);
    return s;
  }
  const apiWith = async (name: string, env: Record<string, string>) => {
    const started = await startApi(name, { ...appEnv, ...env }, logDir);
    return { started, at: () => agentWith(started.url, { Authorization: adminAuthorization() }) };
  };

  it('STARTTLS with a self-signed certificate and a login: the conversation is encrypted and signed in; an untrusted certificate or a wrong password fails with why', async () => {
    const smtp = await server({ tls: 'starttls', certificate, auth: { user: 'mailer', pass: 'p@ss word' } });
    const trusted = await apiWith('api-starttls', { SMTP_URL: smtp.url(), NODE_EXTRA_CA_CERTS: certificate.certFile, MAIL_FROM: 'Прайсы <prices@example.com>' });
    const res = await trusted.at().post('/api/admin/mail/test').send({ to: 'Admin@Example.com' }).expect(200);
    const answer = res.body as MailTestResponse;
    expect(answer).toEqual({ to: 'Admin@example.com', messageId: expect.stringMatching(/^<[0-9a-f-]{36}@example\.com>$/), reply: expect.stringMatching(/^250 2\.0\.0 Ok/) });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail).toMatchObject({ secure: true, user: 'mailer', envelopeFrom: 'prices@example.com', envelopeTo: ['Admin@example.com'] });
    expect(mail.message.subject).toBe(NOTICE_TEXT.testSubject);
    expect(mail.message.header('from')).toBe('Прайсы <prices@example.com>');
    expect(mail.message.messageId).toBe(answer.messageId);
    await trusted.started.stop('SIGTERM', 10_000);

    // The same server, its certificate not trusted: refused at once, never sent in the clear.
    const untrusted = await apiWith('api-untrusted', { SMTP_URL: smtp.url() });
    const refused = (await untrusted.at().post('/api/admin/mail/test').send({ to: 'admin@example.com' }).expect(502)).body.error as string;
    expect(refused.startsWith(DELIVERY_ERR.testFailed(''))).toBe(true);
    expect(refused).toMatch(/certificate/i);
    await untrusted.started.stop('SIGTERM', 10_000);

    const wrong = await apiWith('api-wrong-login', { SMTP_URL: smtp.url().replace('p%40ss%20word', 'nope'), NODE_EXTRA_CA_CERTS: certificate.certFile });
    const denied = (await wrong.at().post('/api/admin/mail/test').send({ to: 'admin@example.com' }).expect(502)).body.error as string;
    expect(denied).toMatch(/^Тестовое письмо не отправлено: Почтовый сервер отклонил письмо: .*535/);
    await wrong.started.stop('SIGTERM', 10_000);
    expect(smtp.messages).toHaveLength(1);
  });

  it('TLS from the first byte (smtps://)', async () => {
    const smtp = await server({ tls: 'implicit', certificate, auth: { user: 'mailer', pass: 'secret' } });
    expect(smtp.url()).toMatch(/^smtps:\/\//);
    const { started, at } = await apiWith('api-smtps', { SMTP_URL: smtp.url(), NODE_EXTRA_CA_CERTS: certificate.certFile });
    await at().post('/api/admin/mail/test').send({ to: 'admin@example.com' }).expect(200);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail).toMatchObject({ secure: true, user: 'mailer' });
    await started.stop('SIGTERM', 10_000);
  });

  it('without SMTP_URL the message is written to DATA_DIR/outbox as an .eml file, and the answer says where', async () => {
    const dataDir = join(work, 'data');
    const { started, at } = await apiWith('api-outbox', { SMTP_URL: '', DATA_DIR: dataDir });
    const answer = (await at().post('/api/admin/mail/test').send({ to: 'admin@example.com' }).expect(200)).body as MailTestResponse;
    const file = /^Сохранено в (.+) \(SMTP_URL не задан\)$/.exec(answer.reply)![1];
    expect(file.startsWith(join(dataDir, 'outbox'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    const saved = parseMessage(readFileSync(file));
    expect(saved).toMatchObject({ subject: NOTICE_TEXT.testSubject, to: ['admin@example.com'], messageId: answer.messageId });
    expect(saved.text).toBe(NOTICE_TEXT.testBody);
    await started.stop('SIGTERM', 10_000);
  });

  it('is for admins, checks the address, and is in the journal', async () => {
    const staff = await userWithRole('staff');
    expect((await staff.agent().post('/api/admin/mail/test').send({ to: 'admin@example.com' }).expect(403)).body).toEqual({ error: AUTH_ERR.forbidden });
    expect((await api().post('/api/admin/mail/test').send({ to: 'admin' }).expect(400)).body).toEqual({ error: ERR.invalidField('to', DELIVERY_ERR.badAddresses(['admin'])) });
    const journal = (await api().get('/api/audit?action=mail.test').expect(200)).body as { events: { details: { to: string; reply: string | null; error?: string } }[] };
    expect(journal.events.map((e) => e.details.to)).toEqual(expect.arrayContaining(['admin@example.com', 'Admin@example.com']));
    expect(journal.events.some((e) => e.details.error?.startsWith(DELIVERY_ERR.rejected('')))).toBe(true);
  });
});
