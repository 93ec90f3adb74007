import type { PriceListSource } from '@app/contracts';
import { NEW_SOURCE_DRAFT, draftOfSource, requestOfDraft } from './source-draft';

const stored: PriceListSource = {
  kind: 'mailbox',
  url: null,
  login: 'prices',
  hasPassword: true,
  hasToken: false,
  host: 'imap.supplier.ru',
  port: 993,
  tls: true,
  folder: null,
  from: '@supplier.ru',
  subjectContains: null,
  fileName: '*.xlsx',
  processedFolder: 'Обработано',
  everyMinutes: null,
  cron: '0 9 * * 1',
  timezone: 'Asia/Yekaterinburg',
  nextRunAt: null,
  failures: 0,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('the source form', () => {
  it('shows a stored source without its secrets, its schedule as chosen', () => {
    const draft = draftOfSource(stored);
    expect(draft).toMatchObject({ kind: 'mailbox', login: 'prices', password: '', port: '993', folder: '', schedule: 'cron', cron: '0 9 * * 1', timezone: 'Asia/Yekaterinburg' });
    expect(draftOfSource({ ...stored, cron: null, timezone: null }).schedule).toBe('none');
    expect(draftOfSource({ ...stored, cron: null, everyMinutes: 30 })).toMatchObject({ schedule: 'every', everyMinutes: '30' });
  });

  it('sends a mailbox with its fields only; a password left empty is kept (left out), a typed one replaces', () => {
    const body = requestOfDraft(draftOfSource(stored));
    expect(body).toEqual({
      kind: 'mailbox',
      host: 'imap.supplier.ru',
      port: 993,
      tls: true,
      login: 'prices',
      folder: null,
      from: '@supplier.ru',
      subjectContains: null,
      fileName: '*.xlsx',
      processedFolder: 'Обработано',
      everyMinutes: null,
      cron: '0 9 * * 1',
      timezone: 'Asia/Yekaterinburg',
    });
    expect('password' in body).toBe(false);
    expect(requestOfDraft({ ...draftOfSource(stored), password: 'новый', port: '' })).toMatchObject({ password: 'новый', port: null });
  });

  it('an address: basic auth drops a stored token, a token alone drops a stored password, nothing typed keeps the token', () => {
    const url = { ...NEW_SOURCE_DRAFT, url: ' https://supplier.ru/p.xlsx ', everyMinutes: '30' };
    expect(requestOfDraft({ ...url, login: 'shop', password: 'секрет' })).toEqual({
      kind: 'url',
      url: 'https://supplier.ru/p.xlsx',
      login: 'shop',
      password: 'секрет',
      token: null,
      everyMinutes: 30,
      cron: null,
      timezone: null,
    });
    expect(requestOfDraft({ ...url, token: 'tok' })).toMatchObject({ login: null, token: 'tok', password: null });
    const kept = requestOfDraft(url);
    expect(kept).toMatchObject({ password: null });
    expect('token' in kept).toBe(false);
    // Both typed: sent as they are, for the server to say which to choose.
    expect(requestOfDraft({ ...url, login: 'shop', token: 'tok' })).toMatchObject({ login: 'shop', token: 'tok' });
  });

  it('only by hand: no schedule; a cron without a time zone is Moscow time', () => {
    expect(requestOfDraft({ ...NEW_SOURCE_DRAFT, schedule: 'none' })).toMatchObject({ everyMinutes: null, cron: null, timezone: null });
    expect(requestOfDraft({ ...NEW_SOURCE_DRAFT, schedule: 'cron', cron: '0 9 * * 1', timezone: ' ' })).toMatchObject({ everyMinutes: null, cron: '0 9 * * 1', timezone: 'Europe/Moscow' });
  });
});
