import type { DataSource, EntityManager } from 'typeorm';
import type { Delivery, DeliverySettings, DeliveryStatus, ExportStatus, MadeBy } from '@app/contracts';
import { recordAudit, type Actor } from './audit-writer';

/** A task's recipients and templates as stored (DESIGN §17). */
export interface StoredDeliverySettings {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  auto: boolean;
}

/** What one message of an export is made from: the export, its task, the price it read, the task's settings. */
export interface DeliveryContext {
  exportId: string;
  exportStatus: ExportStatus;
  createdAt: Date;
  finishedAt: Date | null;
  batchId: string | null;
  /** The batch sends its files as they are made; and who started it (a batch's sending is theirs). */
  batchDeliver: boolean;
  batchBy: string | null;
  taskId: string;
  taskName: string;
  /** The library list and version the export read; null when it read the task's own file. */
  priceList: { name: string; versionAt: Date } | null;
  ownPrice: { name: string; uploadedAt: string } | null;
  settings: StoredDeliverySettings | null;
}

/** A message ready to queue: rendered once, so every retry sends the same. */
export interface ComposedDelivery {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  fileName: string;
  messageId: string;
}

export type DeliveryRequestOutcome =
  | { queued: Delivery; fresh: boolean }
  | { sentAt: Date }
  | { refused: 'not-found' | 'not-ready' | 'no-recipients' };

/** A queued row as the worker sends it. */
export interface DeliveryToSend {
  id: string;
  status: DeliveryStatus;
  attempts: number;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  fileName: string;
  messageId: string;
  objectKey: string | null;
  size: number | null;
}

/** Same recipients whatever their order or case: what makes a second send of an export a repeat. */
export const recipientsKey = (to: string[], cc: string[]): string =>
  `${[...to].map((a) => a.toLowerCase()).sort().join(',')}|${[...cc].map((a) => a.toLowerCase()).sort().join(',')}`;

const DELIVERY_COLUMNS = `d.id, d.export_id, d.task_id, d.to_addresses, d.cc_addresses, d.subject, d.file_name, d.status, d.attempts,
  d.message_id, d.reply, d.error, d.created_at, d.sent_at, d.batch_id, u.id AS user_id, u.login, u.display_name`;

interface DeliveryRow {
  id: string;
  export_id: string;
  task_id: string | null;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  file_name: string;
  status: DeliveryStatus;
  attempts: number;
  message_id: string;
  reply: string | null;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
  batch_id: string | null;
  user_id: string | null;
  login: string | null;
  display_name: string | null;
}

const madeBy = (r: { user_id: string | null; login: string | null; display_name: string | null }): MadeBy =>
  r.user_id ? { id: r.user_id, login: r.login ?? '', displayName: r.display_name ?? '' } : null;

export const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  exportId: r.export_id,
  taskId: r.task_id,
  to: r.to_addresses,
  cc: r.cc_addresses,
  subject: r.subject,
  fileName: r.file_name,
  status: r.status,
  attempts: r.attempts,
  messageId: r.message_id,
  reply: r.reply,
  error: r.error,
  createdAt: r.created_at.toISOString(),
  sentAt: r.sent_at ? r.sent_at.toISOString() : null,
  by: madeBy(r),
  batchId: r.batch_id,
});

/**
 * The delivery log and each task's delivery settings (DESIGN §17). A message is a row before it
 * is a job: the row is written (queued, with its Message-ID) before anything is sent, its attempt
 * is counted before each SMTP conversation and its outcome written after, so whatever Redis or a
 * worker lost, the row says what is owed. Every decision to send an export takes the export's
 * advisory lock, so two requests (or a request and a batch's worker) never queue one twice.
 */
export class DeliveriesRepository {
  constructor(private readonly db: DataSource) {}

  /** The task's settings; null when none are set; 'no-task' when the task does not exist. */
  async settings(taskId: string): Promise<DeliverySettings | null | 'no-task'> {
    const [row] = await this.db.query<(SettingsRow & { has: string | null; user_id: string | null; login: string | null; display_name: string | null })[]>(
      `SELECT s.*, s.task_id AS has, u.id AS user_id, u.login, u.display_name
         FROM tasks t LEFT JOIN task_deliveries s ON s.task_id = t.id LEFT JOIN users u ON u.id = s.updated_by WHERE t.id = $1`,
      [taskId],
    );
    if (!row) return 'no-task';
    return row.has ? { ...toSettings(row), updatedAt: row.updated_at.toISOString(), updatedBy: madeBy(row) } : null;
  }

