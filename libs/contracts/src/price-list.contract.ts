/** The library of price lists and their versions (DESIGN §12), shared by the API and the web app. */
import type { MadeBy } from './auth.contract';

export interface PriceListVersion {
  id: string;
  priceListId: string;
  /** The uploaded file's name, as the supplier named it. */
  name: string;
  size: number;
  sha256: string;
  format: 'xlsx' | 'csv';
  uploadedAt: string;
  uploadedBy: MadeBy;
  /**
   * The data rows of the list as the export reads it: rows below the header row that hold a value
   * (title rows above the header and blank rows are not counted). A worker counts them after the
   * upload: null until it has (for a moment after the upload; longer if the file could not be read).
   */
  rows: number | null;
}

export interface PriceList {
  id: string;
  name: string;
  createdAt: string;
  createdBy: MadeBy;
  /** Bumped by each rename (and each new version); a rename sends the version it edited (409 otherwise). */
  version: number;
  /** The newest version: what generate and check use; null before the first upload. */
  current: PriceListVersion | null;
  /** How many tasks follow the list (`priceListId`). */
  taskCount: number;
  /** How many of those are stale (their newest finished export read another version than the current one). */
  staleCount: number;
}

export interface CreatePriceListRequest {
  name: string;
}

export interface PatchPriceListRequest {
  name?: string;
  /** The list's `version` the rename was made from; another stored version → 409. */
  version?: number;
}

/** `POST /api/price-lists/{id}/versions` (multipart `file`) → 201. */
export interface AddPriceVersionResponse {
  version: PriceListVersion;
  /** The tasks that follow the list: each one already exported is now stale. */
  taskIds: string[];
}

/** The price list a task follows, as its price card shows it. */
export interface TaskPriceListRef {
  id: string;
  name: string;
  current: PriceListVersion | null;
}
