import * as yauzl from 'yauzl';
import type { Batch } from '@app/contracts';
import { api } from './api-client';

/** Polls a batch until every row has ended (no timing asserted: the deadline only stops a hang). */
export async function waitForBatch(id: string, agent = api, timeoutMs = 120_000): Promise<Batch> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = (await agent().get(`/api/batches/${id}`).expect(200)).body as Batch;
    if (batch.status === 'done') return batch;
    if (Date.now() > deadline) throw new Error(`batch ${id} still running: ${JSON.stringify(batch.tasks.map((t) => t.status))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A zip's files by name, in the archive's order. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        stream.on('error', reject);
      });
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return files;
}
