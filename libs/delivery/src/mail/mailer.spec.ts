import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELIVERY_ERR } from '@app/contracts';
import { createMailer, type MailSettings } from './mailer';
import { MailFailure } from './mail-failure';

const settings = (extra: Partial<MailSettings>): MailSettings => ({
  SMTP_URL: undefined,
  MAIL_FROM: 'Прайсы <prices@example.com>',
  MAIL_TIMEOUT_MS: 1000,
  MAIL_CONCURRENCY: 1,
  NODE_ENV: 'development',
  DATA_DIR: 'data',
  ...extra,
});

describe('createMailer', () => {
  it('without SMTP_URL outside production: the outbox, one file per Message-ID (a retry rewrites it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-outbox-'));
    try {
      const mailer = createMailer(settings({ DATA_DIR: dir }));
      expect(mailer.kind).toBe('outbox');
      const message = { to: ['a@chain.example'], subject: 'Тема', text: 'Текст', messageId: '<id-1@example.com>', attachments: [{ filename: 'файл.xlsx', content: Buffer.from('xlsx') }] };
      const first = await mailer.send(message);
      await mailer.send(message);
      expect(readdirSync(join(dir, 'outbox'))).toEqual(['id-1@example.com.eml']);
      expect(first.reply).toBe(`Сохранено в ${join(dir, 'outbox', 'id-1@example.com.eml')} (SMTP_URL не задан)`);
      expect(readFileSync(join(dir, 'outbox', 'id-1@example.com.eml'), 'utf8')).toContain('Message-ID: <id-1@example.com>');
      mailer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without SMTP_URL in production: every send fails at once saying mail is not configured', async () => {
    const mailer = createMailer(settings({ NODE_ENV: 'production' }));
    expect(mailer.kind).toBe('off');
    await expect(mailer.send({ to: ['a@b.co'], subject: 's', text: 't', messageId: '<x@y.z>' })).rejects.toEqual(new MailFailure(true, null, DELIVERY_ERR.notConfigured));
  });

  it('with SMTP_URL: SMTP', () => {
    const mailer = createMailer(settings({ SMTP_URL: 'smtps://user:pass@mail.example.com' }));
    expect(mailer.kind).toBe('smtp');
    mailer.close();
  });
});
