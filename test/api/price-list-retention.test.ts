import { LIMITS, type PriceListVersion } from '@app/contracts';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api } from '../support/api-client';
import { startWorker } from '../support/app-runner';
import { generate, readyTask } from '../support/generate-helpers';
import { bucket, sql } from '../support/inspect';
import { ownQueueEnv } from '../support/own-world';
import { addVersion, createList, repricedCsv } from '../support/price-lists';
import { testEnv } from '../support/test-env';

const keyOf = async (versionId: string) => (await sql<{ object_key: string }>(`SELECT object_key FROM price_list_versions WHERE id = $1`, [versionId]))[0]?.object_key;

async function until(what: string, holds: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('price-list versions kept by housekeeping (DESIGN §12)', () => {
  it(`keeps the newest ${LIMITS.priceListVersionsKept} of each list and any an export used; removes the rest, row and object`, async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    const list = await createList();
    const small = await createList();
    const used = (await addVersion(list.id)).version;
    await api().patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200);
    await generate(task.id).expect(200);
    const dropped = (await addVersion(list.id, repricedCsv('50,1'), 'v2.csv')).version;
    const newer: PriceListVersion[] = [];
    for (let i = 0; i < LIMITS.priceListVersionsKept; i++) newer.push((await addVersion(list.id, repricedCsv(`5${i},5`), `v${i + 3}.csv`)).version);
    const smallVersions = [await addVersion(small.id), await addVersion(small.id)].map((a) => a.version.id);
    const droppedKey = await keyOf(dropped.id);
    const usedKey = await keyOf(used.id);
    expect(await bucket().stat(droppedKey)).not.toBeNull();

    const env = ownQueueEnv('price-retention', { HOUSEKEEPING_EVERY_MS: '1000', STORAGE_GRACE_MS: '1000' });
    const worker = await startWorker('worker-price-retention', env, testEnv().logDir);
    try {
      await until('the unused old version removed', async () => (await sql(`SELECT 1 FROM price_list_versions WHERE id = $1`, [dropped.id])).length === 0);
      await until('its object removed after the grace period', async () => (await bucket().stat(droppedKey)) === null);
    } finally {
      await worker.stop();
    }
    const left = (await api().get(`/api/price-lists/${list.id}/versions`).expect(200)).body as PriceListVersion[];
    expect(left.map((v) => v.id)).toEqual([...newer.map((v) => v.id).reverse(), used.id]);
    expect(await bucket().stat(usedKey)).not.toBeNull();
    for (const v of newer) expect(await bucket().stat(await keyOf(v.id))).not.toBeNull();
    expect(((await api().get(`/api/price-lists/${small.id}/versions`).expect(200)).body as PriceListVersion[]).map((v) => v.id).sort()).toEqual(smallVersions.sort());
    // The export that used the kept version still says so.
    const [exported] = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as { priceVersion: { id: string } | null }[];
    expect(exported.priceVersion?.id).toBe(used.id);
  }, 120_000);
});
