import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { outageOf } from '@app/contracts';
import { StorageService } from './storage.service';
import { StorageUnavailableError } from './storage-outage';

const options = (endpoint: string) => ({ endpoint, accessKey: 'k', secretKey: 's', bucket: 'pe-spec', region: 'us-east-1', timeoutMs: 300 });

/** A server that answers every request with `status` (an empty body), or never (`silent`). */
async function server(answer: number | 'silent'): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<import('node:net').Socket>();
  const srv = http.createServer((_, res) => {
    if (answer !== 'silent') res.writeHead(answer).end();
  });
  srv.on('connection', (socket) => open.add(socket));
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      for (const socket of open) socket.destroy();
      srv.close(() => resolve());
    }),
  };
}

describe('StorageService knows when storage is down (DESIGN §15)', () => {
  it('a silent server: the call fails marked as the storage’s, and storage is known down until it answers', async () => {
    const silent = await server('silent');
    const storage = new StorageService(options(silent.url));
    try {
      expect(storage.knownDown()).toBe(false);
      const failure = await storage.ping().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StorageUnavailableError);
      expect(outageOf(failure)).toBe('storage');
      expect(storage.knownDown()).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('a refused connection too; any answer of the server, an error too, forgets it', async () => {
    const gone = await server(200);
    await gone.close();
    const storage = new StorageService(options(gone.url));
    await expect(storage.ping()).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(storage.knownDown()).toBe(true);

    const answering = await server(200);
    try {
      const back = new StorageService(options(answering.url));
      back.markDown();
      expect(back.knownDown()).toBe(true);
      await back.ping();
      expect(back.knownDown()).toBe(false);
    } finally {
      await answering.close();
    }
    // 404 for a missing object: the server answered, so it is up.
    const missing = await server(404);
    try {
      const answered = new StorageService(options(missing.url));
      answered.markDown();
      expect(await answered.stat('missing.xlsx')).toBeNull();
      expect(answered.knownDown()).toBe(false);
    } finally {
      await missing.close();
    }
  });
});
