import { auditDetails } from './audit-text';

describe('auditDetails', () => {
  it('tells each kind of event in the journal’s words', () => {
    expect(auditDetails({ action: 'task.items', details: { added: 3, removed: 1, changed: 2, count: 40 } })).toBe('+3 −1, изменено 2, всего 40');
    expect(auditDetails({ action: 'task.rename', details: { from: 'Старое', to: 'Новое' } })).toBe('«Старое» → «Новое»');
    expect(auditDetails({ action: 'task.upload', details: { kind: 'price', name: 'прайс.xlsx', size: 2048, sha256: 'ab'.repeat(32) } })).toBe(
      'прейскурант, «прайс.xlsx», 2,0 КБ, sha256 abababababab…',
    );
    expect(auditDetails({ action: 'export', details: { rows: 13, found: 12, warnings: 1, size: 5000 } })).toMatch(/^строк 13, найдено 12, предупреждений 1, /);
    expect(auditDetails({ action: 'check', details: { rows: 900, warnings: 0 } })).toBe('строк 900, предупреждений 0');
    expect(auditDetails({ action: 'rules.update', details: { from: { manualMapping: {} }, to: { manualMapping: {}, priceKeys: {} } } })).toBe(
      'изменено: ручные поля, колонки кодов',
    );
    expect(auditDetails({ action: 'user.update', details: { login: 'anna', role: { from: 'staff', to: 'admin' }, disabled: true } })).toBe(
      'anna, роль: Сотрудник → Администратор, отключён',
    );
    expect(auditDetails({ action: 'auth.sign-in-failed', details: { login: 'x', address: '10.0.0.1' } })).toBe('логин «x», с адреса 10.0.0.1');
    expect(auditDetails({ action: 'auth.sign-out', details: {} })).toBe('');
    expect(auditDetails({ action: 'auth.sign-in-failed', details: { login: 'x', address: '10.0.0.1', during: 'password-change' } })).toBe(
      'логин «x», с адреса 10.0.0.1, неверный текущий пароль при смене пароля',
    );
    expect(auditDetails({ action: 'user.create', details: { login: 'admin', role: 'admin', via: 'first-start' } })).toBe('admin, Администратор, при первом запуске (ADMIN_USER)');
    expect(auditDetails({ action: 'user.update', details: { login: 'anna', role: { from: 'admin', to: 'staff' }, via: 'sso' } })).toBe(
      'anna, роль: Администратор → Сотрудник, по группе единого входа',
    );
    expect(auditDetails({ action: 'user.update', details: { login: 'anna', email: { from: null, to: 'anna@shop.example' }, via: 'sso' } })).toBe(
      'anna, почта: — → anna@shop.example, через единый вход',
    );
    expect(auditDetails({ action: 'delivery.sent', details: { to: ['a@chain.example', 'b@chain.example'], cc: ['c@example.com'], file: 'Лента — 25.11.2026.xlsx', reply: '250 2.0.0 Ok' } })).toBe(
      'кому: a@chain.example, b@chain.example, копия: c@example.com, файл «Лента — 25.11.2026.xlsx», ответ сервера: 250 2.0.0 Ok',
    );
    expect(auditDetails({ action: 'delivery.failed', details: { to: ['a@chain.example'], cc: [], file: 'x.xlsx', reply: '550 No', error: 'Почтовый сервер отклонил письмо: 550 No' } })).toBe(
      'кому: a@chain.example, файл «x.xlsx», Почтовый сервер отклонил письмо: 550 No',
    );
    expect(auditDetails({ action: 'delivery.settings', details: { to: ['a@chain.example'], cc: [], subject: '{task}', auto: true } })).toBe('кому: a@chain.example, после каждой пакетной выгрузки');
    expect(auditDetails({ action: 'price-list.follow', details: { name: 'Поставщик', following: true } })).toBe('следит за прайсом «Поставщик»');
    expect(auditDetails({ action: 'mail.test', details: { to: 'admin@example.com', reply: '250 Ok' } })).toBe('кому: admin@example.com, ответ сервера: 250 Ok');
  });
});
