import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item, Task } from '@app/contracts';
import { benchItems, writePriceList } from '@app/export-engine/testing/price-fixture';
import { api, createTask, putGlobalMapping, upload } from './api-client';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { SAMPLE_RULES } from './generate-helpers';
import { testEnv } from './test-env';

/** An env on the shared database and bucket with its own queue prefix: workers here are ours to kill. */
export function ownQueueEnv(suffix: string, extra: Record<string, string> = {}): Record<string, string> {
  const { appEnv } = testEnv();
  return { ...appEnv, QUEUE_PREFIX: `${appEnv.QUEUE_PREFIX}-${suffix}`, ...extra };
}

/** A task whose job takes a second or two: a 100k-row price list and 2,000 items. */
export async function bigTask(rows = 100_000): Promise<{ task: Task; items: Item[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'pe-big-'));
  try {
    const price = join(dir, 'price.xlsx');
    await writePriceList(price, { rows, seed: 11 });
    await putGlobalMapping(SAMPLE_RULES);
    const task = await createTask('большой прайс');
    await upload(task.id, 'price', readFileSync(price)).expect(200);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    const items = benchItems(rows, 2000, 200);
    await api().patch(`/api/tasks/${task.id}`).send({ items, syncMapping: true }).expect(200);
    return { task, items };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Polls the export history of a task until `predicate` holds for some export. */
export async function waitForExport(
  taskId: string,
  predicate: (e: { id: string; status: string }) => boolean,
  timeoutMs = 60_000,
): Promise<{ id: string; status: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = (await api().get(`/api/tasks/${taskId}/exports`)).body as { id: string; status: string }[];
    const hit = rows.find(predicate);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no export matched in time');
}
