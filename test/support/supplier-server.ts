import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { SelfSigned } from './self-signed';

/** How a published file is served. */
export interface PublishedFile {
  body: Buffer;
  etag?: string;
  /** An HTTP date (`new Date().toUTCString()`). */
  lastModified?: string;
  /** A whole Content-Disposition header. */
  disposition?: string;
  contentType?: string;
  /** No Authorization: 401; a wrong one: 403. */
  auth?: { basic: { login: string; password: string } } | { bearer: string };
  /** Sent chunked, without Content-Length. */
  chunked?: boolean;
  /** The answer starts this long after the request (a slow supplier, to catch a poll mid-fetch). */
  delayMs?: number;
}

export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A supplier's web server for source tests, on a free port: files published at paths (with ETag,
 * Last-Modified, 304 to a conditional GET, basic or bearer auth), and fixed misbehaviours:
 * - `/redirect/<n>/<path>`: n redirects, then <path>; `/loop`: redirects to itself forever;
 * - `/to?url=<url>`: a redirect to any address;
 * - `/status/<code>`: that status and a short text;
 * - `/slow`: headers never come; `/stall`: headers and a part of the body, then silence;
 * - `/broken`: a Content-Length of 100 000, 1 000 bytes, then the connection is cut;
 * - `/big/<bytes>`: that many bytes with Content-Length; `/big-chunked/<bytes>`: chunked.
 * Every request is kept in `requests` (path and headers), to check what a client sent.
 */
export interface SupplierServer {
  port: number;
  /** `http(s)://<host>:<port><path>`; host defaults to 127.0.0.1. */
  url(path: string, host?: string): string;
  publish(path: string, file: PublishedFile): void;
  requests: SeenRequest[];
  stop(): Promise<void>;
}

function authorized(req: IncomingMessage, res: ServerResponse, auth: PublishedFile['auth']): boolean {
  if (!auth) return true;
  const given = req.headers.authorization;
  if (!given) {
    res.writeHead(401, { 'www-authenticate': 'basic' in auth ? 'Basic realm="prices"' : 'Bearer' }).end('sign in');
    return false;
  }
  const expected = 'basic' in auth ? `Basic ${Buffer.from(`${auth.basic.login}:${auth.basic.password}`).toString('base64')}` : `Bearer ${auth.bearer}`;
  if (given !== expected) {
    res.writeHead(403).end('forbidden');
    return false;
  }
  return true;
}

function notModified(req: IncomingMessage, file: PublishedFile): boolean {
  const etag = req.headers['if-none-match'];
  if (etag !== undefined) return file.etag !== undefined && etag === file.etag;
  const since = req.headers['if-modified-since'];
  return since !== undefined && file.lastModified !== undefined && Date.parse(file.lastModified) <= Date.parse(since);
}

function serveFile(req: IncomingMessage, res: ServerResponse, file: PublishedFile): void {
  if (!authorized(req, res, file.auth)) return;
  const headers: http.OutgoingHttpHeaders = { 'content-type': file.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  if (file.etag) headers.etag = file.etag;
  if (file.lastModified) headers['last-modified'] = file.lastModified;
  if (file.disposition) headers['content-disposition'] = file.disposition;
  if (notModified(req, file)) return void res.writeHead(304, headers).end();
  if (!file.chunked) headers['content-length'] = file.body.length;
  res.writeHead(200, headers);
  res.end(file.body);
}

function misbehave(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const [, kind, arg, ...rest] = url.pathname.split('/');
  switch (kind) {
    case 'redirect': {
      const n = Number(arg);
      res.writeHead(302, { location: n > 1 ? `/redirect/${n - 1}/${rest.join('/')}` : `/${rest.join('/')}` }).end();
      return true;
    }
    case 'loop':
      res.writeHead(302, { location: '/loop' }).end();
      return true;
    case 'to':
      res.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
      return true;
    case 'status':
      res.writeHead(Number(arg), { 'content-type': 'text/plain' }).end(`status ${arg}`);
      return true;
    case 'slow':
      return true;
    case 'stall':
      res.writeHead(200, { 'content-length': 10_000 });
      res.write(Buffer.alloc(1_000, 1));
      return true;
    case 'broken':
      res.writeHead(200, { 'content-length': 100_000 });
      res.write(Buffer.alloc(1_000, 1), () => setTimeout(() => req.socket.destroy(), 20));
      return true;
    case 'big':
    case 'big-chunked': {
      const bytes = Number(arg);
      res.writeHead(200, kind === 'big' ? { 'content-length': bytes } : {});
      const chunk = Buffer.alloc(Math.min(bytes, 64 * 1024), 7);
      let left = bytes;
      const pump = () => {
        while (left > 0) {
          const part = chunk.subarray(0, Math.min(left, chunk.length));
          left -= part.length;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return true;
    }
  }
  return false;
}

/** Starts the server on `host` (default 127.0.0.1; 0.0.0.0 to be reached at the machine's own address). */
export async function startSupplierServer(options: { tls?: SelfSigned; host?: string } = {}): Promise<SupplierServer> {
  const files = new Map<string, PublishedFile>();
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://server');
    requests.push({ path: url.pathname + url.search, headers: req.headers });
    const file = files.get(url.pathname);
    if (file?.delayMs) return void setTimeout(() => !res.destroyed && serveFile(req, res, file), file.delayMs);
    if (file) return serveFile(req, res, file);
    if (!misbehave(req, res, url)) res.writeHead(404).end('no such file');
  };
  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, handler) : http.createServer(handler);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A TLS client that refuses the certificate resets the handshake; that is the test's point, not an error.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const scheme = options.tls ? 'https' : 'http';
  return {
    port,
    url: (path, host = '127.0.0.1') => `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    publish: (path, file) => void files.set(path, file),
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
