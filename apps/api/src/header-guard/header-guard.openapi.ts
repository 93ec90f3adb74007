import { ERR, GUARD_UI } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { fixHeaderSchema } from '@app/contracts/schemas';
import { taskIdParam, type RouteDoc } from '../openapi/route-doc';

export const HEADER_GUARD_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/tasks/{id}/header-changes',
    tag: 'guard',
    summary: "The template guard on the task's two files as they are now",
    description:
      "Each column whose header the task's profile remembers and that now reads otherwise in the price list or the template; `movedTo` is the one other column where the remembered header now is.",
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the changed headers', json: R.HeaderChangesResponse }],
  },
  {
    method: 'post',
    path: '/api/tasks/{id}/header-changes/fix',
    tag: 'guard',
    summary: `«${GUARD_UI.fix}»: re-point the rules to where the headers moved`,
    description:
      "Every moved header of that file moves together (a column inserted before F shifts F→G and G→H), in the task's profile (its rules and remembered headers) and in the task's copy, in one transaction. The task's `version` is left alone.",
    params: { id: taskIdParam },
    body: {
      schema: fixHeaderSchema,
      example: { file: 'template', from: 6, to: 7 },
      pipe: { invalid: [{ file: 'смета', from: 6, to: 7 }, { file: 'price', from: 0, to: 7 }, { file: 'price', from: 6, to: 6 }] },
    },
    answers: [{ status: 200, description: 'the task with its re-pointed rules', json: R.Task }],
    errors: { 409: [ERR.headerFixStale, ERR.headerFixTaken('G')] },
  },
];
