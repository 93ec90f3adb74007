import type { Request } from 'express';
import { ERR } from '@app/contracts';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** No JSON body to read: the request has none, or it is not JSON (a multipart upload is multer's). */
export const NO_JSON_BODY = Symbol('no JSON body');

/** A body refused: its status and the user's message (JsonBodyInterceptor answers it as a UserError). */
export class BodyRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const tooLarge = () => new BodyRefused(413, ERR.bodyTooLarge);
const badRequest = (message: string) => new BodyRefused(400, message);

/**
 * A request's JSON body, read only up to `limit` bytes (DESIGN §15): a declared Content-Length
 * above it is refused before a byte is read, a chunked body as soon as it passes it, so a huge
 * body costs neither memory nor time. The caller has checked who is calling first (AccessGuard
 * runs before JsonBodyInterceptor). Bodies are UTF-8 JSON as sent: a compressed one is not read.
 * An empty JSON body is `{}`, as body-parser gave it.
 */
export function readJsonBody(req: Request, limit: number): Promise<unknown> {
  if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) return Promise.resolve(NO_JSON_BODY);
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge());
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return Promise.reject(badRequest(ERR.badJson));
  if (req.readableEnded) return Promise.resolve(NO_JSON_BODY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (settle: () => void) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        // Nothing more is read for the body: the answer drops the rest (dropUnreadBody).
        req.pause();
        done(() => reject(tooLarge()));
      }
    };
    const onEnd = () => done(() => {
      const text = Buffer.concat(chunks, size).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(badRequest(ERR.badJson));
      }
    });
    // The client went away mid-body: nobody is left to answer, and it is no service's outage.
    const onGone = () => done(() => reject(badRequest(ERR.badRequest)));
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}
