/** The web app's sign-in page. */
export const SIGN_IN_PAGE = '/login';

const RETURN_PATH_MAX = 2_000;

/**
 * Where to go back after signing in (the sign-in page and single sign-on both use it): a path of
 * this site only (`/task/…`), never another site (`//evil`, `/\evil`, `https:`), never the sign-in
 * page itself; anything else is `/`. Control characters are refused too: a browser drops tabs
 * and newlines from a URL, so `/\t/evil` would become `//evil`.
 */
export function safeReturnPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > RETURN_PATH_MAX || !next.startsWith('/')) return '/';
  if (next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(next)) return '/';
  if (next === SIGN_IN_PAGE || next.startsWith(`${SIGN_IN_PAGE}?`) || next.startsWith(`${SIGN_IN_PAGE}/`)) return '/';
  return next;
}

/** The sign-in page that brings the user back to `next` afterwards. */
export const signInPath = (next: string): string => (next === '/' ? SIGN_IN_PAGE : `${SIGN_IN_PAGE}?next=${encodeURIComponent(next)}`);
