import { z } from 'zod';
import { ENGINE_ERR, ERR, EXPORT_HEADERS, LIMITS, UI, XLSX_MIME } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { taskIdParam, type RouteDoc } from '../openapi/route-doc';

/** What generate and check answer alike for a task that is not ready, or a workbook the engine refuses. */
export const NOT_READY_ERRORS = {
  409: [ERR.noPrice, ERR.noTemplate, ERR.noItems],
  422: [
    ENGINE_ERR.inFile('price', ERR.fileEncrypted),
    ENGINE_ERR.inFile('template', ENGINE_ERR.sheetEmpty('Данные')),
    ENGINE_ERR.inFile('template', ENGINE_ERR.columnTooLarge(20000, LIMITS.columnMax)),
    ENGINE_ERR.inFile('template', ENGINE_ERR.sheetTooLarge('Данные', 41, LIMITS.templateSheetMaxMb)),
    ENGINE_ERR.inFile('template', ENGINE_ERR.noRoomForItems(5, 13)),
    ENGINE_ERR.inFile('template', ENGINE_ERR.xmlDoctype('xl/worksheets/sheet1.xml')),
    ENGINE_ERR.inFile('template', ENGINE_ERR.zipOverlap),
    ENGINE_ERR.inFile('price', ENGINE_ERR.cellOutOfSheet('XFE1')),
  ],
  // Storage known down (its last call or health probe failed in the last 10 s): at once, nothing queued.
  503: [ERR.queueUnavailable, ERR.storageUnavailable],
};

const xlsxFile = { 'Content-Disposition': `attachment; filename="export.xlsx"` };

export const EXPORT_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/tasks/{id}/generate',
    tag: 'exports',
    summary: `«${UI.generate}»: make export.xlsx and download it`,
    description:
      "Records an export in the task's history, queues it for a worker and waits for the file (at most `GENERATE_TIMEOUT_MS`). A timeout answers 504 but the export goes on and lands in the history; while the database or the storage is down it answers 503 instead (try again later). While the storage is known to be down (a call or health probe failed in the last 10 s) it answers 503 at once and records nothing. The engine's 422 names the file it refuses and why (examples below).",
    params: { id: taskIdParam },
    answers: [
      {
        status: 200,
        description: 'the filled template',
        media: [XLSX_MIME],
        headers: {
          ...xlsxFile,
          [EXPORT_HEADERS.id]: "the export's id in the history",
          [EXPORT_HEADERS.rows]: 'rows written (one per item)',
          [EXPORT_HEADERS.matched]: 'items found in the price list',
          [EXPORT_HEADERS.unmatched]: 'items not found',
          [EXPORT_HEADERS.warnings]: "the file's warnings: the check's plus the template layout's (what the toast tells)",
        },
      },
    ],
    errors: { 404: [ERR.taskNotFound], ...NOT_READY_ERRORS, 500: [ERR.generateFailed], 504: [ERR.generateTimeout] },
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/exports',
    tag: 'exports',
    summary: "The task's export history, newest first",
    description: 'Each finished export carries its `changes` against the export before it: exact counts, at most 200 entries per list; null for the first.',
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the history', json: z.array(R.ExportRecord) }],
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/exports/latest/file',
    tag: 'exports',
    summary: "The task's newest finished export (for scripts)",
    description: 'The file of the newest export that ended `done`; a failed or unfinished one after it is passed over.',
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the file as it was made', media: [XLSX_MIME], headers: { ...xlsxFile, [EXPORT_HEADERS.id]: "the export's id" } }],
    errors: { 404: [ERR.exportNotFound], 503: [ERR.storageUnavailable] },
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/exports/{exportId}/file',
    tag: 'exports',
    summary: "An export's file again",
    params: { id: taskIdParam, exportId: { schema: idParamSchema, description: "the export's id (`X-Export-Id`)", notFound: ERR.exportNotFound } },
    answers: [{ status: 200, description: 'the file as it was made', media: [XLSX_MIME], headers: { ...xlsxFile, [EXPORT_HEADERS.id]: "the export's id" } }],
    errors: { 503: [ERR.storageUnavailable] },
  },
];
