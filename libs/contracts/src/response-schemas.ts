import { z } from 'zod';
import { AUDIT_ACTIONS, ROLES, type ApiTokenInfo, type AuditPage, type AuthOptions, type CreatedApiToken, type MeResponse, type User } from './auth.contract';
import { CHECK_WARNING_CODES, type CheckResponse } from './check.contract';
import type { FileColumns } from './columns.contract';
import type { ExportRecord } from './export.contract';
import type { HeaderChangesResponse, UploadResponse } from './header-guard';
import type { RuleProfile } from './profile.contract';
import type { Batch, BatchSummary, CreatedBatch } from './batch.contract';
import { HOLD_REASON_CODES, type AddPriceVersionResponse, type CompareSettings, type GuardThresholds, type HoldReason, type PriceList, type PriceListDiff } from './price-list.contract';
import type { ApiError, HealthResponse, Mapping, PatchTaskResponse, Task, TaskSummary } from './task.contract';
import { SOURCE_RUN_OUTCOMES, type PriceListSource, type SourceRun, type SourceRunOutcome, type SourceTestResult } from './source.contract';
import type { BatchSendResponse, Delivery, DeliverySettingsResponse, FollowState, FollowedList, MailTestResponse } from './delivery.contract';

/**
 * The API's answers as zod schemas, for the OpenAPI document (apps/api/src/openapi) and the tests
 * that hold real answers against it. The contracts' interfaces stay the source the web app reads;
 * the checks at the end fail the build when a schema and its interface differ in any field, so a
 * field added to an interface must be added here too. Kept out of the contracts' index: the web
 * app does not bundle zod.
 */

const isoTime = z.iso.datetime().describe('a time, ISO 8601 in UTC');
const id = z.uuid();
const column = z.int().min(0).describe('1 = column A; 0 = none');
const fileKind = z.enum(['price', 'template']);

const item = z.object({ ma: z.string(), gm: z.string(), name: z.string(), minQty: z.int().min(1), step: z.int().min(1) });
const mapping = z.object({
  manualMapping: z.object({ ma: column, gm: column, name: column, minQty: column, step: column }).describe('template column of each typed-in field'),
  priceToTemplate: z.record(z.string(), z.int().min(1)).describe('`{"<price column>": <template column>}`'),
  priceKeys: z.object({ ma: column, gm: column }).describe('the price-list columns holding the codes; 0 = detect'),
});
const storedFile = z.object({ name: z.string(), size: z.int().min(0), uploadedAt: isoTime });
const taskFiles = z.object({ price: storedFile.nullable(), template: storedFile.nullable() });
const auditUser = z.object({ id, login: z.string(), displayName: z.string() });

const compareSettingsRef = z.object({
  keyColumns: z.object({ ma: column, gm: column }).describe('the MA and the GM code columns of the list; at least one is set'),
  valueColumns: z.array(z.int().min(1)).describe('the columns whose values are compared, 1 = column A'),
  headers: z.record(z.string(), z.string()).optional().describe('`{"6": "Цена с НДС"}`: the header each column was chosen by'),
});
const guardThresholdsRef = z.object({
  maxRowDropPct: z.int().min(0).max(100).describe('hold when the rows with a code fell by more than this percentage'),
  maxChangedPct: z.int().min(0).max(100).describe('hold when more than this percentage of the codes in both versions changed a value'),
  maxJumpPct: z.int().min(10).max(1000).describe('a value that rose or fell by more than this percentage is a jump (100: above 2× or below ½); jumps at more than 0.5 % of the codes hold'),
});
const holdReason = z.object({ code: z.enum(HOLD_REASON_CODES as [HoldReason['code'], ...HoldReason['code'][]]), message: z.string().describe('the reason, in Russian') });
const priceListVersion = z.object({
  id,
  priceListId: id,
  name: z.string().describe("the uploaded file's name"),
  size: z.int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  format: z.enum(['xlsx', 'csv']),
  uploadedAt: isoTime,
  uploadedBy: auditUser.nullable(),
  rows: z.int().min(0).nullable().describe('data rows below the header row that hold a value, as the export reads the list; null until a worker has counted them (just after the upload)'),
  status: z
    .enum(['pending', 'current', 'held', 'rejected', 'old'])
    .describe('current: what generate and check read; pending: being compared with the current one; held: stopped by the guard until accepted or rejected; rejected (kept 30 days); old: replaced'),
  origin: z.enum(['upload', 'url', 'mailbox']).describe('uploaded by hand, fetched from the address, or mailed'),
  holdReasons: z.array(holdReason).nullable().describe('why the guard held it; null when it was not held'),
  compared: z.boolean().describe('compared with the version current before it: …/diff and …/diff.xlsx answer'),
  decidedAt: isoTime.nullable(),
  decidedBy: auditUser.nullable().describe('who accepted or rejected it'),
});
const priceList = z.object({
  id,
  name: z.string(),
  createdAt: isoTime,
  createdBy: auditUser.nullable(),
  version: z.int().min(1).describe('raised by each change of the list and by each new version; send it back with a change (409 when it is not the stored one)'),
  current: priceListVersion.nullable().describe('the current version, used by generate and check; null before the first upload'),
  taskCount: z.int().min(0).describe('tasks that follow the list'),
  staleCount: z.int().min(0).describe('of those, the stale ones'),
  heldCount: z.int().min(0).describe('versions held by the guard, waiting for a decision'),
  onNewVersion: z.enum(['none', 'check', 'generate']).describe('when a version becomes current: nothing, or a batch of this action over the tasks that follow the list, started by Автоматически'),
  deliver: z.boolean().describe("that batch sends each export to its task's recipients"),
  compare: compareSettingsRef.nullable().describe("the columns versions are compared by; null: what the tasks' rules use"),
  guard: guardThresholdsRef,
  hasSource: z.boolean().describe('the list has a source (GET …/source)'),
});
const addPriceVersionResponse = z.object({ version: priceListVersion, taskIds: z.array(id).describe('the tasks that follow the list, now stale') });
const taskPriceListRef = z.object({ id, name: z.string(), current: priceListVersion.nullable() });

