import type { Request } from 'express';
import { ERR } from '@app/contracts';
import { UserError, badRequest } from './user-error';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** No JSON body to read: the request has none, or it is not JSON (a multipart upload is multer's). */
export const NO_JSON_BODY = Symbol('no JSON body');

const tooLarge = () => new UserError(413, ERR.bodyTooLarge);

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
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        // Nothing more is read: the answer closes the connection (ApiExceptionFilter).
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
    const onError = (error: Error) => done(() => reject(error));
    const onAborted = () => done(() => reject(badRequest(ERR.badRequest)));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
