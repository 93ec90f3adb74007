import { ERR } from '@app/contracts';
import type { NotReady } from '@app/persistence';
import { UserError, conflict, notFound } from '../common/user-error';

/** What a task still lacks, as generate and check both answer it (404 for no task, else 409). */
export function notReadyError(notReady: NotReady): UserError {
  if (notReady === 'task') return notFound(ERR.taskNotFound);
  if (notReady === 'price') return conflict(ERR.noPrice);
  if (notReady === 'template') return conflict(ERR.noTemplate);
  return conflict(ERR.noItems);
}
