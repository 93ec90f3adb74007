import { z } from 'zod';
import { BATCH_ACTIONS, BATCH_TASKS_MAX } from './batch.contract';
import { BATCH_ERR } from './price-list-messages';
import { DELIVERY_ERR } from './delivery-messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/batches` (DESIGN §12). The same task named twice is one row: ids are lower-cased and
 * kept in the order first given.
 */
export const createBatchSchema = z.object({
  action: z.enum(BATCH_ACTIONS, { error: BATCH_ERR.actionInvalid }),
  taskIds: z
    .array(z.string({ error: BATCH_ERR.taskIdsInvalid }).regex(UUID, BATCH_ERR.taskIdsInvalid), { error: BATCH_ERR.taskIdsInvalid })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .refine((ids) => ids.length >= 1 && ids.length <= BATCH_TASKS_MAX, BATCH_ERR.tasksRange(BATCH_TASKS_MAX)),
  /** DESIGN §17: send each file to its task's recipients as it is made (generate only). */
  deliver: z.boolean({ error: DELIVERY_ERR.booleanInvalid }).optional(),
});