const diffValue = z.union([z.number(), z.string(), z.null()]).describe('a number, a date as dd.mm.yyyy, a text; null when empty');
const diffChange = z.object({
  code: z.string().describe("the code as the newer version writes it (its MA code, else its GM code)"),
  column: z.int().min(1),
  header: z.string(),
  was: diffValue,
  now: diffValue,
  pct: z.number().nullable().describe('(now − was) / was in percent, one decimal; null unless both are numbers and was is not 0'),
});
const diffHeaderChange = z.object({
  column: z.int().min(1),
  was: z.string().describe('the header expected there: the one the column was chosen by, else the older version\'s'),
  now: z.string().describe("the newer version's header at that column; '' when none"),
  movedTo: z.int().min(1).optional().describe('the one other column holding the expected header: compared there'),
  missing: z.boolean().describe('the header is neither there nor elsewhere: the column is not compared'),
});
const jumpHistogram = z.record(z.string(), z.int().min(1)).describe('codes by their greatest jump: bucket b holds jumps of more than b and at most b + 1 percent; 1000 holds all above');
const priceListDiff = z.object({
  rowsBefore: z.int().min(0).describe('rows with a code below the header, duplicates included'),
  rowsAfter: z.int().min(0),
  added: z.array(z.string()).describe('codes only the newer version has (the first 500)'),
  addedTotal: z.int().min(0),
  removed: z.array(z.string()).describe('codes only the older version had (the first 500)'),
  removedTotal: z.int().min(0),
  changed: z.array(diffChange).describe('changed values, in the newer version\'s order (the first 500)'),
  changedTotal: z.int().min(0),
  headerChanges: z.array(diffHeaderChange),
  matched: z.int().min(0).describe('codes found in both versions'),
  changedCodes: z.int().min(0).describe('of those, the codes with a changed value'),
  duplicates: z.object({ before: z.int().min(0), after: z.int().min(0) }).describe('later rows repeating a code of the same version'),
  jumps: z.object({ up: jumpHistogram, down: jumpHistogram, largestUp: diffChange.nullable(), largestDown: diffChange.nullable() }),
  settings: compareSettingsRef,
});

