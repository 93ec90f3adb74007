import { CSV_MIME, ENGINE_ERR, ERR, LIMITS, XLSX_MIME } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { fileKindParam, taskIdParam, type RouteDoc } from '../openapi/route-doc';

const params = { id: taskIdParam, kind: fileKindParam };

export const FILE_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/tasks/{id}/upload/{kind}',
    tag: 'files',
    summary: "Upload the task's price list or template",
    description: [
      'The file is checked by its content, not its name: an .xlsx workbook, or for a price list also a CSV (UTF-8 or Windows-1251, `;`, `,` or tab). A refused file leaves the previous one in place.',
      "`headerChanges` is the template guard on the new file: each column whose header the task's profile remembers and that now reads otherwise (`[]` when it remembers none there, or the guard could not run).",
    ].join('\n\n'),
    params,
    body: {
      multipart: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary', description: 'the workbook (or CSV price list)' } },
        required: ['file'],
      },
    },
    answers: [{ status: 200, description: 'the task with its new file, and what the guard found', json: R.UploadResponse }],
    errors: {
      400: [ERR.noFile],
      413: [(config) => ERR.fileTooLarge(config.UPLOAD_MAX_MB)],
      503: [ERR.storageUnavailable],
      422: [
        ERR.fileEmpty,
        ERR.fileXls,
        ERR.fileEncrypted,
        ERR.fileTruncated,
        ERR.fileNotZip,
        ERR.fileNotWorkbook,
        ERR.fileZipBomb,
        ERR.fileText,
        ERR.priceNotTable,
        ERR.csvNotText,
        ERR.csvNoRows,
        ENGINE_ERR.sheetTooLarge('Данные', 41, LIMITS.templateSheetMaxMb),
        ENGINE_ERR.cellOutOfSheet('XFE1'),
        ENGINE_ERR.xmlDoctype('xl/worksheets/sheet1.xml'),
        ENGINE_ERR.zipOverlap,
        ENGINE_ERR.cellTooLong('D2', 'Данные', 40_000),
      ],
    },
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/files/{kind}',
    tag: 'files',
    summary: 'Download the uploaded original',
    params,
    answers: [
      {
        status: 200,
        description: 'the file as uploaded, under its original name; a CSV price list as `text/csv` (judged by its content)',
        media: [XLSX_MIME, CSV_MIME],
        headers: { 'Content-Disposition': 'attachment, with the original file name' },
      },
    ],
    errors: { 404: [ERR.fileNotFound], 503: [ERR.storageUnavailable] },
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/files/{kind}/columns',
    tag: 'files',
    summary: "A file's header row and columns (for the column picker)",
    description:
      "The sheet the export uses (`''` for a CSV), the header row found (0 when none), and each column with its header (merged group titles joined in front: `Цены поставщика / Цена с НДС`) and up to three values below it. Read by a worker and cached per uploaded file, so only the first call waits for the queue.",
    params,
    answers: [{ status: 200, description: 'the columns', json: R.FileColumns }],
    errors: {
      404: [ERR.fileNotFound],
      422: [
        ENGINE_ERR.inFile('price', ENGINE_ERR.xmlInvalid('xl/worksheets/sheet1.xml')),
        ENGINE_ERR.inFile('template', ENGINE_ERR.noSheets),
        ENGINE_ERR.inFile('price', ENGINE_ERR.cellOutOfSheet('ZZZZZZZ1')),
      ],
      500: [ERR.generateFailed],
      503: [ERR.queueUnavailable, ERR.storageUnavailable],
      504: [ERR.generateTimeout],
    },
  },
];
