import { DEFAULT_PROFILE_NAME } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { mappingSchema } from '@app/contracts/schemas';
import type { RouteDoc } from '../openapi/route-doc';

export const MAPPING_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/mappings/global',
    tag: 'rules',
    summary: `The default profile's rules («${DEFAULT_PROFILE_NAME}»)`,
    answers: [{ status: 200, description: 'the rules', json: R.Mapping }],
  },
  {
    method: 'put',
    path: '/api/mappings/global',
    tag: 'rules',
    summary: "Save the default profile's rules",
    description:
      'A part left out keeps its value. Column numbers: 1 = column A, whole numbers 0–16384 as numbers or digit strings; 0 leaves a field untransferred (or a key column to be detected); price pairs with a 0 are dropped.',
    body: {
      schema: mappingSchema,
      example: { manualMapping: { ma: 1, gm: 2, name: 3, minQty: 4, step: 5 }, priceToTemplate: { '6': 7 }, priceKeys: { ma: 2, gm: 0 } },
      pipe: { invalid: [{ manualMapping: { ma: -5 } }, { priceToTemplate: { F: 7 } }] },
    },
    answers: [{ status: 200, description: 'the saved rules', json: R.Mapping }],
  },
];