const priceListSource = z.object({
  kind: z.enum(['url', 'mailbox']),
  url: z.string().nullable().describe('url: the http(s) address'),
  login: z.string().nullable().describe('url: basic auth; mailbox: the IMAP login'),
  hasPassword: z.boolean().describe('a password is stored (encrypted; never answered)'),
  hasToken: z.boolean().describe('url: a bearer token is stored (encrypted; never answered)'),
  host: z.string().nullable(),
  port: z.int().min(1).max(65535).nullable(),
  tls: z.boolean().nullable().describe('mailbox: encrypted connection (default true)'),
  folder: z.string().nullable().describe('mailbox: default INBOX'),
  from: z.string().nullable().describe('mailbox: an address or @domain'),
  subjectContains: z.string().nullable(),
  fileName: z.string().nullable().describe('mailbox: a glob such as *.xlsx'),
  processedFolder: z.string().nullable().describe('mailbox: where a message goes once taken'),
  everyMinutes: z.int().min(5).max(1440).nullable(),
  cron: z.string().nullable().describe('five fields'),
  timezone: z.string().nullable().describe('of cron (default Europe/Moscow)'),
  nextRunAt: isoTime.nullable().describe('when the schedule polls next; null without a schedule'),
  failures: z.int().min(0).describe('polls failed in a row'),
  updatedAt: isoTime,
});
const sourceRun = z.object({
  id,
  startedAt: isoTime,
  finishedAt: isoTime.nullable().describe('null while it runs'),
  outcome: z.enum(SOURCE_RUN_OUTCOMES as [SourceRunOutcome, ...SourceRunOutcome[]]).nullable(),
  message: z.string().nullable().describe('what happened, in Russian'),
  versionId: id.nullable().describe('the version it made'),
});
const sourceTestResult = z.object({
  ok: z.boolean(),
  message: z.string().describe('in Russian'),
  files: z.array(z.object({ name: z.string(), size: z.int().min(0).nullable() })).describe('the files the source would give'),
});

const task = z.object({
  id,
  name: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.int().min(1).describe('raised by each save; send it back with a save (409 when it is not the stored one)'),
  items: z.array(item),
  files: taskFiles,
  mapping: mapping.describe("the task's own copy of its profile's rules"),
  profileId: id,
  priceListId: id.nullable().describe('the library price list the task follows; null: its own price file'),
  priceList: taskPriceListRef.nullable(),
  stale: z.boolean().describe("follows a list whose current version is newer than the one of the task's newest finished export"),
});
const taskSummary = z.object({
  id,
  name: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  files: taskFiles,
  itemCount: z.int().min(0),
  profileId: id.optional().describe('always in the answer'),
  priceListId: id.nullable(),
  stale: z.boolean(),
});
const patchTaskResponse = task.extend({ mappingSynced: z.boolean().describe("true when syncMapping changed the task's copy of the rules") });

const headerChange = z.object({
  file: fileKind,
  column: z.int().min(1),
  now: z.string().describe("the header there now; '' when none"),
  expected: z.string().describe('the header the rule was made for'),
  movedTo: z.int().min(1).optional().describe('the one other column where the remembered header now is'),
});
const uploadResponse = task.extend({ headerChanges: z.array(headerChange) });
const headerChangesResponse = z.object({ changes: z.array(headerChange) });

const profileHeaders = z.object({ template: z.record(z.string(), z.string()), price: z.record(z.string(), z.string()) });
const ruleProfile = mapping.extend({
  id,
  name: z.string(),
  headers: profileHeaders.describe('the headers the rules were made against, by column number'),
  isDefault: z.boolean(),
  version: z.int().min(1).describe('raised by every change of the rules or headers (not by a rename); send it back with a save (409 when it is not the stored one)'),
  createdAt: isoTime,
  updatedAt: isoTime,
});

const fileColumn = z.object({ index: z.int().min(1), letter: z.string(), header: z.string(), samples: z.array(z.string()) });
const fileColumns = z.object({ kind: fileKind, sheet: z.string(), headerRow: z.int().min(0), columns: z.array(fileColumn) });

const cellValue = z.union([z.string(), z.number(), z.boolean()]);
const warningCode = z.enum(CHECK_WARNING_CODES);
const warningCounts = z.partialRecord(warningCode, z.int().min(0));
const checkRow = z.object({
  item: z.int().min(0).describe("0-based index in the task's items"),
  status: z.enum(['found', 'missing']),
  by: z.enum(['ma', 'gm']).nullable(),
  via: z.array(z.enum(['exact', 'leading-zeros', 'case', 'spaces', 'look-alike'])),
  priceRow: z.int().min(1).nullable(),
  cells: z.record(z.string(), cellValue).describe('template column → the value written there'),
});
const checkWarning = z.object({
  code: warningCode,
  item: z.int().min(0).optional(),
  column: z.int().min(1).optional(),
  message: z.string(),
  file: fileKind.optional(),
  movedTo: z.int().min(1).optional(),
});
const exportChanges = z.object({
  since: isoTime,
  added: z.array(z.int().min(0)),
  removed: z.array(z.string()),
  changed: z.array(z.object({ item: z.int().min(0), column: z.int().min(1), from: cellValue.nullable(), to: cellValue.nullable() })),
  lost: z.array(z.int().min(0)),
  counts: z.object({ added: z.int(), removed: z.int(), changed: z.int(), lost: z.int() }).describe('exact; each list holds at most 200'),
});
const checkResponse = z.object({
  columns: z.array(fileColumn.pick({ index: true, letter: true, header: true })),
  rows: z.array(checkRow).describe('the first 500'),
  rowsTotal: z.int().min(0),
  warnings: z.array(checkWarning).describe('at most 200 of each code'),
  warningCounts: warningCounts.describe('exact'),
  missingItems: z.array(z.int().min(0)).describe('every item not found in the price list (0-based, ascending), beyond the rows listed'),
  warnedItems: z.array(z.int().min(0)).describe('every item with a warning (0-based, ascending)'),
  changes: exportChanges.nullable(),
});

