import type { DeliveryContext } from '@app/persistence';
import { composeDelivery } from './compose-delivery';
import { newMessageId } from './mail/message-id';

const base: DeliveryContext = {
  exportId: 'e',
  exportStatus: 'done',
  createdAt: new Date('2026-11-25T08:00:00Z'),
  finishedAt: new Date('2026-11-25T21:30:00Z'),
  batchId: null,
  batchDeliver: false,
  batchBy: null,
  taskId: 't',
  taskName: 'Лента: неделя 48',
  priceList: { name: 'Поставщик А', versionAt: new Date('2026-11-24T10:00:00Z') },
  ownPrice: null,
  settings: { to: ['a@chain.example'], cc: ['b@example.com'], subject: '{task} — {date}', body: 'Прайс {priceList} от {version}', auto: false },
};
const settings = { MAIL_FROM: 'Прайсы <prices@Example.com>', MAIL_TIMEZONE: 'Europe/Moscow' };

describe('composeDelivery', () => {
  it('renders the templates with the export’s day in the mail time zone and names the file after the task', () => {
    const m = composeDelivery(base, settings);
    expect(m).toMatchObject({
      to: ['a@chain.example'],
      cc: ['b@example.com'],
      subject: 'Лента: неделя 48 — 26.11.2026',
      body: 'Прайс Поставщик А от 24.11.2026',
      fileName: 'Лента_ неделя 48 — 26.11.2026.xlsx',
    });
    expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
  });

  it('a task with its own price file says that file and its upload day', () => {
    const m = composeDelivery({ ...base, priceList: null, ownPrice: { name: 'прайс.xlsx', uploadedAt: '2026-11-20T12:00:00.000Z' } }, settings);
    expect(m.body).toBe('Прайс прайс.xlsx от 20.11.2026');
  });

  it('a Message-ID of the sender’s domain, new every time', () => {
    expect(newMessageId('prices@shop.example')).toMatch(/@shop\.example>$/);
    expect(newMessageId('x@y.z')).not.toBe(newMessageId('x@y.z'));
  });
});
