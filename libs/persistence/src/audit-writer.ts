import type { EntityManager } from 'typeorm';
import type { AuditAction } from '@app/contracts';

/** Who made a change: a signed-in user (null for the system itself, or nobody yet known). */
export interface Actor {
  id: string;
}

/**
 * Writes one audit event with the change it records: call it with the transaction's manager, so
 * both commit or neither does (DESIGN §13). The one way events are written; nothing edits them.
 */
export async function recordAudit(
  tx: EntityManager,
  actor: Actor | null,
  action: AuditAction,
  details: Record<string, unknown> = {},
  taskId: string | null = null,
): Promise<void> {
  await tx.query(`INSERT INTO audit_events (user_id, action, task_id, details) VALUES ($1, $2, $3, $4)`, [
    actor?.id ?? null,
    action,
    taskId,
    JSON.stringify(details),
  ]);
}
