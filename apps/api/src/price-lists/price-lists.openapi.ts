import { z } from 'zod';
import { CSV_MIME, ENGINE_ERR, ERR, LIMITS, PRICE_LIST_ERR, XLSX_MIME } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { createPriceListSchema, patchPriceListSchema } from '@app/contracts/price-list.schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { placeholder, type PathParam, type RouteDoc } from '../openapi/route-doc';

const id: PathParam = { schema: idParamSchema, description: "the price list's id", notFound: PRICE_LIST_ERR.notFound };
const versionId: PathParam = { schema: idParamSchema, description: "the version's id", notFound: PRICE_LIST_ERR.versionNotFound };
const version = { id, versionId };

export const PRICE_LIST_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/price-lists',
    tag: 'priceLists',
    summary: 'Every price list of the library, by name',
    description: 'Each with its current (newest) version, how many tasks follow it and how many of those are stale.',
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
    summary: 'Rename a price list',
    description: 'Names are unique regardless of case. `version`: the list\'s `version` the rename was made from; when another is stored (renamed or given a version meanwhile) the rename is refused with 409.',
    params: { id },
    body: { schema: patchPriceListSchema, example: { name: 'Поставщик «Молоко», опт', version: 3 }, pipe: { invalid: [{ name: '' }, { version: 0 }] } },
    answers: [{ status: 200, description: 'the renamed list', json: R.PriceList }],
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
  {
    method: 'post',
    path: '/api/price-lists/{id}/versions',
    tag: 'priceLists',
    summary: 'Upload a new version: it becomes the current one',
    description:
      "Checked as a task's price upload is: an .xlsx workbook or a CSV (UTF-8 or Windows-1251, `;`, `,` or tab), judged by its content. The answer names the tasks that follow the list: they are stale until exported again. The version's `rows` is null in the answer: a worker counts them right after.",
    params: { id },
    body: { multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'the price list (.xlsx or CSV)' } }, required: ['file'] } },
    answers: [{ status: 201, description: 'the new version and the following tasks', json: R.AddPriceVersionResponse }],
    errors: {
      400: [ERR.noFile],
      413: [(config) => ERR.fileTooLarge(config.UPLOAD_MAX_MB)],
      422: [ERR.fileEmpty, ERR.fileXls, ERR.fileEncrypted, ERR.fileTruncated, ERR.fileNotZip, ERR.fileNotWorkbook, ERR.fileZipBomb, ERR.priceNotTable, ERR.csvNotText, ERR.csvNoRows],
      503: [ERR.storageUnavailable],
    },
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/versions',
    tag: 'priceLists',
    summary: "The list's versions, newest (current) first",
    description:
      'Housekeeping keeps every version an export in the history used, and at least the newest ' +
      LIMITS.priceListVersionsKept +
      '. A version whose `rows` is still null (uploaded before rows were counted, or its count was lost) has its count queued again by this call; ask again a moment later.',
    params: { id },
    answers: [{ status: 200, description: 'the versions', json: z.array(R.PriceListVersion) }],
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/versions/{versionId}/file',
    tag: 'priceLists',
    summary: 'Download a version as uploaded',
    params: version,
    answers: [
      {
        status: 200,
        description: 'the file under its original name; a CSV as `text/csv` (judged by its content)',
        media: [XLSX_MIME, CSV_MIME],
        headers: { 'Content-Disposition': 'attachment, with the original file name' },
      },
    ],
    errors: { 503: [ERR.storageUnavailable] },
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/versions/{versionId}/columns',
    tag: 'priceLists',
    summary: "A version's header row and columns (for the column picker)",
    description: "As a task's price columns: read by a worker and cached per version.",
    params: version,
    answers: [{ status: 200, description: 'the columns', json: R.FileColumns }],
    errors: { 422: [ENGINE_ERR.inFile('price', ENGINE_ERR.xmlInvalid('xl/worksheets/sheet1.xml'))], 500: [ERR.generateFailed], 503: [ERR.queueUnavailable, ERR.storageUnavailable], 504: [ERR.generateTimeout] },
  },
];
