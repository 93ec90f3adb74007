/** Where to go back after signing in: a path of this site only (`/task/…`), never another site (`//evil`, `https:`). */
export function safeReturnPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next.length > 2_000 ? '/' : next;
}
