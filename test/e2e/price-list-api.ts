import type { AddPriceVersionResponse, Batch, PriceList, Task } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { api, createTask, putGlobalMapping, upload } from '../support/api-client';
import { SAMPLE_RULES } from '../support/generate-helpers';

/** Price lists and batches through the API, for the browser tests' setup and checks. */
export async function createPriceList(name: string): Promise<PriceList> {
  return (await api().post('/api/price-lists').send({ name }).expect(201)).body as PriceList;
}

/** A new version of the list from the sample price file. */
export async function addVersion(listId: string, fileName = 'price-sample.xlsx'): Promise<AddPriceVersionResponse> {
  const res = await api().post(`/api/price-lists/${listId}/versions`).attach('file', fixtureBytes('price-sample.xlsx'), fileName).expect(201);
  return res.body as AddPriceVersionResponse;
}

export async function follow(taskId: string, priceListId: string | null): Promise<Task> {
  return (await api().patch(`/api/tasks/${taskId}`).send({ priceListId }).expect(200)).body as Task;
}

/** A task named `name` with the sample template, items and rules (and its own sample price file). */
export async function namedReadyTask(name: string): Promise<Task> {
  await putGlobalMapping(SAMPLE_RULES);
  const task = await createTask(name);
  await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
  await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
  return (await api().patch(`/api/tasks/${task.id}`).send({ items: sampleItems(), syncMapping: true }).expect(200)).body as Task;
}

export async function getBatch(id: string): Promise<Batch> {
  return (await api().get(`/api/batches/${id}`).expect(200)).body as Batch;
}

/** Starts a batch and waits (asking the API) until every row has finished. */
export async function finishedBatch(action: 'generate' | 'check', taskIds: string[]): Promise<Batch> {
  const { id } = (await api().post('/api/batches').send({ action, taskIds }).expect(202)).body as { id: string };
  for (;;) {
    const batch = await getBatch(id);
    if (batch.status === 'done') return batch;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Deletes the tasks, then the list (refused while tasks follow it), each only if it was made (afterAll). */
export async function dropAll(tasks: (Task | undefined)[], list: PriceList | undefined): Promise<void> {
  for (const task of tasks) if (task) await api().delete(`/api/tasks/${task.id}`);
  if (list) await api().delete(`/api/price-lists/${list.id}`);
}

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** `Прайс от 25.11.2026` as a browser in Russian shows the version's day. */
export function dayOf(iso: string): string {
  return new Intl.DateTimeFormat('ru-RU', DAY).format(new Date(iso));
}

/** `25.11.2026, 14:05` as a browser in Russian (and this machine's time zone) shows a moment. */
export function momentOf(iso: string): string {
  return new Intl.DateTimeFormat('ru-RU', { ...DAY, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
