import { CHECK_UI, ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { NOT_READY_ERRORS } from '../exports/exports.openapi';
import { taskIdParam, type RouteDoc } from '../openapi/route-doc';

export const CHECK_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/tasks/{id}/check',
    tag: 'checks',
    summary: `«${CHECK_UI.check}»: the export as it would be written, without writing it`,
    description:
      "Made by a worker like an export, recording nothing: the template columns that will be written, the first 500 rows with how each item was found and in which price row, every warning (at most 200 of each kind; `warningCounts` exact), and the changes against the task's newest export.",
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the check', json: R.CheckResponse }],
    errors: { 404: [ERR.taskNotFound], ...NOT_READY_ERRORS, 500: [ERR.checkFailed], 504: [ERR.checkTimeout] },
  },
];
