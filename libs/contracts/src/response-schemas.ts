import { z } from 'zod';
import { AUDIT_ACTIONS, ROLES, type ApiTokenInfo, type AuditPage, type AuthOptions, type CreatedApiToken, type MeResponse, type User } from './auth.contract';
import { CHECK_WARNING_CODES, type CheckResponse } from './check.contract';
import type { FileColumns } from './columns.contract';
import type { ExportRecord } from './export.contract';
import type { HeaderChangesResponse, UploadResponse } from './header-guard';
import type { RuleProfile } from './profile.contract';
import type { Batch, BatchSummary, CreatedBatch } from './batch.contract';
import type { AddPriceVersionResponse, PriceList } from './price-list.contract';
import type { ApiError, HealthResponse, Mapping, PatchTaskResponse, Task, TaskSummary } from './task.contract';
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
});
const priceList = z.object({
  id,
  name: z.string(),
  createdAt: isoTime,
  createdBy: auditUser.nullable(),
  version: z.int().min(1).describe('raised by a rename and by each new version; send it back with a rename (409 when it is not the stored one)'),
  current: priceListVersion.nullable().describe('the newest version, used by generate and check; null before the first upload'),
  taskCount: z.int().min(0).describe('tasks that follow the list'),
  staleCount: z.int().min(0).describe('of those, the stale ones'),
});
const addPriceVersionResponse = z.object({ version: priceListVersion, taskIds: z.array(id).describe('the tasks that follow the list, now stale') });
const taskPriceListRef = z.object({ id, name: z.string(), current: priceListVersion.nullable() });

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
      sentAt: isoTime.nullable(),
      error: z.string().nullable(),
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

const addresses = z.array(z.string());
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
