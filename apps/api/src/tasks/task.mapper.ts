import type { StoredFile, StoredFiles, TaskEntity, TaskSummaryRow } from '@app/persistence';
import type { PriceListVersion, StoredFileInfo, Task, TaskFiles, TaskPriceListRef, TaskSummary } from '@app/contracts';

/** What a task's answer says of the price list it follows (DESIGN §12), read beside the task. */
export interface TaskFollowing {
  priceList: TaskPriceListRef | null;
  stale: boolean;
}

const OWN_FILE: TaskFollowing = { priceList: null, stale: false };

const fileInfo = (file: StoredFile | null): StoredFileInfo | null =>
  file ? { name: file.name, size: file.size, uploadedAt: file.uploadedAt } : null;

/** A task that follows a list shows the list's current version as its price file (DESIGN §12). */
const versionInfo = (v: PriceListVersion | null): StoredFileInfo | null => (v ? { name: v.name, size: v.size, uploadedAt: v.uploadedAt } : null);

const filesInfo = (files: StoredFiles): TaskFiles => ({ price: fileInfo(files.price), template: fileInfo(files.template) });

/** The API shape of a task: object keys stay on the server. */
export function toTask(entity: TaskEntity, following: TaskFollowing = OWN_FILE): Task {
  return {
    id: entity.id,
    name: entity.name,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    version: entity.version,
    items: entity.items,
    files: entity.priceListId ? { ...filesInfo(entity.files), price: versionInfo(following.priceList?.current ?? null) } : filesInfo(entity.files),
    mapping: entity.mapping,
    profileId: entity.profileId,
    priceListId: entity.priceListId,
    priceList: following.priceList,
    stale: following.stale,
  };
}

export function toTaskSummary(row: TaskSummaryRow): TaskSummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    files: filesInfo(row.files),
    itemCount: row.itemCount,
    profileId: row.profileId,
    priceListId: row.priceListId,
    stale: row.stale,
  };
}