  /** An admin's test message (POST /api/admin/mail/test) in the journal: to whom, and what the server said. */
  async recordMailTest(actor: Actor, details: { to: string; reply: string | null; error?: string }): Promise<void> {
    await this.db.transaction((tx) => recordAudit(tx, actor, 'mail.test', details));
  }

  /** Stores the task's settings with their audit event; false when the task does not exist. */
  async putSettings(actor: Actor, taskId: string, s: StoredDeliverySettings): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [task] = await tx.query<{ id: string }[]>(`SELECT id FROM tasks WHERE id = $1 FOR KEY SHARE`, [taskId]);
      if (!task) return false;
      await tx.query(
        `INSERT INTO task_deliveries (task_id, to_addresses, cc_addresses, subject, body, auto, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
         ON CONFLICT (task_id) DO UPDATE SET to_addresses = $2, cc_addresses = $3, subject = $4, body = $5, auto = $6, updated_at = now(), updated_by = $7`,
        [taskId, s.to, s.cc, s.subject, s.body, s.auto, actor.id],
      );
      await recordAudit(tx, actor, 'delivery.settings', { to: s.to, cc: s.cc, subject: s.subject, auto: s.auto }, taskId);
      return true;
    });
  }

  /**
   * A user's `Отправить` (or a batch's `Отправить всем`, one export at a time): a message of the
   * export to its task's recipients as they are now. The same recipients already on the way: that
   * row again (`fresh: false`); already sent and not `resend`: when it was sent.
   */
  request(actor: Actor, exportId: string, resend: boolean, compose: (ctx: DeliveryContext) => ComposedDelivery): Promise<DeliveryRequestOutcome> {
    return this.db.transaction(async (tx) => {
      await lockExport(tx, exportId);
      const ctx = await contextOf(tx, exportId);
      if (!ctx) return { refused: 'not-found' as const };
      if (ctx.exportStatus !== 'done') return { refused: 'not-ready' as const };
      if (!ctx.settings) return { refused: 'no-recipients' as const };
      const message = compose(ctx);
      const key = recipientsKey(message.to, message.cc);
      const [queued] = await tx.query<{ id: string }[]>(`SELECT id FROM deliveries WHERE export_id = $1 AND recipients_key = $2 AND status = 'queued'`, [exportId, key]);
      if (queued) return { queued: (await this.find(queued.id, tx))!, fresh: false };
      const [sent] = await tx.query<{ sent_at: Date }[]>(
        `SELECT sent_at FROM deliveries WHERE export_id = $1 AND recipients_key = $2 AND status = 'sent' ORDER BY sent_at DESC LIMIT 1`,
        [exportId, key],
      );
      if (sent && !resend) return { sentAt: sent.sent_at };
      const id = await insert(tx, ctx, message, key, actor.id);
      return { queued: (await this.find(id, tx))!, fresh: true };
    });
  }

  /**
   * After a batch's export is made: a message is owed when the batch sends its files, or the task
   * sends after every batch export (`auto`), the task has recipients, and no message of this
   * export was ever queued. Its id, or null when none is owed (or one already is).
   */
  owe(exportId: string, compose: (ctx: DeliveryContext) => ComposedDelivery): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await lockExport(tx, exportId);
      const ctx = await contextOf(tx, exportId);
      if (!ctx || ctx.exportStatus !== 'done' || !ctx.batchId || !ctx.settings) return null;
      if (!ctx.batchDeliver && !ctx.settings.auto) return null;
      const [any] = await tx.query<{ id: string }[]>(`SELECT id FROM deliveries WHERE export_id = $1 LIMIT 1`, [exportId]);
      if (any) return null;
      const message = compose(ctx);
      return insert(tx, ctx, message, recipientsKey(message.to, message.cc), ctx.batchBy);
    });
  }

  async find(id: string, manager: EntityManager | DataSource = this.db): Promise<Delivery | null> {
    const [row] = await manager.query<DeliveryRow[]>(`SELECT ${DELIVERY_COLUMNS} FROM deliveries d LEFT JOIN users u ON u.id = d.created_by WHERE d.id = $1`, [id]);
    return row ? toDelivery(row) : null;
  }

  /** The task's delivery log, newest first; null when the task does not exist. */
  async forTask(taskId: string, limit = 100): Promise<Delivery[] | null> {
    const [task] = await this.db.query<{ id: string }[]>(`SELECT id FROM tasks WHERE id = $1`, [taskId]);
    if (!task) return null;
    const rows = await this.db.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM deliveries d LEFT JOIN users u ON u.id = d.created_by WHERE d.task_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2`,
      [taskId, limit],
    );
    return rows.map(toDelivery);
  }

  /** The done exports of a batch, in its order: what `Отправить всем` goes through. */
  async batchExports(batchId: string): Promise<string[]> {
    const rows = await this.db.query<{ export_id: string }[]>(
      `SELECT r.export_id FROM batch_rows r JOIN exports e ON e.id = r.export_id WHERE r.batch_id = $1 AND e.status = 'done' ORDER BY r.position`,
      [batchId],
    );
    return rows.map((r) => r.export_id);
  }

  /** The worker's view of a row: what to send and the stored file. */
  async toSend(id: string): Promise<DeliveryToSend | null> {
    const [r] = await this.db.query<(SendRow & { object_key: string | null; size: string | null })[]>(
      `SELECT d.id, d.status, d.attempts, d.to_addresses, d.cc_addresses, d.subject, d.body, d.file_name, d.message_id, e.object_key, e.size
         FROM deliveries d JOIN exports e ON e.id = d.export_id WHERE d.id = $1`,
      [id],
    );
    return r ? { ...toSendRow(r), objectKey: r.object_key, size: r.size === null ? null : Number(r.size) } : null;
  }

  /** Counts an attempt before its SMTP conversation; null when the row has ended (or is gone). */
  async startAttempt(id: string): Promise<number | null> {
    return startAttempt(this.db, 'deliveries', id);
  }

  /** A temporary failure: the row waits for its next attempt with the server's reply. */
  async noteRetry(id: string, reply: string | null, error: string): Promise<void> {
    await this.db.query(`UPDATE deliveries SET reply = $2, error = $3 WHERE id = $1 AND status = 'queued'`, [id, reply, error]);
  }

  /** The message went out: the row and its audit event (who asked for it) in one transaction. */
  async markSent(id: string, reply: string): Promise<boolean> {
    return this.end(id, 'sent', reply, null);
  }

  async markFailed(id: string, reply: string | null, error: string): Promise<boolean> {
    return this.end(id, 'failed', reply, error);
  }

  private end(id: string, status: 'sent' | 'failed', reply: string | null, error: string | null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [[row]] = (await tx.query(
        `UPDATE deliveries SET status = $2::varchar, reply = $3, error = $4, sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE NULL END
          WHERE id = $1 AND status = 'queued'
          RETURNING id, export_id, task_id, to_addresses, cc_addresses, file_name, message_id, attempts, created_by`,
        [id, status, reply, error],
      )) as [EndedRow[], number];
      if (!row) return false;
      const details = { deliveryId: row.id, exportId: row.export_id, to: row.to_addresses, cc: row.cc_addresses, file: row.file_name, messageId: row.message_id, attempts: row.attempts, reply, ...(error ? { error } : {}) };
      await recordAudit(tx, row.created_by ? { id: row.created_by } : null, status === 'sent' ? 'delivery.sent' : 'delivery.failed', details, row.task_id);
      return true;
    });
  }

  /** Queued rows untouched since `before` (their job may be lost): the reconciler's to look at. */
  async unfinished(before: Date, take = 500): Promise<{ id: string; attempts: number }[]> {
    return unfinished(this.db, 'deliveries', before, take);
  }

  /**
   * Batch exports made between `since` and `before` that owe a message (as `owe` decides) and have
   * none: a worker that stopped between an export and its message leaves them.
   */
  async owedExports(since: Date, before: Date, take = 500): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT e.id FROM exports e JOIN batches b ON b.id = e.batch_id JOIN task_deliveries s ON s.task_id = e.task_id
        WHERE e.status = 'done' AND e.finished_at >= $1 AND e.finished_at < $2 AND (b.deliver OR s.auto)
          AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.export_id = e.id)
        ORDER BY e.finished_at LIMIT $3`,
      [since, before, take],
    );
    return rows.map((r) => r.id);
  }
}

