import type { Batch } from '@app/contracts';
import { batchNotice, heldNotice } from './notice-texts';

const batch = (action: Batch['action']): Batch => ({
  id: 'b1',
  action,
  status: 'done',
  createdAt: '2026-11-25T09:05:00.000Z',
  createdBy: { id: 'u', login: 'anna', displayName: 'Анна' },
  total: 2,
  finished: 2,
  failed: 1,
  deliver: false,
  tasks: [
    { taskId: 't1', name: 'Лента', status: 'done', rows: 13, matched: 12 },
    { taskId: 't2', name: 'Магнит', status: 'failed', error: 'Не загружен прейскурант' },
  ],
});

describe('notice texts', () => {
  it('a batch’s end: the counts in the subject, a line per task, who started it and where it is', () => {
    const n = batchNotice(batch('generate'), null, 'Europe/Moscow', 'https://prices.example.com/batch/b1');
    expect(n.subject).toBe('Пакетное формирование завершено: готово 1 из 2, с ошибкой 1');
    expect(n.body).toBe(
      'Пакетное формирование завершено (запуск: 25.11.2026 12:05, Анна).\n\n— Лента: Готово (строк 13, найдено 12)\n— Магнит: Ошибка (Не загружен прейскурант)\n\nИтоги — во вложении; пакет: https://prices.example.com/batch/b1\n',
    );
    expect(batchNotice(batch('check'), 'Поставщик', 'UTC', '/batch/b1').body).toMatch(/^Пакетная проверка завершена \(запуск: 25\.11\.2026 09:05, само по новой версии прайса «Поставщик»\)/);
  });

  it('a held version: each reason on its line and the link', () => {
    const n = heldNotice('Поставщик', 'прайс.xlsx', [{ code: 'rows-dropped', message: 'Строк стало меньше на 35 %' }], '/price-lists');
    expect(n.subject).toBe('Прайс «Поставщик»: новая версия задержана');
    expect(n.body).toContain('Причины:\n— Строк стало меньше на 35 %\n\nПримите или отклоните её на странице прайса: /price-lists\n');
  });
});
