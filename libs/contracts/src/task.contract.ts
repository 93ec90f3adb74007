/** Shapes of the HTTP API (DESIGN §3–4), shared by the API and the web app. */
import type { TaskPriceListRef } from './price-list.contract';

export interface Item {
  ma: string;
  gm: string;
  name: string;
  minQty: number;
  step: number;
}

/** Template column numbers, 1 = column A, 0 = not transferred. */
export interface ManualMapping {
  ma: number;
  gm: number;
  name: number;
  minQty: number;
  step: number;
}

/** `{ "<price column>": <template column> }`, both ≥ 1. */
export type PriceToTemplate = Record<string, number>;

/** Which price-list column holds each code; 0 = detect automatically. */
export interface PriceKeys {
  ma: number;
  gm: number;
}

export interface Mapping {
  manualMapping: ManualMapping;
  priceToTemplate: PriceToTemplate;
  priceKeys: PriceKeys;
}

export type FileKind = 'price' | 'template';
export const FILE_KINDS: readonly FileKind[] = ['price', 'template'];

export interface StoredFileInfo {
  name: string;
  size: number;
  uploadedAt: string;
}

export interface TaskFiles {
  price: StoredFileInfo | null;
  template: StoredFileInfo | null;
}

export interface Task {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  /** Bumped by each save; a save sends the version it edited (PatchTaskRequest.version). */
  version: number;
  items: Item[];
  files: TaskFiles;
  mapping: Mapping;
  /** The rule profile `syncMapping` copies from; always set (the default profile's id when none was chosen). */
  profileId: string;
  /** The library price list the task follows (DESIGN §12); null: its own uploaded price file. */
  priceListId: string | null;
  /** The followed list with its current version; null when the task uses its own file. */
  priceList: TaskPriceListRef | null;
  /** Follows a list whose current version is newer than the one of its newest finished export (or has none). */
  stale: boolean;
}

/**
 * `GET /api/tasks?view=summary`: what a list of tasks needs, without the items and the rules, so
 * the list stays small with thousands of tasks.
 */
export interface TaskSummary {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  files: TaskFiles;
  itemCount: number;
  /**
   * Always in the API's answer; optional only because the web app still builds summaries from a
   * Task of its own (tasks-context), which it will fill once it shows profiles.
   */
  profileId?: string;
  priceListId: string | null;
  stale: boolean;
}

/** The one value of `GET /api/tasks?view=…`; without it the list is `Task[]`. */
export const TASK_SUMMARY_VIEW = 'summary';

export interface CreateTaskRequest {
  name: string;
  /** Without it the task gets the default profile. */
  profileId?: string;
}

export interface PatchTaskRequest {
  items?: unknown[];
  syncMapping?: boolean;
  /**
   * Another rule profile for the task (null = the default). Its rules reach the task's copy only
   * through `syncMapping` (in the same PATCH or a later one).
   */
  profileId?: string | null;
  /**
   * The task's `version` this save was edited from; when the stored task has another one (it was
   * saved meanwhile elsewhere) the save is refused with 409. Without it the save always applies.
   */
  version?: number;
  /** Follow a library price list (DESIGN §12); null = the task's own price file again. */
  priceListId?: string | null;
}

export interface PatchTaskResponse extends Task {
  mappingSynced: boolean;
}

export interface ApiError {
  error: string;
}

export interface HealthResponse {
  /** `starting`: everything is up but no worker of this instance has connected yet. */
  status: 'ok' | 'starting' | 'error';
  db: 'ok' | 'down';
  redis: 'ok' | 'down';
  storage: 'ok' | 'down';
  workers?: number;
}