interface SettingsRow {
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  body: string;
  auto: boolean;
  updated_at: Date;
}

const toSettings = (r: SettingsRow): StoredDeliverySettings => ({ to: r.to_addresses, cc: r.cc_addresses, subject: r.subject, body: r.body, auto: r.auto });

interface SendRow {
  id: string;
  status: DeliveryStatus;
  attempts: number;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  body: string;
  file_name: string;
  message_id: string;
}

const toSendRow = (r: SendRow) => ({
  id: r.id,
  status: r.status,
  attempts: r.attempts,
  to: r.to_addresses,
  cc: r.cc_addresses,
  subject: r.subject,
  body: r.body,
  fileName: r.file_name,
  messageId: r.message_id,
});

interface EndedRow {
  id: string;
  export_id: string;
  task_id: string | null;
  to_addresses: string[];
  cc_addresses: string[];
  file_name: string;
  message_id: string;
  attempts: number;
  created_by: string | null;
}

/** One decision at a time per export (a transaction-scoped advisory lock on its id). */
async function lockExport(tx: EntityManager, exportId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('delivery:' || $1::text, 0))`, [exportId]);
}

async function insert(tx: EntityManager, ctx: DeliveryContext, m: ComposedDelivery, key: string, by: string | null): Promise<string> {
  const [{ id }] = await tx.query<{ id: string }[]>(
    `INSERT INTO deliveries (export_id, task_id, batch_id, to_addresses, cc_addresses, recipients_key, subject, body, file_name, message_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [ctx.exportId, ctx.taskId, ctx.batchId, m.to, m.cc, key, m.subject, m.body, m.fileName, m.messageId, by],
  );
  return id;
}

