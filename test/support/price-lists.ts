import type { AddPriceVersionResponse, AuditAction, PriceList, PriceListVersion } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api } from './api-client';
import { sql } from './inspect';

/** A name no other test of the run uses. */
export const uniqueListName = (prefix = 'Прайс'): string => `${prefix} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export async function createList(name = uniqueListName()): Promise<PriceList> {
  return (await api().post('/api/price-lists').send({ name }).expect(201)).body as PriceList;
}

/** The version's kept table (DESIGN §16), once a worker has stored it; null when none came within 30 s. */
export async function keptTable(versionId: string): Promise<string | null> {
  for (const until = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 100))) {
    const [row] = await sql<{ snapshot_object_key: string | null }>(`SELECT snapshot_object_key FROM price_list_versions WHERE id = $1`, [versionId]);
    if (row.snapshot_object_key || Date.now() > until) return row.snapshot_object_key;
  }
}

export function uploadVersion(listId: string, bytes: Buffer, filename = 'прайс.xlsx') {
  return api().post(`/api/price-lists/${listId}/versions`).attach('file', bytes, filename);
}

export async function addVersion(listId: string, bytes: Buffer = fixtureBytes('price-sample.xlsx'), filename = 'прайс.xlsx'): Promise<AddPriceVersionResponse> {
  return (await uploadVersion(listId, bytes, filename).expect(201)).body as AddPriceVersionResponse;
}

/** A version as its upload answered it, whatever its `rows` are by now (a worker counts them after the answer). */
export function asUploaded(version: PriceListVersion): PriceListVersion {
  const { rows: _rows, ...rest } = version;
  return expect.objectContaining(rest) as PriceListVersion;
}

/** A list's versions once a worker has counted the rows of each (no timing asserted: the deadline only stops a hang). */
export async function countedVersions(listId: string, timeoutMs = 60_000): Promise<PriceListVersion[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const versions = (await api().get(`/api/price-lists/${listId}/versions`).expect(200)).body as PriceListVersion[];
    if (versions.every((v) => v.rows !== null)) return versions;
    if (Date.now() > deadline) throw new Error(`rows of list ${listId} still not counted: ${JSON.stringify(versions.map((v) => v.rows))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The sample price list as UTF-8 CSV with the first item's price (49,9 in the sample) replaced:
 * a new version whose export cells differ from the sample's.
 */
export function repricedCsv(price: string): Buffer {
  const text = fixtureBytes('csv/price-utf8-bom-semicolon.csv').toString('utf8');
  const changed = text.replace(';49,9;', `;${price};`);
  if (changed === text) throw new Error('the sample CSV no longer has the price 49,9');
  return Buffer.from(changed, 'utf8');
}

/** The audit events of one price list (by its id in the details), oldest first. */
export function listEvents(listId: string): Promise<{ action: AuditAction; details: Record<string, unknown> }[]> {
  return sql(`SELECT action, details FROM audit_events WHERE details ->> 'priceListId' = $1 ORDER BY at, id`, [listId]);
}

/** The audit events of one task of an action, oldest first. */
export function taskEvents(taskId: string, action: AuditAction): Promise<{ details: Record<string, unknown> }[]> {
  return sql(`SELECT details FROM audit_events WHERE task_id = $1 AND action = $2 ORDER BY at, id`, [taskId, action]);
}
