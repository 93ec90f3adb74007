import type { FileKind } from '@app/contracts';

/** Where things live in the bucket: everything of a task sits under its own prefix. */
export const storageKeys = {
  taskPrefix: (taskId: string) => `tasks/${taskId}/`,
  upload: (taskId: string, kind: FileKind, version: string) => `tasks/${taskId}/${kind}/${version}.xlsx`,
  /** A library price list's version (DESIGN §12): a fresh key per upload, never overwritten. */
  priceVersion: (priceListId: string, key: string) => `price-lists/${priceListId}/${key}.xlsx`,
  export: (taskId: string, exportId: string) => `tasks/${taskId}/exports/${exportId}.xlsx`,
  /** Every change of a version against the one it was compared with (DESIGN §16), fresh per comparison. */
  versionDiff: (priceListId: string, versionId: string, key: string) => `price-lists/${priceListId}/diffs/${versionId}-${key}.xlsx`,
  /** A version's compared columns as the engine keeps them (its snapshot), for the next comparison. */
  versionTable: (priceListId: string, versionId: string, key: string) => `price-lists/${priceListId}/tables/${versionId}-${key}.bin`,
};
