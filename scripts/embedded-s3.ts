import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
// s3rver ships no types; its surface here is tiny.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };

export interface EmbeddedS3 {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in Node (s3rver) on loopback (or `address`), for `npm start` without
 * S3_ENDPOINT and for tests. It accepts any signature and has no multipart upload (see StorageService).
 */
export async function startEmbeddedS3(
  directory: string,
  port = 0,
  address = '127.0.0.1',
  credentials = { accessKey: process.env.S3_ACCESS_KEY || 'minioadmin', secretKey: process.env.S3_SECRET_KEY || 'minioadmin' },
): Promise<EmbeddedS3> {
  mkdirSync(directory, { recursive: true });
  // s3rver knows one hard-coded key pair; teach it ours so the app's signed requests are accepted.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  DUMMY_ACCOUNT.createKeyPair(credentials.accessKey, credentials.secretKey);
  const server = new S3rver({ address, port, directory, silent: true, allowMismatchedSignatures: true, vhostBuckets: false });
  const bound = await server.run();
  return { endpoint: `http://${address}:${bound.port}`, close: () => server.close() };
}

/** `node embedded-s3.js <dir> [port] [address]`: runs until SIGTERM and prints its endpoint as one JSON line. */
if (require.main === module) {
  const [directory, port, address] = process.argv.slice(2);
  startEmbeddedS3(directory, Number(port ?? 0), address).then((s3) => {
    process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint })}\n`);
    const stop = () => void s3.close().finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    // Started by a launcher with an IPC channel: gone with it (see stopWithParent).
    (process.channel as { unref?: () => void } | undefined)?.unref?.();
    process.once('disconnect', stop);
  });
}
