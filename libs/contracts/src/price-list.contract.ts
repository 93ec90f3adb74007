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
  /**
   * DESIGN §16: `current` is what generate and check read (one per list); `pending` while it is
   * compared with the current one; `held` when the guard stopped it (see holdReasons) until staff
   * accept or reject it; `rejected` (kept 30 days); `old` once another became current.
   */
  status: PriceVersionStatus;
  /** How it arrived: uploaded by hand, fetched from the list's address, or mailed. */
  origin: 'upload' | 'url' | 'mailbox';
  /** Why the guard held it; null when it was not held. */
  holdReasons: HoldReason[] | null;
  /** Whether it was compared with a version (then `…/diff` and `…/diff.xlsx` answer). */
  compared: boolean;
  /** When and by whom a held version was accepted or rejected. */
  decidedAt: string | null;
  decidedBy: MadeBy;
}

export type PriceVersionStatus = 'pending' | 'current' | 'held' | 'rejected' | 'old';

/** What a list does when a version becomes current (DESIGN §16): nothing, or a batch of that action over its tasks. */
export type OnNewVersion = 'none' | 'check' | 'generate';

export interface PriceList {
  id: string;
  name: string;
  createdAt: string;
  createdBy: MadeBy;
  /** Bumped by each rename (and each new version); a rename sends the version it edited (409 otherwise). */
  version: number;
  /** The current version: what generate and check use; null before the first upload. */
  current: PriceListVersion | null;
  /** How many tasks follow the list (`priceListId`). */
  taskCount: number;
  /** How many of those are stale (their newest finished export read another version than the current one). */
  staleCount: number;
  /** How many versions wait for a decision (held). */
  heldCount: number;
  onNewVersion: OnNewVersion;
  /** The batches it starts by itself send each export to its task's recipients (DESIGN §17). */
  deliver: boolean;
  /** The columns versions are compared by; null: what its tasks' rules use (found anew for each comparison). */
  compare: CompareSettings | null;
  /** The guard's thresholds, the defaults filled in. */
  guard: GuardThresholds;
  /** Whether it has a source (`GET …/source`). */
  hasSource: boolean;
}

export interface CreatePriceListRequest {
  name: string;
}

export interface PatchPriceListRequest {
  name?: string;
  /** The list's `version` the change was made from; another stored version → 409. */
  version?: number;
  onNewVersion?: OnNewVersion;
  deliver?: boolean;
  /** null: compare by what the tasks' rules use. */
  compare?: CompareSettings | null;
  /** A part left out keeps its value. */
  guard?: Partial<GuardThresholds>;
}

/** `POST /api/price-lists/{id}/versions` (multipart `file`) → 201, once the version is compared: its final `status` and `holdReasons`. */
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

/**
 * DESIGN §16 «Compare and guard»: which columns of a price list two versions are compared by.
 * Column numbers are 1-based (1 = A) and, like the rules', name the list's columns; `headers`
 * remembers what stood at them when they were chosen, so a version whose column moved or was
 * renamed is noticed (and a moved one is still compared where it went).
 */
export interface CompareSettings {
  /** The MA and the GM code columns; 0 = not used (at least one is set). */
  keyColumns: { ma: number; gm: number };
  /** The columns whose values are compared (the prices the following tasks carry over). */
  valueColumns: number[];
  /** `{"6": "Цена с НДС"}`: the header each column was chosen by; without one the older version's own header is expected. */
  headers?: Record<string, string>;
}

/** Per list (DESIGN §16): a new version past one of them is held until staff accept it. */
export interface GuardThresholds {
  /** Hold when the rows with a code fell by more than this percentage. */
  maxRowDropPct: number;
  /** Hold when more than this percentage of the codes in both versions changed a value. */
  maxChangedPct: number;
  /** A value that rose or fell by more than this (100: above 2× or below ½) is a jump; jumps at more than JUMP_CODES_PCT % of the codes hold. */
  maxJumpPct: number;
}

export const GUARD_DEFAULTS: GuardThresholds = { maxRowDropPct: 20, maxChangedPct: 50, maxJumpPct: 100 };