const role = z.enum(ROLES).describe('viewer < staff < admin: each may do what the lower ones may');
const user = z.object({
  id,
  login: z.string(),
  displayName: z.string(),
  role,
  disabled: z.boolean(),
  mustChangePassword: z.boolean().describe('a temporary password: every call but /api/auth/* answers 403 until it is changed'),
  createdAt: isoTime,
  lastSignInAt: isoTime.nullable(),
  sso: z.boolean().describe('signs in through single sign-on (it may have no password)'),
  email: z.string().nullable().describe('where notices go; null: none (single sign-on users get the ID token\'s `email`)'),
});
const meResponse = z.object({ user });
const authOptions = z.object({
  sso: z.object({ name: z.string(), url: z.string() }).nullable().describe("single sign-on, when configured: the button's name and where it starts"),
});
const apiTokenInfo = z.object({ id, name: z.string(), createdAt: isoTime, lastUsedAt: isoTime.nullable() });
const createdApiToken = z.object({ id, name: z.string(), token: z.string().describe('`Authorization: Bearer <token>`; shown in this answer only') });
const auditEvent = z.object({
  id: z.string().regex(/^\d+$/).describe('a whole number as text, rising with time'),
  at: isoTime,
  user: auditUser.nullable().describe('null: nobody signed in (a failed sign-in of an unknown login) or the system'),
  action: z.enum(AUDIT_ACTIONS),
  taskId: id.nullable(),
  taskName: z.string().nullable().describe("the task's name now; null when there is no task, or it was deleted"),
  details: z.record(z.string(), z.unknown()).describe('what changed, by action'),
});
const auditPage = z.object({ events: z.array(auditEvent).describe('newest first'), next: z.string().nullable().describe('`cursor` of the following page; null on the last') });

const exportWarning = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tableNotExtended'), table: z.string() }),
  z.object({ kind: z.literal('mergeOverData'), ref: z.string() }),
  headerChange.extend({ kind: z.literal('headerChanged') }),
]);
const exportReport = z.object({
  rows: z.int().min(0),
  matchedByMa: z.int().min(0),
  matchedByGm: z.int().min(0),
  unmatched: z.array(z.object({ index: z.int().min(0), ma: z.string(), gm: z.string() })),
  duplicateKeys: z.int().min(0),
  keyColumns: z.object({ ma: column, gm: column }),
  warnings: z.array(exportWarning).optional(),
  checkWarnings: warningCounts.optional(),
});
const exportRecord = z.object({
  id,
  taskId: id,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  size: z.int().min(0).nullable(),
  report: exportReport.nullable(),
  error: z.string().nullable().describe('the Russian message of a failed export'),
  changes: exportChanges.nullable().describe('against the export before it; null for the first'),
  createdBy: auditUser.nullable().describe('who asked for it; null for exports made before sign-in existed'),
  priceVersion: z.object({ id, uploadedAt: isoTime }).nullable().describe('the library price-list version it read; null: the task\'s own file'),
  batchId: id.nullable(),
});

