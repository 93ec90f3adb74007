import { z } from 'zod';
import { DEFAULT_PROFILE_NAME, ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { createProfileSchema, idParamSchema, updateProfileSchema } from '@app/contracts/schemas';
import type { PathParam, RouteDoc } from '../openapi/route-doc';

const profileId: PathParam = { schema: idParamSchema, description: "the profile's id", notFound: ERR.profileNotFound };

export const PROFILE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/profiles',
    tag: 'rules',
    summary: `Every rule profile: the default «${DEFAULT_PROFILE_NAME}» first, then by name`,
    answers: [{ status: 200, description: 'the profiles', json: z.array(R.RuleProfile) }],
  },
  {
    method: 'post',
    path: '/api/profiles',
    tag: 'rules',
    summary: 'Create a profile',
    description: "A copy of `copyFrom`'s rules and remembered headers, else no rules.",
    body: {
      schema: createProfileSchema,
      example: { name: 'Лента', copyFrom: null },
      pipe: { invalid: [{ name: '  ' }, { name: 'я'.repeat(101) }, { name: 'Лента', copyFrom: 'общие' }] },
    },
    answers: [{ status: 201, description: 'the new profile', json: R.RuleProfile }],
    errors: { 400: [ERR.invalidField('copyFrom', ERR.noSuchProfile)], 409: [ERR.profileNameTaken] },
  },
  {
    method: 'get',
    path: '/api/profiles/{id}',
    tag: 'rules',
    summary: 'One profile',
    params: { id: profileId },
    answers: [{ status: 200, description: 'the profile', json: R.RuleProfile }],
  },
  {
    method: 'put',
    path: '/api/profiles/{id}',
    tag: 'rules',
    summary: "Save a profile's name, rules or remembered headers",
    description:
      "A part left out keeps its value. `headers` are the headers the rules were made against, by column number (`{\"6\": \"Цена с НДС\"}`); an empty text forgets that column. Tasks keep their copies until they copy the profile again (`syncMapping`). `version`: see *Versions* above (a rename alone does not raise it).",
    params: { id: profileId },
    body: {
      schema: updateProfileSchema,
      example: { name: 'Лента', priceToTemplate: { '6': 7 }, headers: { template: { '7': 'Цена с НДС' } }, version: 4 },
      pipe: { invalid: [{ headers: { template: { F: 'Цена' } } }, { priceKeys: { ma: 'B' } }, { version: 0 }] },
    },
    answers: [{ status: 200, description: 'the saved profile', json: R.RuleProfile }],
    errors: { 409: [ERR.profileNameTaken, ERR.defaultProfileRename, ERR.profileChanged] },
  },
  {
    method: 'delete',
    path: '/api/profiles/{id}',
    tag: 'rules',
    summary: 'Delete a profile',
    description: 'Its tasks move to the default profile in the same transaction; their copies of the rules stay as they are.',
    params: { id: profileId },
    answers: [{ status: 204, description: 'deleted' }],
    errors: { 409: [ERR.defaultProfileDelete] },
  },
];
