import type { DataSource } from 'typeorm';
import type { ExportReport, Item, Mapping } from '@app/contracts';
import type { StoredFiles } from './task.entity';

/**
 * The statements on the path of every export — one round trip each, no entity hydration. Under
 * load the API and the worker run them once per export, and TypeORM's query building and result
 * mapping cost more CPU than PostgreSQL spends on them; everything else uses the repositories.
 */

/** What the API checks before queueing: the files and how many items, not the items themselves. */
export interface TaskForExport {
  files: StoredFiles;
  itemCount: number;
}

export async function taskForExport(db: DataSource, taskId: string): Promise<TaskForExport | null> {
  const rows: { files: StoredFiles; item_count: number }[] = await db.query(
    'SELECT files, jsonb_array_length(items) AS item_count FROM tasks WHERE id = $1',
    [taskId],
  );
  return rows[0] ? { files: rows[0].files, itemCount: Number(rows[0].item_count) } : null;
}

/** A new export row, status `queued`; its id becomes the job id. */
export async function insertQueuedExport(db: DataSource, taskId: string): Promise<string> {
  const rows: { id: string }[] = await db.query(
    `INSERT INTO exports (task_id, status, attempts) VALUES ($1, 'queued', 0) RETURNING id`,
    [taskId],
  );
  return rows[0].id;
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
  const rows: { status: string; object_key: string | null; size: string | null; report: ExportReport | null; items: Item[]; mapping: Mapping; files: StoredFiles }[] =
    await db.query(
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
  await db.query(
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
  const [, affected]: [unknown, number] = await db.query(
    `UPDATE exports SET status = 'done', object_key = $2, size = $3, report = $4, timings = $5, error = NULL, finished_at = now()
      WHERE id = $1 AND status <> 'done'`,
    [exportId, done.objectKey, done.size, JSON.stringify(done.report), JSON.stringify(done.timings)],
  );
  return affected > 0;
}
