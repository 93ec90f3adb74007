import type { DataSource } from 'typeorm';
import type { BatchAction, BatchRowDelivery, BatchRowStatus, ExportChanges, ExportReport, MadeBy } from '@app/contracts';
import { recordAudit, type Actor } from './audit-writer';
import type { BatchReason, BatchRowResult } from './batch.entity';
import { EXPORT_TRANSITIONS } from './export-status';

/** A task of a new batch; `error`: why it cannot run (its row is failed from the start). */
export interface BatchPlanRow {
  taskId: string;
  error: string | null;
}

/** A batch row as stored, with its export's outcome for a generate row. */
export interface BatchRowView {
  position: number;
  taskId: string | null;
  name: string;
  /** The row's status: its export's for a generate row (`failed` once the export is gone). */
  status: BatchRowStatus;
  exportId: string | null;
  /** A generate row whose export was deleted with its task. */
  exportGone: boolean;
  result: BatchRowResult | null;
  report: ExportReport | null;
  changes: ExportChanges | null;
  error: string | null;
  objectKey: string | null;
  /** The newest message of its export (DESIGN §17); `none` when its task has no recipients; null when neither applies. */
  delivery: BatchRowDelivery | null;
}

/**
 * What a batch says of itself beyond its action (DESIGN §17): whether it sends each file as it is
 * made, and for a batch a price list started by itself on a new version (DESIGN §16) why and which
 * list — its end is then told to the list's followers rather than to its starter.
 */
export interface BatchStart {
  deliver?: boolean;
  reason?: BatchReason;
  priceListId?: string;
  /** With `reason` `new-version`: the version that became current (DESIGN §16). */
  versionId?: string;
}

export interface BatchHead {
  id: string;
  action: BatchAction;
  createdAt: Date;
  createdBy: MadeBy;
  finishedAt: Date | null;
  total: number;
  finished: number;
  failed: number;
  deliver: boolean;
}

/**
 * The status of a row, in SQL: a generate row follows its export row (one source of truth), and
 * is failed once that row is gone (its task deleted); a check row, or a row that never ran, keeps its own.
 */
export const ROW_STATUS = `CASE WHEN r.export_id IS NULL THEN r.status WHEN e.id IS NULL THEN 'failed' ELSE e.status END`;
const ENDED = `(${ROW_STATUS}) IN ('done', 'failed')`;

const HEAD_SQL = `
  SELECT b.id, b.action, b.created_at, b.finished_at, b.deliver, u.id AS user_id, u.login, u.display_name,
         count(*)::int AS total, count(*) FILTER (WHERE ${ENDED})::int AS finished,
         count(*) FILTER (WHERE (${ROW_STATUS}) = 'failed')::int AS failed
    FROM batches b JOIN batch_rows r ON r.batch_id = b.id LEFT JOIN exports e ON e.id = r.export_id
    LEFT JOIN users u ON u.id = b.created_by`;

interface HeadRow {
  id: string;
  action: BatchAction;
  created_at: Date;
  finished_at: Date | null;
  user_id: string | null;
  login: string | null;
  display_name: string | null;
  total: number;
  finished: number;
  failed: number;
  deliver: boolean;
}

const toHead = (r: HeadRow): BatchHead => ({
  id: r.id,
  action: r.action,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  createdBy: r.user_id ? { id: r.user_id, login: r.login ?? '', displayName: r.display_name ?? '' } : null,
  total: r.total,
  finished: r.finished,
  failed: r.failed,
  deliver: r.deliver,
});

/**
 * Batches (DESIGN §12) as the API makes and reads them. Progress is read from PostgreSQL only:
 * a generate row from its export row, a check row from its own columns.
 */
