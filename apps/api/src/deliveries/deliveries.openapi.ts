import { z } from 'zod';
import { BATCH_ERR, DELIVERY_ERR, DELIVERY_LIMITS, DELIVERY_UI, ERR } from '@app/contracts';
import { mailTestSchema, putDeliverySchema, sendExportSchema } from '@app/contracts/delivery.schemas';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { placeholder, taskIdParam, type RouteDoc } from '../openapi/route-doc';

const exportIdParam = { schema: idParamSchema, description: "the export's id (`X-Export-Id`, or an id of the history)", notFound: ERR.exportNotFound };
const batchIdParam = { schema: idParamSchema, description: "the batch's id", notFound: BATCH_ERR.notFound };

export const DELIVERY_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/tasks/{id}/delivery',
    tag: 'mail',
    summary: `«${DELIVERY_UI.card}»: the task's recipients and message`,
    description: '`settings` is null until recipients are set; `defaults` are the templates a new card starts from.',
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the settings', json: R.DeliverySettingsResponse }],
  },
  {
    method: 'put',
    path: '/api/tasks/{id}/delivery',
    tag: 'mail',
    summary: `«${DELIVERY_UI.card}»: set the task's recipients and message`,
    description: [
      `\`to\`: ${DELIVERY_LIMITS.toMin}–${DELIVERY_LIMITS.toMax} addresses, \`cc\`: up to ${DELIVERY_LIMITS.ccMax}; each once, the domain lower-cased. A wrong address is named in the 400.`,
      '`subject` (one line) and `body` are templates: `{task}`, `{date}` (the export\'s day), `{priceList}`, `{version}` (the library list and its version\'s day, or the own price file and its upload day); left out or empty: the default. A placeholder that does not exist, or a line break in the subject (a header injection), is refused.',
      '`auto`: send after every export a batch makes (one a user started, or one a price list started by itself).',
    ].join('\n\n'),
    params: { id: taskIdParam },
    body: {
      schema: putDeliverySchema,
      example: { to: ['category.manager@chain.example'], cc: ['sales@example.com'], subject: '{task} — {date}', body: 'Здравствуйте!\n\nВо вложении файл «{task}» от {date}.\n', auto: true },
      pipe: {
        invalid: [
          { to: [] },
          { to: ['manager@chain', 'not an address'] },
          { to: ['a@chain.example'], subject: '{task} {week}' },
          { to: ['a@chain.example'], subject: 'Выгрузка\r\nBcc: all@example.com' },
        ],
      },
    },
    answers: [{ status: 200, description: 'the saved settings', json: R.DeliverySettingsResponse }],
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/deliveries',
    tag: 'mail',
    summary: `«${DELIVERY_UI.log}»: who sent which file to whom, when, and the server's reply`,
    description: 'The newest 100 messages of the task\'s exports, newest first.',
    params: { id: taskIdParam },
    answers: [{ status: 200, description: 'the log', json: z.array(R.Delivery) }],
  },
  {
    method: 'post',
    path: '/api/exports/{id}/send',
    tag: 'mail',
    summary: `«${DELIVERY_UI.send}»: e-mail an export to its task's recipients`,
    description: [
      "One message to the task's recipients as they are now, the stored export attached as `<task> — <DD.MM.YYYY>.xlsx`. Answers at once; a worker sends it. The row is written before anything is sent and the message keeps its Message-ID on every attempt, so it goes out once whatever happens meanwhile (a worker killed, the mail server away, Redis wiped).",
      'A temporary failure (a timeout, a refused connection, a 4xx reply) is tried 5 more times with growing pauses; a permanent one (a 5xx reply) fails at once with the server\'s reply; a file over `MAIL_MAX_MB` fails with its size.',
      'The same file to the same recipients again: 409 with when it was sent, unless `resend: true`; still on its way: that message again (202).',
    ].join('\n\n'),
    params: { id: exportIdParam },
    body: { schema: sendExportSchema, example: { resend: true }, pipe: { invalid: [{ resend: 'yes' }] } },
    answers: [{ status: 202, description: 'the message, queued', json: R.Delivery }],
    errors: { 409: [DELIVERY_ERR.alreadySent(placeholder('DD.MM.YYYY HH:MM')), DELIVERY_ERR.noRecipients, DELIVERY_ERR.exportNotReady] },
  },
  {
    method: 'post',
    path: '/api/batches/{id}/send',
    tag: 'mail',
    summary: `«${DELIVERY_UI.sendAll}»: e-mail every file of a finished batch`,
    description: "Each made file not yet sent (nor on its way) to its task's current recipients is queued; tasks without recipients are counted.",
    params: { id: batchIdParam },
    answers: [{ status: 202, description: 'what was queued', json: R.BatchSendResponse }],
    errors: { 409: [DELIVERY_ERR.batchRunning, DELIVERY_ERR.batchNotGenerate] },
  },
  {
    method: 'post',
    path: '/api/admin/mail/test',
    tag: 'mail',
    summary: 'A test message, sent now',
    description: 'Through `SMTP_URL` (or, without it, into the outbox `DATA_DIR/outbox/`); answers the server\'s reply, or 502 with why it failed. Recorded in the journal.',
    body: { schema: mailTestSchema, example: { to: 'admin@example.com' }, pipe: { invalid: [{ to: 'admin' }] } },
    answers: [{ status: 200, description: "the server's reply", json: R.MailTestResponse }],
    errors: { 502: [DELIVERY_ERR.testFailed('{reason}')] },
  },
];
