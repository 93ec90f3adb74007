import { z } from 'zod';
import { ERR, PRICE_LIST_ERR, SOURCE_FIELD_ERR, SOURCE_RUN_TEXT, SOURCE_RUNS_SHOWN } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { putSourceSchema } from '@app/contracts/source.schemas';
import type { PathParam, RouteDoc } from '../openapi/route-doc';

const id: PathParam = { schema: idParamSchema, description: "the price list's id", notFound: PRICE_LIST_ERR.notFound };
const urlExample = { kind: 'url', url: 'https://supplier.example.ru/prices/latest.xlsx', login: 'shop', password: 'секрет', everyMinutes: 30 };
const mailboxExample = { kind: 'mailbox', host: 'imap.example.ru', port: 993, tls: true, login: 'prices@shop.ru', password: 'секрет', folder: 'INBOX', from: '@supplier.ru', subjectContains: 'прайс', fileName: '*.xlsx', processedFolder: 'Обработано', cron: '0 9 * * 1-5', timezone: 'Europe/Moscow' };

/** A price list's source (DESIGN §16). */
export const PRICE_SOURCE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/price-lists/{id}/source',
    tag: 'priceSources',
    summary: "The list's source, its schedule and next poll",
    description: 'Secrets are never answered: `hasPassword` and `hasToken` say whether there are any.',
    params: { id },
    answers: [{ status: 200, description: 'the source', json: R.PriceListSource }],
    errors: { 404: [SOURCE_FIELD_ERR.noSource] },
  },
  {
    method: 'put',
    path: '/api/price-lists/{id}/source',
    tag: 'priceSources',
    summary: 'Set the list’s source: an http(s) address or an IMAP mailbox, and its schedule',
    description:
      "`url`: basic auth (`login`, `password`) or a bearer `token`; fetched with If-None-Match / If-Modified-Since (a 304, or a file equal to the newest version, is `unchanged`), at most 5 redirects, 60 s and the upload limit; loopback, link-local and this server's own addresses are refused unless SOURCE_ALLOW_PRIVATE. `mailbox`: `host`, `port`, `tls` (default true), `login`, `password`, `folder` (INBOX), filters `from` (an address or `@domain`), `subjectContains`, `fileName` (a glob such as `*.xlsx`); each new matching message's first matching attachment becomes a version, the message is marked seen and moved to `processedFolder` when set, and never taken twice. Schedule: `everyMinutes` (5–1440) or `cron` (five fields) in `timezone` (default Europe/Moscow); neither: only `Проверить сейчас` polls. A secret left out keeps the stored one, null removes it; secrets are stored encrypted with SECRETS_KEY.",
    params: { id },
    body: {
      schema: putSourceSchema,
      example: urlExample,
      pipe: { invalid: [{ kind: 'ftp' }, { kind: 'url' }, { kind: 'url', url: 'ftp://x' }, { kind: 'url', url: 'https://user:pw@x.ru/p.xlsx' }, { kind: 'mailbox', host: 'imap.x.ru' }, { kind: 'url', url: 'https://x.ru/p.xlsx', everyMinutes: 1 }, { kind: 'url', url: 'https://x.ru/p.xlsx', cron: 'каждый день' }, { ...mailboxExample, from: 'кто-то' }] },
    },
    answers: [{ status: 200, description: 'the source as stored (no secrets)', json: R.PriceListSource }],
    errors: { 400: [SOURCE_FIELD_ERR.secretsKeyMissing, SOURCE_RUN_TEXT.secretsUnreadable, ERR.invalidField('cron', SOURCE_FIELD_ERR.cron)], 503: [ERR.queueUnavailable] },
  },
  {
    method: 'delete',
    path: '/api/price-lists/{id}/source',
    tag: 'priceSources',
    summary: 'Remove the list’s source and its schedule (its runs stay)',
    params: { id },
    answers: [{ status: 204, description: 'removed' }],
    errors: { 404: [SOURCE_FIELD_ERR.noSource], 503: [ERR.queueUnavailable] },
  },
  {
    method: 'post',
    path: '/api/price-lists/{id}/source/test',
    tag: 'priceSources',
    summary: 'Проверить подключение: try the connection, make no version',
    description: 'With a body (the fields of PUT; a secret left out: the stored one), those settings; without one, the stored source. The answer says in Russian what worked or why not, and names the files the source would give.',
    params: { id },
    body: { schema: putSourceSchema, example: mailboxExample },
    answers: [{ status: 200, description: 'whether it works, and the files it sees', json: R.SourceTestResult }],
    errors: { 400: [SOURCE_FIELD_ERR.secretsKeyMissing], 404: [SOURCE_FIELD_ERR.noSource] },
  },
  {
    method: 'post',
    path: '/api/price-lists/{id}/source/run',
    tag: 'priceSources',
    summary: 'Проверить сейчас: poll the source now',
    description: 'Queued at once; the poll shows in the runs when it ends (a poll already under way for the list makes this one end without a second fetch).',
    params: { id },
    answers: [{ status: 202, description: 'queued', json: z.object({}) }],
    errors: { 404: [SOURCE_FIELD_ERR.noSource], 503: [ERR.queueUnavailable] },
  },
  {
    method: 'get',
    path: '/api/price-lists/{id}/source/runs',
    tag: 'priceSources',
    summary: `The newest ${SOURCE_RUNS_SHOWN} polls of the source`,
    description: '`outcome`: `new-version` (it became current), `unchanged`, `held` (the guard stopped it), `failed` (the message says why, in Russian); null while it runs.',
    params: { id },
    answers: [{ status: 200, description: 'the runs, newest first', json: z.array(R.SourceRun) }],
  },
];
