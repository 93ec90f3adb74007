import type { StoredFile, TaskEntity } from '@app/persistence';
import type { StoredFileInfo, Task } from '@app/contracts';

const fileInfo = (file: StoredFile | null): StoredFileInfo | null =>
  file ? { name: file.name, size: file.size, uploadedAt: file.uploadedAt } : null;

/** The API shape of a task: object keys stay on the server. */
export function toTask(entity: TaskEntity): Task {
  return {
    id: entity.id,
    name: entity.name,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    items: entity.items,
    files: { price: fileInfo(entity.files.price), template: fileInfo(entity.files.template) },
    mapping: entity.mapping,
  };
}
