import { safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of the app and refuses anything else', () => {
    expect(safeReturnPath('/task/1?x=2')).toBe('/task/1?x=2');
    expect(safeReturnPath('/admin/queues')).toBe('/admin/queues');
    expect(safeReturnPath('/loginless')).toBe('/loginless');
    const bad = [null, undefined, 42, ['/task/1'], '', 'https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example'];
    for (const next of [...bad, '/login', '/login?next=/x', 'task/1', `/${'a'.repeat(2_000)}`]) expect(safeReturnPath(next)).toBe('/');
  });

  it('builds the sign-in path with where to go back', () => {
    expect(signInPath('/')).toBe('/login');
    expect(signInPath('/task/1?a=b')).toBe('/login?next=%2Ftask%2F1%3Fa%3Db');
  });
});