const addresses = z.array(z.string());
const batchRowChanges = z.object({ added: z.int().min(0), removed: z.int().min(0), changed: z.int().min(0), lost: z.int().min(0) });
const batchRow = z.object({
  taskId: id.nullable().describe('null once the task is deleted'),
  name: z.string().describe("the task's name when the batch started"),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  exportId: id.optional(),
  rows: z.int().min(0).optional(),
  matched: z.int().min(0).optional(),
  unmatched: z.int().min(0).optional(),
  warnings: z.int().min(0).optional(),
  changes: batchRowChanges.optional(),
  error: z.string().optional().describe('the Russian message of a failed row'),
  delivery: z
    .object({
      status: z.enum(['queued', 'sent', 'failed', 'none']).describe('`none`: the task has no recipients'),
      to: addresses.describe('the message\'s recipients; empty for `none`'),
      cc: addresses,
      sentAt: isoTime.nullable(),
      reply: z.string().nullable().describe("the mail server's last reply, or the outbox file written"),
      error: z.string().nullable().describe('why a failed delivery failed, in Russian'),
    })
    .optional()
    .describe('generate, once its file is made: the newest message of it to the task\'s recipients'),
});
const batchSummary = z.object({
  id,
  action: z.enum(['generate', 'check']),
  status: z.enum(['running', 'done']),
  createdAt: isoTime,
  createdBy: auditUser.nullable(),
  total: z.int().min(1),
  finished: z.int().min(0).describe('rows ended, done or failed'),
  failed: z.int().min(0),
  deliver: z.boolean().describe("each file is sent to its task's recipients as it is made"),
});
const batch = batchSummary.extend({ tasks: z.array(batchRow).describe('in the order the tasks were given') });
const createdBatch = z.object({ id });

const deliverySettings = z.object({
  to: addresses,
  cc: addresses,
  subject: z.string().describe('a template: `{task}`, `{date}`, `{priceList}`, `{version}`'),
  body: z.string().describe('a template, as the subject'),
  auto: z.boolean().describe('send after every export a batch makes'),
  updatedAt: isoTime,
  updatedBy: auditUser.nullable(),
});
const deliverySettingsResponse = z.object({
  settings: deliverySettings.nullable().describe('null until recipients are set'),
  defaults: z.object({ subject: z.string(), body: z.string() }).describe('the templates a new card starts from'),
});
const delivery = z.object({
  id,
  exportId: id,
  taskId: id.nullable(),
  to: addresses,
  cc: addresses,
  subject: z.string(),
  fileName: z.string().describe('the attachment: `<task> — <DD.MM.YYYY>.xlsx`'),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.int().min(0).describe('SMTP conversations begun'),
  messageId: z.string().describe('chosen before the first attempt, the same on every retry'),
  reply: z.string().nullable().describe("the mail server's last reply, or the outbox file written"),
  error: z.string().nullable().describe('why a failed delivery failed, in Russian'),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
  by: auditUser.nullable(),
  batchId: id.nullable(),
});
const batchSendResponse = z.object({
  queued: z.int().min(0).describe('messages queued now'),
  alreadySent: z.int().min(0).describe('files already sent, or on their way, to their recipients'),
  noRecipients: z.int().min(0).describe('tasks without recipients'),
});
const mailTestResponse = z.object({ to: z.string(), messageId: z.string(), reply: z.string().describe("the mail server's reply") });
const followState = z.object({ following: z.boolean() });
const followedList = z.object({ priceListId: id, name: z.string(), since: isoTime });

const up = z.enum(['ok', 'down']);
const healthResponse = z.object({
  status: z.enum(['ok', 'starting', 'error']).describe('`starting`: everything is up but no worker of this instance has connected yet'),
  db: up,
  redis: up,
  storage: up,
  workers: z.int().min(0).optional(),
});
const apiError = z.object({ error: z.string().describe('the message for the user, in Russian') });

/** The answers by name: the OpenAPI document's components are these, under these names. */
export const RESPONSE_SCHEMAS = {
  Id: id,
  PriceListSource: priceListSource,
  SourceRun: sourceRun,
  SourceTestResult: sourceTestResult,
  Timestamp: isoTime,
  ApiError: apiError,
  Item: item,
  Mapping: mapping,
  StoredFile: storedFile,
  TaskFiles: taskFiles,
  Task: task,
  TaskSummary: taskSummary,
  PatchTaskResponse: patchTaskResponse,
  HeaderChange: headerChange,
  UploadResponse: uploadResponse,
  HeaderChangesResponse: headerChangesResponse,
  ProfileHeaders: profileHeaders,
  RuleProfile: ruleProfile,
  FileColumn: fileColumn,
  FileColumns: fileColumns,
  CheckRow: checkRow,
  CheckWarning: checkWarning,
  ExportChanges: exportChanges,
  CheckResponse: checkResponse,
  ExportWarning: exportWarning,
  ExportReport: exportReport,
  ExportRecord: exportRecord,
  HealthResponse: healthResponse,
  User: user,
  MeResponse: meResponse,
  AuthOptions: authOptions,
  ApiTokenInfo: apiTokenInfo,
  CreatedApiToken: createdApiToken,
  AuditUser: auditUser,
  AuditEvent: auditEvent,
  AuditPage: auditPage,
  PriceListVersion: priceListVersion,
  PriceList: priceList,
  AddPriceVersionResponse: addPriceVersionResponse,
  TaskPriceListRef: taskPriceListRef,
  CompareSettings: compareSettingsRef,
  GuardThresholds: guardThresholdsRef,
  DiffChange: diffChange,
  DiffHeaderChange: diffHeaderChange,
  PriceListDiff: priceListDiff,
  HoldReason: holdReason,
  BatchRow: batchRow,
  BatchSummary: batchSummary,
  Batch: batch,
  CreatedBatch: createdBatch,
  DeliverySettings: deliverySettings,
  DeliverySettingsResponse: deliverySettingsResponse,
  Delivery: delivery,
  BatchSendResponse: batchSendResponse,
  MailTestResponse: mailTestResponse,
  FollowState: followState,
  FollowedList: followedList,
};

