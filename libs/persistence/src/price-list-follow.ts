import type { EntityManager } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import { PriceListEntity } from './price-list.entity';

/**
 * The list a task is to follow under a KEY SHARE lock, so it cannot be deleted until the task's
 * change commits (its deletion takes FOR UPDATE first); null when there is none.
 */
export function priceListFor(tx: EntityManager, id: string): Promise<PriceListEntity | null> {
  return tx.getRepository(PriceListEntity).findOne({ where: { id }, lock: { mode: 'for_key_share' } });
}

/** `task.price-list`: the task's price source changed, by list name (null: its own file). */
export async function auditFollow(tx: EntityManager, actor: Actor, taskId: string, from: string | null, to: string | null): Promise<void> {
  const ids = [from, to].filter((id): id is string => id !== null);
  const names = (await tx.query(`SELECT id, name FROM price_lists WHERE id = ANY($1)`, [ids])) as { id: string; name: string }[];
  const ref = (id: string | null) => (id ? { id, name: names.find((n) => n.id === id)?.name ?? null } : null);
  await recordAudit(tx, actor, 'task.price-list', { from: ref(from), to: ref(to) }, taskId);
}
