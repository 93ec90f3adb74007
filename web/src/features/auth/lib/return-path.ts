/** Where the sign-in page sends the user afterwards: a path of this app only, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/login')) return '/';
  return next;
}

export const loginPath = (next: string) => (next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
