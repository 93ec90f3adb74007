import { z } from 'zod';
import { DELIVERY_UI, PRICE_LIST_ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import type { PathParam, RouteDoc } from '../openapi/route-doc';

const listId: PathParam = { schema: idParamSchema, description: "the price list's id", notFound: PRICE_LIST_ERR.notFound };
const TOLD = 'when one of its versions is held, its source fails 3 polls in a row, or a batch it started by itself ends (to the address on the user\'s account)';

export const FOLLOW_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/follows',
    tag: 'mail',
    summary: 'The price lists the signed-in user follows',
    answers: [{ status: 200, description: 'by name', json: z.array(R.FollowedList) }],
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/follow',
    tag: 'mail',
    summary: `«${DELIVERY_UI.follow}»: whether the signed-in user follows the list`,
    params: { id: listId },
    answers: [{ status: 200, description: 'following or not', json: R.FollowState }],
  },
  {
    method: 'put',
    path: '/api/price-lists/{id}/follow',
    tag: 'mail',
    summary: `«${DELIVERY_UI.follow}»: follow the list`,
    description: `The user is then told ${TOLD}. Following twice is following.`,
    params: { id: listId },
    answers: [{ status: 200, description: 'following', json: R.FollowState }],
  },
  {
    method: 'delete',
    path: '/api/price-lists/{id}/follow',
    tag: 'mail',
    summary: `«${DELIVERY_UI.unfollow}»: stop following the list`,
    params: { id: listId },
    answers: [{ status: 200, description: 'not following', json: R.FollowState }],
  },
];
