import { z } from 'zod';
import { LIMITS, PRICE_LIST_ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { createPriceListSchema, patchPriceListSchema } from '@app/contracts/price-list.schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { placeholder, type PathParam, type RouteDoc } from '../openapi/route-doc';

const id: PathParam = { schema: idParamSchema, description: "the price list's id", notFound: PRICE_LIST_ERR.notFound };

export const PRICE_LIST_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/price-lists',
    tag: 'priceLists',
    summary: 'Every price list of the library, by name',
    description: 'Each with its current version, how many tasks follow it, how many of those are stale, how many versions wait for a decision, and its own settings (DESIGN §16).',
    answers: [{ status: 200, description: 'the price lists', json: z.array(R.PriceList) }],
  },
  {
    method: 'post',
    path: '/api/price-lists',
    tag: 'priceLists',
    summary: 'Create a price list (no versions yet)',
    body: { schema: createPriceListSchema, example: { name: 'Поставщик «Молоко»' }, pipe: { invalid: [{ name: '  ' }, { name: 'я'.repeat(LIMITS.priceListNameMax + 1) }] } },
    answers: [{ status: 201, description: 'the new list', json: R.PriceList }],
    errors: { 409: [PRICE_LIST_ERR.nameTaken] },
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}',
    tag: 'priceLists',
    summary: 'One price list',
    params: { id },
    answers: [{ status: 200, description: 'the list', json: R.PriceList }],
  },
  {
    method: 'patch',
    path: '/api/price-lists/{id}',
    tag: 'priceLists',
    summary: "Rename a price list, or change its own settings",
    description:
      "Names are unique regardless of case. `onNewVersion`: when a version becomes current, nothing (`none`), or a batch of `check` or `generate` over the tasks that follow the list, started by the built-in user Автоматически; `deliver`: that batch sends each export to its task's recipients. `compare`: the key (MA and/or GM) and value columns versions are compared by, with the headers they were chosen by (null: what the following tasks' rules use, found anew for each comparison); `guard`: the thresholds that hold a new version (a part left out keeps its value). `version`: the list's `version` the change was made from; when another is stored (changed or given a version meanwhile) the change is refused with 409.",
    params: { id },
    body: {
      schema: patchPriceListSchema,
      example: { version: 3, onNewVersion: 'generate', deliver: true, compare: { keyColumns: { ma: 2, gm: 3 }, valueColumns: [6], headers: { '6': 'Цена с НДС' } }, guard: { maxRowDropPct: 20 } },
      pipe: { invalid: [{ name: '' }, { version: 0 }, { onNewVersion: 'always' }, { compare: { keyColumns: { ma: 0, gm: 0 }, valueColumns: [] } }, { guard: { maxJumpPct: 5 } }] },
    },
    answers: [{ status: 200, description: 'the list as changed', json: R.PriceList }],
    errors: { 409: [PRICE_LIST_ERR.nameTaken, PRICE_LIST_ERR.changed] },
  },
  {
    method: 'delete',
    path: '/api/price-lists/{id}',
    tag: 'priceLists',
    summary: 'Delete a price list with its versions',
    description: 'Refused while tasks follow it (move them to their own file or another list first). Its files are removed from the storage once no job can still be reading them.',
    params: { id },
    answers: [{ status: 204, description: 'deleted' }],
    errors: { 409: [PRICE_LIST_ERR.inUse(placeholder('tasks'))] },
  },
];
