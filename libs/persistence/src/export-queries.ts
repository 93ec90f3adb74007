import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool, QueryResult, QueryResultRow } from 'pg';
import type { ExportReport, Item, Mapping } from '@app/contracts';
import type { StoredFiles } from './task.entity';

/**
 * The statements on the path of every export — one round trip each, no entity hydration. Under
 * load the API and the worker run them once per export, and TypeORM's query building and result
 * mapping cost more CPU than PostgreSQL spends on them; everything else uses the repositories.
 */

/**
 * Runs one of them as a named statement on the pool TypeORM opened: each connection parses it
 * once and PostgreSQL keeps its plan, and no query runner is built per call. On the idle path
 * (traced, scripts/bench/RESULTS.md) the query runner took ~0.3 ms before a statement left the
 * worker, and planning the job-context join 0.1–0.6 ms of every call.
 */
function runNamed<R extends QueryResultRow>(db: DataSource, name: string, text: string, values: unknown[]): Promise<QueryResult<R>> {
  const pool = (db.driver as PostgresDriver).master as Pool;
  return pool.query<R>({ name, text, values });
}

/** What the API checks before queueing: the files and how many items, not the items themselves. */
export interface TaskForExport {
  files: StoredFiles;
  itemCount: number;
  /** The new `queued` export row (its id becomes the job id); null when the task is not ready. */
  exportId: string | null;
}

/**
 * Reads the task and, only if it has both files and at least one item, inserts a `queued` export
 * row — one round trip. The caller tells the user which of the three is missing.
 */
export async function queueExportIfReady(db: DataSource, taskId: string): Promise<TaskForExport | null> {
  const { rows } = await runNamed<{ files: StoredFiles; item_count: number; export_id: string | null }>(
    db,
    'queue-export-if-ready',
    `WITH t AS (SELECT id, files, jsonb_array_length(items) AS item_count FROM tasks WHERE id = $1),
          ins AS (INSERT INTO exports (task_id, status, attempts)
                  SELECT id, 'queued', 0 FROM t
                   WHERE jsonb_typeof(files -> 'price') = 'object' AND jsonb_typeof(files -> 'template') = 'object' AND item_count > 0
                  RETURNING id)
     SELECT t.files, t.item_count, (SELECT id FROM ins) AS export_id FROM t`,
    [taskId],
  );
  const row = rows[0];
  return row ? { files: row.files, itemCount: Number(row.item_count), exportId: row.export_id } : null;
}

/** The export row and its task, read together when a job starts. */
export interface ExportJobContext {
  status: string;
  objectKey: string | null;
  size: number | null;
  report: ExportReport | null;
  items: Item[];
  mapping: Mapping;
  files: StoredFiles;
}

export async function exportJobContext(db: DataSource, exportId: string): Promise<ExportJobContext | null> {
  const { rows } = await runNamed<{ status: string; object_key: string | null; size: string | null; report: ExportReport | null; items: Item[]; mapping: Mapping; files: StoredFiles }>(
    db,
    'export-job-context',
    `SELECT e.status, e.object_key, e.size, e.report, t.items, t.mapping, t.files
       FROM exports e JOIN tasks t ON t.id = e.task_id
      WHERE e.id = $1`,
    [exportId],
  );
  const row = rows[0];
  if (!row) return null;
  return { status: row.status, objectKey: row.object_key, size: row.size === null ? null : Number(row.size), report: row.report, items: row.items, mapping: row.mapping, files: row.files };
}

export async function markExportRunning(db: DataSource, exportId: string, jobId: string): Promise<void> {
  await runNamed(
    db,
    'mark-export-running',
    `UPDATE exports SET status = 'running', started_at = now(), job_id = $2, attempts = attempts + 1 WHERE id = $1 AND status <> 'done'`,
    [exportId, jobId],
  );
}

/** Records the stored workbook; false when the row is gone (task deleted) or already done. */
export async function markExportDone(
  db: DataSource,
  exportId: string,
  done: { objectKey: string; size: number; report: ExportReport; timings: Record<string, number> },
): Promise<boolean> {
  const { rowCount } = await runNamed(
    db,
    'mark-export-done',
    `UPDATE exports SET status = 'done', object_key = $2, size = $3, report = $4, timings = $5, error = NULL, finished_at = now()
      WHERE id = $1 AND status <> 'done'`,
    [exportId, done.objectKey, done.size, JSON.stringify(done.report), JSON.stringify(done.timings)],
  );
  return (rowCount ?? 0) > 0;
}
