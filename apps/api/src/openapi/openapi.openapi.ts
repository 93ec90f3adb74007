import { ERR } from '@app/contracts';
import { z } from 'zod';
import type { RouteDoc } from './route-doc';
import { START_SCRIPT_NAME, VIEWER_FILES } from './docs-page';

/** What a client may rely on of the document; the rest is OpenAPI 3.1 itself. */
const OPENAPI_DOCUMENT = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('an OpenAPI 3.1 document');

export const OPENAPI_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'docs',
    summary: 'This document (OpenAPI 3.1)',
    answers: [{ status: 200, description: 'the document', json: OPENAPI_DOCUMENT }],
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'docs',
    summary: 'The reference page of this document (Swagger UI)',
    answers: [{ status: 200, description: 'the page', media: ['text/html'] }],
  },
  {
    method: 'get',
    path: '/api/docs/{asset}',
    tag: 'docs',
    summary: "The reference page's scripts, styles and icon",
    params: {
      asset: { schema: z.enum([...Object.keys(VIEWER_FILES), START_SCRIPT_NAME]), description: 'a file the page loads', notFound: ERR.notFound },
    },
    answers: [{ status: 200, description: 'the file', media: ['text/javascript', 'text/css', 'image/png'] }],
  },
];
