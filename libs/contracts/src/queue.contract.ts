/** The BullMQ queue shared by the API (producer) and the worker (consumer). */

export const EXPORT_QUEUE = 'export';
export const EXPORT_JOB = 'generate';
export const HOUSEKEEPING_JOB = 'housekeeping';

/** Job data holds ids and object keys, never file bytes. */
export interface ExportJobData {
  exportId: string;
  taskId: string;
  priceKey: string;
  templateKey: string;
}

/** What a finished job hands back to the API: enough to answer the request without a lookup. */
export interface ExportJobResult {
  exportId: string;
  objectKey: string;
  size: number;
  rows: number;
  matched: number;
  unmatched: number;
  /** The workbook is also waiting in Redis for the API (ExportHandoff in libs/storage). */
  handedOff: boolean;
}
