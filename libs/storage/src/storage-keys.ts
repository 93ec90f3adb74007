import type { FileKind } from '@app/contracts';

/** Where things live in the bucket: everything of a task sits under its own prefix. */
export const storageKeys = {
  taskPrefix: (taskId: string) => `tasks/${taskId}/`,
  upload: (taskId: string, kind: FileKind, version: string) => `tasks/${taskId}/${kind}/${version}.xlsx`,
  export: (taskId: string, exportId: string) => `tasks/${taskId}/exports/${exportId}.xlsx`,
};
