import { loginPath, safeNext } from './return-path';

describe('safeNext', () => {
  it('keeps a path of the app and refuses anything else', () => {
    expect(safeNext('/task/1?x=2')).toBe('/task/1?x=2');
    expect(safeNext('/admin/queues')).toBe('/admin/queues');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login?next=/x', 'task/1']) expect(safeNext(bad)).toBe('/');
  });

  it('builds the sign-in path with where to go back', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/task/1?a=b')).toBe('/login?next=%2Ftask%2F1%3Fa%3Db');
  });
});