/** Both types with every interface and intersection flattened, so only their fields are compared. */
type Flat<T> = T extends readonly (infer E)[] ? Flat<E>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;
type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
type Answer<K extends keyof typeof RESPONSE_SCHEMAS> = z.output<(typeof RESPONSE_SCHEMAS)[K]>;

/**
 * Fails the build when an answer's schema and its contract type differ (a field missing, extra,
 * optional on one side only, or of another type): the line names the type to bring in line.
 */
export type ResponseSchemasMatchContracts = [
  Holds<Same<Answer<'PriceListSource'>, PriceListSource>>,
  Holds<Same<Answer<'SourceRun'>, SourceRun>>,
  Holds<Same<Answer<'SourceTestResult'>, SourceTestResult>>,
  Holds<Same<Answer<'ApiError'>, ApiError>>,
  Holds<Same<Answer<'Mapping'>, Mapping>>,
  Holds<Same<Answer<'Task'>, Task>>,
  Holds<Same<Answer<'TaskSummary'>, TaskSummary>>,
  Holds<Same<Answer<'PatchTaskResponse'>, PatchTaskResponse>>,
  Holds<Same<Answer<'UploadResponse'>, UploadResponse>>,
  Holds<Same<Answer<'HeaderChangesResponse'>, HeaderChangesResponse>>,
  Holds<Same<Answer<'RuleProfile'>, RuleProfile>>,
  Holds<Same<Answer<'FileColumns'>, FileColumns>>,
  Holds<Same<Answer<'CheckResponse'>, CheckResponse>>,
  Holds<Same<Answer<'ExportRecord'>, ExportRecord>>,
  Holds<Same<Answer<'HealthResponse'>, HealthResponse>>,
  Holds<Same<Answer<'User'>, User>>,
  Holds<Same<Answer<'MeResponse'>, MeResponse>>,
  Holds<Same<Answer<'AuthOptions'>, AuthOptions>>,
  Holds<Same<Answer<'ApiTokenInfo'>, ApiTokenInfo>>,
  Holds<Same<Answer<'CreatedApiToken'>, CreatedApiToken>>,
  Holds<Same<Answer<'AuditPage'>, AuditPage>>,
  Holds<Same<Answer<'PriceList'>, PriceList>>,
  Holds<Same<Answer<'AddPriceVersionResponse'>, AddPriceVersionResponse>>,
  Holds<Same<Answer<'CompareSettings'>, CompareSettings>>,
  Holds<Same<Answer<'GuardThresholds'>, GuardThresholds>>,
  Holds<Same<Answer<'PriceListDiff'>, PriceListDiff>>,
  Holds<Same<Answer<'HoldReason'>, HoldReason>>,
  Holds<Same<Answer<'Batch'>, Batch>>,
  Holds<Same<Answer<'BatchSummary'>, BatchSummary>>,
  Holds<Same<Answer<'CreatedBatch'>, CreatedBatch>>,
  Holds<Same<Answer<'DeliverySettingsResponse'>, DeliverySettingsResponse>>,
  Holds<Same<Answer<'Delivery'>, Delivery>>,
  Holds<Same<Answer<'BatchSendResponse'>, BatchSendResponse>>,
  Holds<Same<Answer<'MailTestResponse'>, MailTestResponse>>,
  Holds<Same<Answer<'FollowState'>, FollowState>>,
  Holds<Same<Answer<'FollowedList'>, FollowedList>>,
];
