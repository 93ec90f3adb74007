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
  });
});
