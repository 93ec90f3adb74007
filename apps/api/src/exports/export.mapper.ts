import type { ExportRecord } from '@app/contracts';
import type { ExportEntity } from '@app/persistence';

export function toExportRecord(row: ExportEntity): ExportRecord {
  return {
    id: row.id,
    taskId: row.taskId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    size: row.size,
    report: row.report,
    error: row.error,
    changes: row.changes ?? null,
    createdBy: row.creator ? { id: row.creator.id, login: row.creator.login, displayName: row.creator.displayName } : null,
    priceVersion: row.priceVersion ? { id: row.priceVersion.id, uploadedAt: row.priceVersion.uploadedAt.toISOString() } : null,
    batchId: row.batchId,
  };
}
