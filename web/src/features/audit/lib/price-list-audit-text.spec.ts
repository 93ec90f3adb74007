import { auditDetails } from './audit-text';

describe('the journal’s lines of price lists (DESIGN §12, §16)', () => {
  const line = (action: Parameters<typeof auditDetails>[0]['action'], details: Record<string, unknown>) => auditDetails({ action, details });

  it('tells the third wave’s events in words, never as JSON', () => {
    expect(line('price-list.version', { priceListId: 'p', list: 'Молоко', versionId: 'v', name: 'неделя 48.xlsx', size: 2048, sha256: 'ab'.repeat(32), origin: 'mailbox' })).toBe(
      'прайс «Молоко», версия «неделя 48.xlsx», 2,0 КБ, получена по почте',
    );
    expect(line('price-list.version', { list: 'Молоко', name: 'a.csv', size: 100 })).toBe('прайс «Молоко», версия «a.csv», 100 Б, загружена вручную');
    expect(line('batch', { batchId: 'b', action: 'generate', tasks: 3 })).toBe('формирование, задач 3');
    expect(line('batch', { batchId: 'b', action: 'generate', tasks: 2, deliver: true, reason: 'new-version', priceListId: 'p', versionId: 'v' })).toBe('формирование, задач 2, с отправкой, по новой версии прайса');
    expect(line('task.price-list', { from: null, to: { id: 'p', name: 'Молоко' } })).toBe('свой файл → прайс «Молоко»');
    expect(line('task.price-list', { from: { id: 'p', name: 'Молоко' }, to: null })).toBe('прайс «Молоко» → свой файл');
    expect(line('price-list.delete', { name: 'Молоко', versions: 4 })).toBe('прайс «Молоко», версий 4');
  });

  it('tells the guard, the settings and the sources', () => {
    expect(line('price-version.hold', { list: 'Молоко', name: 'x.csv', reasons: [{ code: 'rows-dropped', message: 'Строк стало меньше на 35 %' }] })).toBe(
      'прайс «Молоко», версия «x.csv», задержана: Строк стало меньше на 35 %',
    );
    expect(line('price-version.accept', { list: 'Молоко', name: 'x.csv' })).toBe('прайс «Молоко», версия «x.csv»');
    expect(line('price-list.settings', { list: 'Молоко', from: { onNewVersion: 'none', guard: null }, to: { onNewVersion: 'generate', guard: { maxRowDropPct: 60 } } })).toBe(
      'прайс «Молоко», при новой версии: ничего не делать → формировать файлы задач, пороги: строк −60 %, изменений 50 %, скачок 100 %',
    );
    expect(line('price-list.settings', { list: 'М', from: { compare: null }, to: { compare: { keyColumns: { ma: 2, gm: 3 }, valueColumns: [6] } } })).toBe('прайс «М», сравнение: коды B, C, значения F');
    expect(line('price-source.set', { list: 'М', kind: 'url', where: 'https://x.ru/p.csv', everyMinutes: 30 })).toBe('прайс «М», адрес https://x.ru/p.csv, каждые 30 мин');
    expect(line('price-source.set', { list: 'М', kind: 'mailbox', where: 'imap.x.ru/INBOX', cron: '0 9 * * 1' })).toBe('прайс «М», почтовый ящик imap.x.ru/INBOX, по расписанию «0 9 * * 1» (Europe/Moscow)');
    expect(line('price-source.set', { list: 'М', removed: true })).toBe('прайс «М», источник удалён');
    expect(line('price-source.run', { list: 'М', outcome: 'failed', message: 'Сервер не ответил за 60 с' })).toBe('прайс «М», ошибка, Сервер не ответил за 60 с');
  });
});