async function contextOf(tx: EntityManager, exportId: string): Promise<DeliveryContext | null> {
  const [r] = await tx.query<(SettingsRow & ContextRow)[]>(
    `SELECT e.id AS export_id, e.status AS export_status, e.created_at AS export_created_at, e.finished_at, e.batch_id,
            COALESCE(b.deliver, false) AS batch_deliver, b.created_by AS batch_by,
            t.id AS task_id, t.name AS task_name, t.files->'price' AS own_price, pl.name AS list_name, v.uploaded_at AS version_at,
            s.task_id AS has_settings, s.to_addresses, s.cc_addresses, s.subject, s.body, s.auto, s.updated_at
       FROM exports e JOIN tasks t ON t.id = e.task_id
       LEFT JOIN batches b ON b.id = e.batch_id
       LEFT JOIN price_list_versions v ON v.id = e.price_version_id LEFT JOIN price_lists pl ON pl.id = v.price_list_id
       LEFT JOIN task_deliveries s ON s.task_id = t.id
      WHERE e.id = $1`,
    [exportId],
  );
  if (!r) return null;
  return {
    exportId: r.export_id,
    exportStatus: r.export_status,
    createdAt: r.export_created_at,
    finishedAt: r.finished_at,
    batchId: r.batch_id,
    batchDeliver: r.batch_deliver,
    batchBy: r.batch_by,
    taskId: r.task_id,
    taskName: r.task_name,
    priceList: r.list_name && r.version_at ? { name: r.list_name, versionAt: r.version_at } : null,
    ownPrice: r.own_price ? { name: r.own_price.name, uploadedAt: r.own_price.uploadedAt } : null,
    settings: r.has_settings ? toSettings(r) : null,
  };
}

interface ContextRow {
  export_id: string;
  export_status: ExportStatus;
  export_created_at: Date;
  finished_at: Date | null;
  batch_id: string | null;
  batch_deliver: boolean;
  batch_by: string | null;
  task_id: string;
  task_name: string;
  own_price: { name: string; uploadedAt: string } | null;
  list_name: string | null;
  version_at: Date | null;
  has_settings: string | null;
}

/** Shared by deliveries and notices: the same life (queued → sent | failed, attempts counted first). */
export async function startAttempt(db: DataSource, table: 'deliveries' | 'notices', id: string): Promise<number | null> {
  const [[row]] = (await db.query(`UPDATE ${table} SET attempts = attempts + 1, attempted_at = now() WHERE id = $1 AND status = 'queued' RETURNING attempts`, [id])) as [
    { attempts: number }[],
    number,
  ];
  return row ? row.attempts : null;
}

export async function unfinished(db: DataSource, table: 'deliveries' | 'notices', before: Date, take: number): Promise<{ id: string; attempts: number }[]> {
  return db.query<{ id: string; attempts: number }[]>(
    `SELECT id, attempts FROM ${table} WHERE status = 'queued' AND COALESCE(attempted_at, created_at) < $1 ORDER BY created_at LIMIT $2`,
    [before, take],
  );
}
