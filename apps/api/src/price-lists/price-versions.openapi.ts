import { z } from 'zod';
import { CSV_MIME, DIFF_LIST_MAX, ENGINE_ERR, ERR, LIMITS, PRICE_LIST_ERR, XLSX_MIME } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import type { PathParam, RouteDoc } from '../openapi/route-doc';

const id: PathParam = { schema: idParamSchema, description: "the price list's id", notFound: PRICE_LIST_ERR.notFound };
const versionId: PathParam = { schema: idParamSchema, description: "the version's id", notFound: PRICE_LIST_ERR.versionNotFound };
const version = { id, versionId };

/** A price list's versions (DESIGN §12, §16): uploads, files, columns, comparisons and decisions. */
export const PRICE_VERSION_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/price-lists/{id}/versions',
    tag: 'priceLists',
    summary: 'Upload a new version: compared with the current one, then current or held',
    description:
      "Checked as a task's price upload is: an .xlsx workbook or a CSV (UTF-8 or Windows-1251, `;`, `,` or tab), judged by its content. A list's first version is current at once; a later one is compared with the current one by a worker (the answer waits, as generate waits for its export) and answered with its final `status`: `current` (the tasks that follow the list, named in the answer, are stale until exported again; the list's run by itself starts), or `held` with its `holdReasons` (nothing changes until it is accepted). A comparison still running when the wait runs out answers `pending`; it goes on. The version's `rows` is null in the answer: a worker counts them right after.",
    params: { id },
    body: { multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'the price list (.xlsx or CSV)' } }, required: ['file'] } },
    answers: [{ status: 201, description: 'the new version and the following tasks', json: R.AddPriceVersionResponse }],
    errors: {
      400: [ERR.noFile],
      413: [(config) => ERR.fileTooLarge(config.UPLOAD_MAX_MB)],
      422: [
        ERR.fileEmpty,
        ERR.fileXls,
        ERR.fileEncrypted,
        ERR.fileTruncated,
        ERR.fileNotZip,
        ERR.fileNotWorkbook,
        ERR.fileZipBomb,
        ERR.priceNotTable,
        ERR.csvNotText,
        ERR.csvNoRows,
        ENGINE_ERR.cellOutOfSheet('XFE1'),
        ENGINE_ERR.xmlDoctype('xl/sharedStrings.xml'),
        ENGINE_ERR.zipNameRepeated('xl/worksheets/sheet1.xml'),
      ],
      503: [ERR.storageUnavailable],
    },
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/versions',
    tag: 'priceLists',
    summary: "The list's versions, newest first (each with its status)",
    description:
      'Housekeeping keeps every version an export in the history used, and at least the newest ' +
      LIMITS.priceListVersionsKept +
      ', the current, pending and held ones; a rejected one 30 days. A version whose `rows` is still null (uploaded before rows were counted, or its count was lost) has its count queued again by this call; ask again a moment later.',
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
  {
    method: 'get',
    path: '/api/price-lists/{id}/versions/{versionId}/diff',
    tag: 'priceLists',
    summary: 'A version compared with the one current before it',
    description:
      'Rows before and after, codes added and removed, values changed (old → new, and the change in %), header changes among the compared columns, and what the guard judged by. The lists hold the first ' +
      DIFF_LIST_MAX +
      ' entries; the totals count all (`…/diff.xlsx` has every change).',
    params: version,
    answers: [{ status: 200, description: 'the comparison', json: R.PriceListDiff }],
    errors: { 404: [PRICE_LIST_ERR.notCompared] },
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/versions/{versionId}/diff.xlsx',
    tag: 'priceLists',
    summary: 'Every change of the comparison, as a workbook',
    description: 'One row per changed value (code, column, was, now, Δ %), and sheets of the codes added and removed.',
    params: version,
    answers: [{ status: 200, description: 'diff.xlsx', media: [XLSX_MIME], headers: { 'Content-Disposition': 'attachment; filename="diff.xlsx"' } }],
    errors: { 404: [PRICE_LIST_ERR.notCompared] },
  },
  {
    method: 'post',
    path: '/api/price-lists/{id}/versions/{versionId}/accept',
    tag: 'priceLists',
    summary: 'Принять: a held version becomes the current one',
    description: "The version current until now becomes old; the tasks that follow the list are stale, and the list's run by itself starts.",
    params: version,
    answers: [{ status: 200, description: 'the version, now current', json: R.PriceListVersion }],
    errors: { 409: [PRICE_LIST_ERR.notHeld] },
  },
  {
    method: 'post',
    path: '/api/price-lists/{id}/versions/{versionId}/reject',
    tag: 'priceLists',
    summary: 'Отклонить: a held version is never used',
    description: 'It is kept 30 days (its file and comparison can still be read), then removed by housekeeping.',
    params: version,
    answers: [{ status: 200, description: 'the version, now rejected', json: R.PriceListVersion }],
    errors: { 409: [PRICE_LIST_ERR.notHeld] },
  },
];
