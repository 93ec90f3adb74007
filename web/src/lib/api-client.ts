import { ERR } from '@app/contracts';

/**
 * A small fetch wrapper. Requests and answers are JSON unless a FormData body or a raw response
 * is asked for. A failed answer throws ApiError whose message is the server's `{error}` text when
 * the body has one (`serverMessage` is then set), else a generic HTTP status text.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  signal?: AbortSignal;
}

async function readServerError(res: Response): Promise<string | null> {
  try {
    const text = await res.text();
    const data = JSON.parse(text) as unknown;
    if (data && typeof data === 'object' && 'error' in data) {
      const error = (data as { error: unknown }).error;
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Not JSON (a proxy page, an empty body): no server message.
  }
  return null;
}

let onUnauthorized: (() => void) | null = null;

/**
 * Who hears that the session is gone (a 401 from any call but /api/auth/*): the app's auth state,
 * which then sends the user to /login and back where they were.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** Performs the request and returns the raw response once it is known to be successful. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    body = options.body;
  }
  let res: Response;
  try {
    res = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(ERR.serverUnreachable, 0, null);
  }
  if (!res.ok) {
    if (res.status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
    const serverMessage = await readServerError(res);
    throw new ApiError(serverMessage ?? `HTTP ${res.status}`, res.status, serverMessage);
  }
  return res;
}

/** JSON request; resolves with the parsed body (undefined for 204 or an empty body). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The server's message of a failed call, for a toast description. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : undefined;
}
