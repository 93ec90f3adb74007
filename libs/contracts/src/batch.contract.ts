/** Batches: one action over many tasks at once (DESIGN §12), shared by the API and the web app. */
import type { MadeBy } from './auth.contract';
import type { BatchRowDelivery } from './delivery.contract';

export const BATCH_ACTIONS = ['generate', 'check'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];
export type BatchStatus = 'running' | 'done';
export type BatchRowStatus = 'queued' | 'running' | 'done' | 'failed';

export const BATCH_TASKS_MAX = 500;
/** `GET /api/batches` lists this many, newest first. */
export const BATCH_LIST_MAX = 50;

export interface CreateBatchRequest {
  action: BatchAction;
  taskIds: string[];
  /** generate: send each file to its task's recipients as soon as it is made (DESIGN §17). */
  deliver?: boolean;
}

export interface BatchRowChanges {
  added: number;
  removed: number;
  changed: number;
  lost: number;
}

export interface BatchRow {
  /** null once the task is deleted (the row then says `Задача не найдена`). */
  taskId: string | null;
  /** The task's name when the batch started (kept after the task is deleted). */
  name: string;
  status: BatchRowStatus;
  /** generate: the export the row made (its file: `/api/tasks/{taskId}/exports/{exportId}/file`). */
  exportId?: string;
  rows?: number;
  matched?: number;
  unmatched?: number;
  warnings?: number;
  /** Against the task's export before this one (generate) or its newest export (check). */
  changes?: BatchRowChanges;
  error?: string;
  /** generate, once its file is made: the newest message of it to the task's recipients. */
  delivery?: BatchRowDelivery;
}

export interface Batch {
  id: string;
  action: BatchAction;
  status: BatchStatus;
  createdAt: string;
  createdBy: MadeBy;
  total: number;
  finished: number;
  failed: number;
  /** Each file is sent to its task's recipients as it is made. */
  deliver: boolean;
  tasks: BatchRow[];
}

/** `GET /api/batches`: the newest BATCH_LIST_MAX, without their rows. */
export type BatchSummary = Omit<Batch, 'tasks'>;

/** `POST /api/batches` → 202. */
export interface CreatedBatch {
  id: string;
}

/** The archive's table of results, one row per task. */
export const BATCH_SUMMARY_FILE = 'Итоги.xlsx';
