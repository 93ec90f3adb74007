import http from 'node:http';

export interface PushedBody {
  status: number;
  body: string;
  /** Bytes of the body handed to the connection before the answer came (or it was closed). */
  sent: number;
  /** From the first byte sent to the whole answer. */
  ms: number;
}

const SLICE = 1 << 20;

/**
 * Sends `body` as a client that does not wait to be asked: a megabyte at a time as fast as the
 * connection takes it, with its Content-Length or (`chunked`) without one, and stops as soon as the
 * answer comes. `sent` tells how much of it the server let in before answering: a body refused
 * before it is read leaves most of it unsent. The EPIPE or reset that follows an answer given
 * before the whole body (the server closes the connection) is expected and ignored.
 */
export function pushBody(url: string, path: string, body: Buffer, options: { method?: string; chunked?: boolean; headers?: Record<string, string> } = {}): Promise<PushedBody> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
    if (!options.chunked) headers['Content-Length'] = String(body.length);
    const started = Date.now();
    const req = http.request(new URL(path, url), { method: options.method ?? 'POST', headers, agent: false });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sent, ms: Date.now() - started }));
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(new Error(`${options.method ?? 'POST'} ${path}${options.chunked ? ' (chunked)' : ''}: ${error.message} after ${sent} bytes sent`));
    });
    const pump = (): void => {
      while (!answered && sent < body.length) {
        const slice = body.subarray(sent, Math.min(sent + SLICE, body.length));
        sent += slice.length;
        if (!req.write(slice)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** `{"<field>": "aaa…"}` of exactly `bytes` bytes: valid JSON, so only its size can refuse it. */
export function jsonOfSize(bytes: number, field = 'name'): Buffer {
  const head = Buffer.from(`{"${field}":"`);
  const tail = Buffer.from('"}');
  const out = Buffer.alloc(bytes, 0x61);
  head.copy(out, 0);
  tail.copy(out, bytes - tail.length);
  return out;
}
