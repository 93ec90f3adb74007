import { Readable } from 'node:stream';
import type { Request } from 'express';
import { ERR } from '@app/contracts';
import { BodyRefused, NO_JSON_BODY, readJsonBody } from './json-body';

/** A request whose body arrives in `chunks`, with `headers`; `pulled` counts the chunks read. */
function requestOf(headers: Record<string, string>, chunks: string[]): { req: Request; pulled: () => number } {
  let pulled = 0;
  const body = new Readable({
    // One chunk at a time, as a slow client sends them: what is pulled is what was read.
    highWaterMark: 1,
    read() {
      const next = chunks[pulled++];
      this.push(next === undefined ? null : Buffer.from(next));
    },
  });
  return { req: Object.assign(body, { headers }) as unknown as Request, pulled: () => pulled };
}

const json = { 'content-type': 'application/json; charset=utf-8' };
const statusOf = (error: unknown) => [(error as BodyRefused).status, { error: (error as BodyRefused).message }];

describe('readJsonBody (DESIGN §15)', () => {
  it('parses a JSON body within its limit; an empty one is {}', async () => {
    await expect(readJsonBody(requestOf(json, ['{"name":', '"Молоко"}']).req, 100)).resolves.toEqual({ name: 'Молоко' });
    await expect(readJsonBody(requestOf(json, []).req, 100)).resolves.toEqual({});
  });

  it('leaves a body that is not JSON to others (a multipart upload is multer’s)', async () => {
    const { req, pulled } = requestOf({ 'content-type': 'multipart/form-data; boundary=x' }, ['--x']);
    await expect(readJsonBody(req, 100)).resolves.toBe(NO_JSON_BODY);
    expect(pulled()).toBe(0);
  });

  it('refuses a declared length over the limit before reading a byte', async () => {
    const { req, pulled } = requestOf({ ...json, 'content-length': '101' }, ['{}']);
    expect(statusOf(await readJsonBody(req, 100).catch((e: unknown) => e))).toEqual([413, { error: ERR.bodyTooLarge }]);
    expect(pulled()).toBe(0);
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    const { req, pulled } = requestOf(json, Array.from({ length: 100 }, () => 'x'.repeat(60)));
    expect(statusOf(await readJsonBody(req, 100).catch((e: unknown) => e))).toEqual([413, { error: ERR.bodyTooLarge }]);
    expect(pulled()).toBeLessThan(10);
  });

  it('answers 400 to a body that is not JSON, or compressed', async () => {
    expect(statusOf(await readJsonBody(requestOf(json, ['{"name":']).req, 100).catch((e: unknown) => e))).toEqual([400, { error: ERR.badJson }]);
    expect(statusOf(await readJsonBody(requestOf({ ...json, 'content-encoding': 'gzip' }, ['\x1f\x8b']).req, 100).catch((e: unknown) => e))).toEqual([400, { error: ERR.badJson }]);
  });
});
