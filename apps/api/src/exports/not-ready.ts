import type { NotReady } from '@app/persistence';
import { notReadyMessage } from '@app/queue';
import { UserError, conflict, notFound } from '../common/user-error';

/** What a task still lacks, as generate and check both answer it (404 for no task, else 409). */
export function notReadyError(notReady: NotReady): UserError {
  return notReady === 'task' ? notFound(notReadyMessage(notReady)) : conflict(notReadyMessage(notReady));
}
