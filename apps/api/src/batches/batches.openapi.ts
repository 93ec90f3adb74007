import { z } from 'zod';
import { BATCH_ERR, BATCH_SUMMARY_FILE, BATCH_TASKS_MAX, BATCH_LIST_MAX, ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { createBatchSchema } from '@app/contracts/batch-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { placeholder, type PathParam, type RouteDoc } from '../openapi/route-doc';

const batchId: PathParam = { schema: idParamSchema, description: "the batch's id", notFound: BATCH_ERR.notFound };
const EXAMPLE_ID = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';

export const BATCH_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/batches',
    tag: 'batches',
    summary: `Start one action over 1–${BATCH_TASKS_MAX} tasks`,
    description:
      "Answers at once; the workers do the rest, each task as an ordinary export (`generate`: a history row per task with `batchId`) or check, all at once across the workers. A task not ready (no price list, template or items) gets a failed row with the reason; the others run. A task named twice is one row. `deliver: true` (generate): each file is e-mailed to its task's recipients as soon as it is made (DESIGN §17; tasks with `auto` on are sent in any batch).",
    body: {
      schema: createBatchSchema,
      example: { action: 'generate', taskIds: [EXAMPLE_ID], deliver: true },
      pipe: { invalid: [{ action: 'export', taskIds: [EXAMPLE_ID] }, { action: 'check', taskIds: [] }, { action: 'check', taskIds: ['лента'] }] },
    },
    answers: [{ status: 202, description: 'the batch, started', json: R.CreatedBatch }],
    errors: { 404: [BATCH_ERR.unknownTasks(placeholder<number>('N'))], 503: [ERR.queueUnavailable] },
  },
  {
    method: 'get',
    path: '/api/batches',
    tag: 'batches',
    summary: `The newest ${BATCH_LIST_MAX} batches, without their rows`,
    answers: [{ status: 200, description: 'the batches, newest first', json: z.array(R.BatchSummary) }],
  },
  {
    method: 'get',
    path: '/api/batches/{id}',
    tag: 'batches',
    summary: 'A batch and each of its tasks',
    description: 'Read from the database alone: right after an API restart too. `done` once every row has ended, done or failed.',
    params: { id: batchId },
    answers: [{ status: 200, description: 'the batch', json: R.Batch }],
  },
  {
    method: 'get',
    path: '/api/batches/{id}/archive',
    tag: 'batches',
    summary: `Every finished file of the batch and ${BATCH_SUMMARY_FILE}, as one zip`,
    description: `Each file is named after its task (made safe for Windows, numbered \`Имя (2).xlsx\` when two tasks share a name); \`${BATCH_SUMMARY_FILE}\` has a row per task.`,
    params: { id: batchId },
    answers: [{ status: 200, description: 'the archive', media: ['application/zip'], headers: { 'Content-Disposition': 'attachment; filename="batch.zip"' } }],
    errors: { 409: [BATCH_ERR.nothingToDownload], 503: [ERR.storageUnavailable] },
  },
];
