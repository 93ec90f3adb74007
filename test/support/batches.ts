import * as yauzl from 'yauzl';
import type { Batch, Item } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api } from './api-client';
import { adminAt, signedInAt } from './auth';
import { SAMPLE_RULES } from './generate-helpers';

/** Polls a batch until every row has ended (no timing asserted: the deadline only stops a hang). */
export async function waitForBatch(id: string, agent: () => ReturnType<typeof api> = api, timeoutMs = 120_000): Promise<Batch> {
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

/**
 * `count` tasks on an API of a test's own world (adminAt signed in to it), all on the same price
 * list bytes with the sample template and rules, each with `items`.
 */
export async function tasksAt(url: string, count: number, price: Buffer, items: Partial<Item>[], prefix = 'пакет'): Promise<string[]> {
  const admin = await adminAt(url);
  await admin.put('/api/mappings/global').send(SAMPLE_RULES).expect(200);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const task = (await signedInAt(url).post('/api/tasks').send({ name: `${prefix} ${i + 1}` }).expect(201)).body as { id: string };
    await signedInAt(url).post(`/api/tasks/${task.id}/upload/price`).attach('file', price, 'price.xlsx').expect(200);
    await signedInAt(url).post(`/api/tasks/${task.id}/upload/template`).attach('file', fixtureBytes('template-sample.xlsx'), 'template.xlsx').expect(200);
    await signedInAt(url).patch(`/api/tasks/${task.id}`).send({ items, syncMapping: true }).expect(200);
    ids.push(task.id);
  }
  return ids;
}