/** Jumps hold a version when more than this percentage of the codes in both versions have one. */
export const JUMP_CODES_PCT = 0.5;

/** Value columns a list compares at most. */
export const COMPARE_COLUMNS_MAX = 100;

/** The diff's lists (added, removed, changed) hold at most this many entries; their totals count all. */
export const DIFF_LIST_MAX = 500;

/**
 * Jump percentages are counted in whole-percent buckets up to this one; bucket `JUMP_BUCKET_MAX`
 * holds every jump above it (and jumps from or to 0). So a guard of up to 1000 % is judged exactly.
 */
export const JUMP_BUCKET_MAX = 1_000;

/** A compared cell's value: a number, a date as `dd.mm.yyyy`, a text (booleans and errors as Excel shows them); null when empty. */
export type DiffValue = number | string | null;

/** One value of one code that differs between the versions. */
export interface DiffChange {
  /** The code as the newer version writes it (its MA code, else its GM code). */
  code: string;
  /** The compared column (1 = A), as the settings name it. */
  column: number;
  header: string;
  was: DiffValue;
  now: DiffValue;
  /** (now − was) / was in percent, one decimal; null unless both are numbers and `was` is not 0. */
  pct: number | null;
}

/** A compared column whose header is not what it was (DESIGN §16 `headerChanges`). */
export interface DiffHeaderChange {
  column: number;
  /** The header expected there: the one the column was chosen by, else the older version's. */
  was: string;
  /** The newer version's header at that column; '' when none. */
  now: string;
  /** The one other column of the newer version holding the expected header: compared there. */
  movedTo?: number;
  /** Neither there nor elsewhere: the column is not compared (a header of the same kind at its place does not count as gone). */
  missing: boolean;
}

/**
 * Codes by how far their values jumped, for the guard (see GuardThresholds.maxJumpPct): each code
 * counts once, in the bucket of its greatest jump, `up` when that was a rise and `down` when a fall.
 * Bucket b (a string key) holds jumps of more than b and at most b + 1 percent, measured as rises
 * are (a fall to ½ is 100 %, as a rise to 2× is); JUMP_BUCKET_MAX holds all above it.
 */
export interface DiffJumps {
  up: Record<string, number>;
  down: Record<string, number>;
  /** The greatest rise and fall among the compared values, the guard's example. */
  largestUp: DiffChange | null;
  largestDown: DiffChange | null;
}

/** `GET /api/price-lists/{id}/versions/{versionId}/diff`: a version compared with the one current before it. */
export interface PriceListDiff {
  /** Rows with a code (in either key column) below the header, duplicates included. */
  rowsBefore: number;
  rowsAfter: number;
  /** Codes only the newer version has, in its order (the first DIFF_LIST_MAX). */
  added: string[];
  addedTotal: number;
  /** Codes only the older version had, in its order (the first DIFF_LIST_MAX). */
  removed: string[];
  removedTotal: number;
  /** Changed values in the newer version's order (the first DIFF_LIST_MAX). */
  changed: DiffChange[];
  changedTotal: number;
  headerChanges: DiffHeaderChange[];
  /** Codes found in both versions: what the guard's percentages are of. */
  matched: number;
  /** Of those, the codes with at least one changed value. */
  changedCodes: number;
  /** Later rows repeating a code already seen in the same version (the first one is compared, as an export uses it). */
  duplicates: { before: number; after: number };
  jumps: DiffJumps;
  /** The compared settings as applied (columns of the newer version may have moved: see headerChanges). */
  settings: CompareSettings;
}

/** The guard's reasons (DESIGN §16), and `compare-failed`: the comparison could not be made, so a person decides. */
export type HoldReasonCode = 'rows-dropped' | 'many-changed' | 'price-jump' | 'column-missing' | 'compare-failed';
export const HOLD_REASON_CODES: readonly HoldReasonCode[] = ['rows-dropped', 'many-changed', 'price-jump', 'column-missing', 'compare-failed'];

/** Why a version is held (DESIGN §16): a code and the Russian text shown to staff. */
export interface HoldReason {
  code: HoldReasonCode;
  message: string;
}
