import { z } from 'zod';
import { ERR, LIMITS, PRICE_LIST_ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { createTaskSchema, patchTaskSchema, taskListQuerySchema } from '@app/contracts/schemas';
import { taskIdParam, type RouteDoc } from '../openapi/route-doc';

const taskList = z.union([z.array(R.Task), z.array(R.TaskSummary)]);

export const TASK_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/tasks',
    tag: 'tasks',
    summary: 'Every task, newest first',
    description: 'Without `view`, each task with its items and rules. `view=summary` gives each without them, so a list of thousands of tasks stays small (what the web app\'s sidebar uses).',
    query: taskListQuerySchema,
    answers: [{ status: 200, description: '`Task[]`, or `TaskSummary[]` with `view=summary`', json: taskList }],
    errors: { 400: [ERR.unknownListView] },
  },
  {
    method: 'post',
    path: '/api/tasks',
    tag: 'tasks',
    summary: 'Create a task',
    description: "The new task starts with no items and files, and a copy of its profile's rules as they are now (the default profile's without `profileId`).",
    body: { schema: createTaskSchema, example: { name: 'Лента, неделя 48' } },
    answers: [{ status: 201, description: 'the new task', json: R.Task }],
    errors: {
      400: [
        ERR.taskNameRequired,
        ERR.taskNameTooLong(LIMITS.taskNameMax),
        ERR.invalidField('name', ERR.controlChars),
        ERR.invalidField('profileId', ERR.profileIdInvalid),
        ERR.invalidField('profileId', ERR.noSuchProfile),
      ],
    },
  },
  {
    method: 'get',
    path: '/api/tasks/{id}',
    tag: 'tasks',
    summary: 'One task (what the task page loads)',
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the task', json: R.Task }],
  },
  {
    method: 'patch',
    path: '/api/tasks/{id}',
    tag: 'tasks',
    summary: 'Rename, save items, copy the rules, change the profile or the price list followed',
    description: [
      '`name` renames the task (trimmed; checked as at creation).',
      '`items` replaces the list: quantities are whole numbers or their digits as text, with spaces between thousands (`"1 000"`); anything else (`"=1+1"`, `"12 шт"`, `"1,5"`) is refused, naming the row and column (`Строка 3, «Мин. кол-во»: …`, rows from 1). Empty or 0 quantities become 1, and rows with every field empty are dropped, as the web app does. The body may be as large as 10,000 items at their field limits (about 92 MB); any other call reads at most 1 MB.',
      "`syncMapping: true` copies the task's profile's current rules into the task's copy (after a `profileId` in the same call); `mappingSynced` says whether the copy changed.",
      '`profileId` moves the task to another profile (`null`: the default); its rules reach the copy only through `syncMapping`.',
      "`priceListId` makes the task follow a price list of the library (`null`: its own price file again, which it keeps meanwhile): generate and check then read the list's current version, `files.price` shows it, and `stale` tells when the list has a version newer than the task's last export.",
      '`version`: see *Versions* above.',
    ].join('\n\n'),
    params: { id: taskIdParam },
    body: {
      schema: patchTaskSchema,
      example: { name: 'Лента, неделя 49', items: [{ ma: '0031000', gm: 'GM-77005', name: 'Молоко 3,2%', minQty: 12, step: 6 }], syncMapping: true, version: 3 },
      pipe: {
        invalid: [
          { name: '  ' },
          { name: 'я'.repeat(LIMITS.taskNameMax + 1) },
          { items: [{ minQty: 2.5 }] },
          { items: [{ ma: 'a' }, { ma: 'b', minQty: '=1+1' }] },
          { items: [{ ma: {} }] },
          { items: ['строка'] },
          { version: 0 },
          { profileId: 'общие' },
          { priceListId: 'молоко' },
        ],
      },
    },
    answers: [{ status: 200, description: 'the saved task and `mappingSynced`', json: R.PatchTaskResponse }],
    errors: {
      400: [ERR.itemField('{row}', '{column}', '{reason}'), ERR.invalidField('profileId', ERR.noSuchProfile), ERR.invalidField('priceListId', PRICE_LIST_ERR.noSuchList)],
      409: [ERR.taskChanged],
    },
  },
  {
    method: 'delete',
    path: '/api/tasks/{id}',
    tag: 'tasks',
    summary: 'Delete a task with its files and exports',
    params: { id: taskIdParam },
    answers: [{ status: 204, description: 'deleted; its objects are removed from the storage' }],
  },
];