export class BatchesRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * In one transaction: the batch, a row per task (its name kept), for a generate an ordinary
   * queued export per runnable task, and the `batch` audit event. `unknown`: how many of the
   * tasks do not exist (nothing is written then).
   */
  async create(actor: Actor, action: BatchAction, plan: BatchPlanRow[], start: BatchStart = {}): Promise<{ batchId: string; exports: Map<string, string> } | { unknown: number }> {
    return this.db.transaction(async (tx) => {
      const ids = plan.map((p) => p.taskId);
      // FOR SHARE: a task deleted meanwhile waits for this batch, whose rows then lose it as any row would.
      const tasks = await tx.query<{ id: string; name: string }[]>(`SELECT id, name FROM tasks WHERE id = ANY($1::uuid[]) FOR SHARE`, [ids]);
      if (tasks.length < ids.length) return { unknown: ids.length - tasks.length };
      const names = new Map(tasks.map((t) => [t.id, t.name]));
      const [{ id: batchId }] = await tx.query<{ id: string }[]>(
        `INSERT INTO batches (action, created_by, deliver, reason, price_list_id, price_version_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [action, actor.id, action === 'generate' && start.deliver === true, start.reason ?? null, start.priceListId ?? null, start.versionId ?? null],
      );
      const runnable = plan.filter((p) => p.error === null).map((p) => p.taskId);
      const exports = new Map<string, string>();
      if (action === 'generate' && runnable.length) {
        const made = await tx.query<{ id: string; task_id: string }[]>(
          `INSERT INTO exports (task_id, status, attempts, created_by, batch_id)
           SELECT t, $2, 0, $3, $4 FROM unnest($1::uuid[]) AS t RETURNING id, task_id`,
          [runnable, EXPORT_TRANSITIONS.create.to, actor.id, batchId],
        );
        for (const row of made) exports.set(row.task_id, row.id);
      }
      await tx.query(
        `INSERT INTO batch_rows (batch_id, position, task_id, task_name, export_id, status, error, finished_at)
         SELECT $1, p - 1, t, n, x, CASE WHEN err IS NULL THEN 'queued' ELSE 'failed' END, err, CASE WHEN err IS NULL THEN NULL ELSE now() END
           FROM unnest($2::uuid[], $3::text[], $4::uuid[], $5::text[]) WITH ORDINALITY AS u(t, n, x, err, p)`,
        [batchId, ids, ids.map((id) => names.get(id)), ids.map((id) => exports.get(id) ?? null), plan.map((p) => p.error)],
      );
      const extra = {
        ...(start.deliver && action === 'generate' ? { deliver: true } : {}),
        ...(start.reason ? { reason: start.reason, priceListId: start.priceListId ?? null, versionId: start.versionId ?? null } : {}),
      };
      await recordAudit(tx, actor, 'batch', { batchId, action, tasks: ids.length, ...extra });
      return { batchId, exports };
    });
  }

  /** Redis refused the flow: nothing will run the rows, which end failed at once. */
  async refuseEnqueue(batchId: string, error: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE exports SET status = $3, error = $2, finished_at = now() WHERE batch_id = $1 AND status = ANY($4::text[])`,
        [batchId, error, EXPORT_TRANSITIONS.enqueueRefused.to, EXPORT_TRANSITIONS.enqueueRefused.from],
      );
      await tx.query(`UPDATE batch_rows SET status = 'failed', error = $2, finished_at = now() WHERE batch_id = $1 AND status IN ('queued', 'running')`, [batchId, error]);
      await tx.query(`UPDATE batches SET finished_at = now() WHERE id = $1 AND finished_at IS NULL`, [batchId]);
    });
  }

  async head(batchId: string): Promise<BatchHead | null> {
    const [row] = await this.db.query<HeadRow[]>(`${HEAD_SQL} WHERE b.id = $1 GROUP BY b.id, u.id`, [batchId]);
    return row ? toHead(row) : null;
  }

  async list(limit: number): Promise<BatchHead[]> {
    const rows = await this.db.query<HeadRow[]>(
      `${HEAD_SQL} WHERE b.id IN (SELECT id FROM batches ORDER BY created_at DESC, id LIMIT $1) GROUP BY b.id, u.id ORDER BY b.created_at DESC, b.id`,
      [limit],
    );
    return rows.map(toHead);
  }

  /** Batches not yet ended (pe_batches_running, DESIGN §18). */
  async running(): Promise<number> {
    const [row] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM batches WHERE finished_at IS NULL`);
    return row.n;
  }

  /**
   * Removes batches made before `cutoff`, with their rows: housekeeping calls it with the exports'
   * retention cutoff, so no batch outlives its files and reads as failed rows of removed exports.
   */
  async purge(cutoff: Date): Promise<number> {
    const [, removed] = (await this.db.query(`DELETE FROM batches WHERE created_at < $1`, [cutoff])) as [unknown, number];
    return removed;
  }

  /** The batch's rows in the order its tasks were given. */
  async rows(batchId: string): Promise<BatchRowView[]> {
    const rows = await this.db.query<RawRow[]>(
      `SELECT r.position, r.task_id, r.task_name, r.export_id, ${ROW_STATUS} AS status, r.result, e.report, e.changes,
              (r.export_id IS NOT NULL AND e.id IS NULL) AS gone, COALESCE(e.error, r.error) AS error, e.object_key,
              d.status AS delivery_status, d.to_addresses AS delivery_to, d.cc_addresses AS delivery_cc, d.sent_at AS delivery_sent_at,
              d.reply AS delivery_reply, d.error AS delivery_error, s.task_id IS NOT NULL AS has_recipients, b.deliver
         FROM batch_rows r JOIN batches b ON b.id = r.batch_id LEFT JOIN exports e ON e.id = r.export_id
         LEFT JOIN LATERAL (SELECT status, to_addresses, cc_addresses, sent_at, reply, error FROM deliveries WHERE export_id = r.export_id ORDER BY created_at DESC LIMIT 1) d ON true
         LEFT JOIN task_deliveries s ON s.task_id = r.task_id
        WHERE r.batch_id = $1 ORDER BY r.position`,
      [batchId],
    );
    return rows.map((r) => ({
      position: r.position,
      taskId: r.task_id,
      name: r.task_name,
      status: r.status,
      exportId: r.export_id,
      exportGone: r.gone,
      result: r.result,
      report: r.report,
      changes: r.changes,
      error: r.error,
      objectKey: r.status === 'done' ? r.object_key : null,
      delivery: rowDelivery(r),
    }));
  }
}

interface RawRow {
  position: number;
  task_id: string | null;
  task_name: string;
  export_id: string | null;
  status: BatchRowStatus;
  result: BatchRowResult | null;
  report: ExportReport | null;
  changes: ExportChanges | null;
  gone: boolean;
  error: string | null;
  object_key: string | null;
  delivery_status: BatchRowDelivery['status'] | null;
  delivery_to: string[] | null;
  delivery_cc: string[] | null;
  delivery_sent_at: Date | null;
  delivery_reply: string | null;
  delivery_error: string | null;
  has_recipients: boolean;
  deliver: boolean;
}

/** A made file's newest message (to whom, when, the server's reply), or, in a batch that sends its files, `none` when its task has no recipients. */
function rowDelivery(r: RawRow): BatchRowDelivery | null {
  if (r.delivery_status) {
    const sentAt = r.delivery_sent_at ? r.delivery_sent_at.toISOString() : null;
    return { status: r.delivery_status, to: r.delivery_to ?? [], cc: r.delivery_cc ?? [], sentAt, reply: r.delivery_reply, error: r.delivery_error };
  }
  if (r.deliver && r.status === 'done' && r.export_id && !r.has_recipients) return { status: 'none', to: [], cc: [], sentAt: null, reply: null, error: null };
  return null;
}
