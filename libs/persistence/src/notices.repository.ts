import type { DataSource } from 'typeorm';
import type { DeliveryStatus } from '@app/contracts';
import { startAttempt, unfinished } from './deliveries.repository';

/** What a notice is about (DESIGN §17 “people told”). */
export type NoticeKind = 'version-held' | 'source-failing' | 'batch-ended';

export interface NewNotice {
  /** Says which event it tells, once: `version-held:<versionId>`, `batch-ended:<batchId>`… */
  key: string;
  kind: NoticeKind;
  recipients: string[];
  subject: string;
  body: string;
  messageId: string;
  /** A batch's end: its summary is attached when the notice is sent. */
  batchId?: string;
}

export interface NoticeToSend {
  id: string;
  kind: NoticeKind;
  status: DeliveryStatus;
  attempts: number;
  recipients: string[];
  subject: string;
  body: string;
  messageId: string;
  batchId: string | null;
}

/** A batch whose end is to be told, and to whom: its starter, or for a list's own batch the list's followers. */
export interface EndedBatch {
  id: string;
  reason: string | null;
  priceListId: string | null;
  priceListName: string | null;
  starterEmail: string | null;
}

/**
 * Notices to people (DESIGN §17): one row per event, unique by its key, so a caller that tells the
 * same event twice (a retried job) sends one message; rows live as deliveries do (queued, counted
 * before each attempt, ended once) and the same reconciler queues lost ones again.
 */
export class NoticesRepository {
  constructor(private readonly db: DataSource) {}

  /** The notice's id, or null when that event was told already. */
  async create(notice: NewNotice): Promise<string | null> {
    const [row] = await this.db.query<{ id: string }[]>(
      `INSERT INTO notices (key, kind, batch_id, recipients, subject, body, message_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [notice.key, notice.kind, notice.batchId ?? null, notice.recipients, notice.subject, notice.body, notice.messageId],
    );
    return row?.id ?? null;
  }

  /**
   * A batch's end told: its notice (when anyone is to hear of it) and the batch marked noticed, in
   * one transaction. Null when there was nobody to tell, or it had been told.
   */
  async createForBatch(batchId: string, notice: NewNotice | null): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [[batch]] = (await tx.query(`UPDATE batches SET noticed_at = now() WHERE id = $1 AND noticed_at IS NULL RETURNING id`, [batchId])) as [{ id: string }[], number];
      if (!batch || !notice) return null;
      const [row] = await tx.query<{ id: string }[]>(
        `INSERT INTO notices (key, kind, batch_id, recipients, subject, body, message_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (key) DO NOTHING RETURNING id`,
        [notice.key, notice.kind, batchId, notice.recipients, notice.subject, notice.body, notice.messageId],
      );
      return row?.id ?? null;
    });
  }

  /** Who hears of the list: its followers that are active and have an address. */
  async followerEmails(priceListId: string): Promise<string[]> {
    const rows = await this.db.query<{ email: string }[]>(
      `SELECT DISTINCT u.email FROM price_list_followers f JOIN users u ON u.id = f.user_id
        WHERE f.price_list_id = $1 AND NOT u.disabled AND u.email IS NOT NULL ORDER BY u.email`,
      [priceListId],
    );
    return rows.map((r) => r.email);
  }

  async priceListName(priceListId: string): Promise<string | null> {
    const [row] = await this.db.query<{ name: string }[]>(`SELECT name FROM price_lists WHERE id = $1`, [priceListId]);
    return row?.name ?? null;
  }

  /** Finished batches not yet told, that finished before `before`. */
  async unnoticedBatches(before: Date, take = 100): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM batches WHERE noticed_at IS NULL AND finished_at IS NOT NULL AND finished_at < $1 ORDER BY finished_at LIMIT $2`,
      [before, take],
    );
    return rows.map((r) => r.id);
  }

  async endedBatch(batchId: string): Promise<EndedBatch | null> {
    const [row] = await this.db.query<{ id: string; reason: string | null; price_list_id: string | null; list_name: string | null; email: string | null; disabled: boolean | null }[]>(
      `SELECT b.id, b.reason, b.price_list_id, pl.name AS list_name, u.email, u.disabled
         FROM batches b LEFT JOIN users u ON u.id = b.created_by LEFT JOIN price_lists pl ON pl.id = b.price_list_id WHERE b.id = $1`,
      [batchId],
    );
    if (!row) return null;
    return { id: row.id, reason: row.reason, priceListId: row.price_list_id, priceListName: row.list_name, starterEmail: row.disabled ? null : row.email };
  }

  async toSend(id: string): Promise<NoticeToSend | null> {
    const [r] = await this.db.query<{ id: string; kind: NoticeKind; status: DeliveryStatus; attempts: number; recipients: string[]; subject: string; body: string; message_id: string; batch_id: string | null }[]>(
      `SELECT id, kind, status, attempts, recipients, subject, body, message_id, batch_id FROM notices WHERE id = $1`,
      [id],
    );
    return r ? { id: r.id, kind: r.kind, status: r.status, attempts: r.attempts, recipients: r.recipients, subject: r.subject, body: r.body, messageId: r.message_id, batchId: r.batch_id } : null;
  }

  startAttempt(id: string): Promise<number | null> {
    return startAttempt(this.db, 'notices', id);
  }

  async noteRetry(id: string, reply: string | null, error: string): Promise<void> {
    await this.db.query(`UPDATE notices SET reply = $2, error = $3 WHERE id = $1 AND status = 'queued'`, [id, reply, error]);
  }

  async markSent(id: string, reply: string): Promise<boolean> {
    return this.end(id, 'sent', reply, null);
  }

  async markFailed(id: string, reply: string | null, error: string): Promise<boolean> {
    return this.end(id, 'failed', reply, error);
  }

  private async end(id: string, status: 'sent' | 'failed', reply: string | null, error: string | null): Promise<boolean> {
    const [, n] = (await this.db.query(
      `UPDATE notices SET status = $2::varchar, reply = $3, error = $4, sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE NULL END WHERE id = $1 AND status = 'queued'`,
      [id, status, reply, error],
    )) as [unknown, number];
    return n > 0;
  }

  unfinished(before: Date, take = 500): Promise<{ id: string; attempts: number }[]> {
    return unfinished(this.db, 'notices', before, take);
  }

  /** Ended notices made before `cutoff` (the exports' retention); a batch's go with their batch anyway. */
  async purge(cutoff: Date): Promise<number> {
    const [, removed] = (await this.db.query(`DELETE FROM notices WHERE status <> 'queued' AND created_at < $1`, [cutoff])) as [unknown, number];
    return removed;
  }
}
