import { z } from 'zod';
import { LIMITS } from './limits';
import { ERR, UI } from './messages';
import { PRICE_LIST_ERR } from './price-list-messages';
import { EMPTY_ITEM, MANUAL_FIELDS, hasControlChars, isEmptyItem, parseQty } from './normalize';
import { TASK_SUMMARY_VIEW, type FileKind, type Item, type Mapping } from './task.contract';

/**
 * Server-side validation that normalises exactly as the UI does (DESIGN §3): numbers may arrive
 * as numbers or as typed strings; out-of-range values are rejected with the field named.
 */

const readable = z.union([z.number(), z.string()], { error: 'ожидается число' });

/** minQty/step: a whole number, or its digits as typed (`1 000`); anything else is refused (DESIGN §15). */
const qty = readable.optional().nullable().transform((v, ctx) => {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number' && (!Number.isFinite(v) || v < 0 || !Number.isInteger(v) || v > LIMITS.qtyMax)) {
    ctx.addIssue({ code: 'custom', message: `ожидается целое число от 1 до ${LIMITS.qtyMax}` });
    return z.NEVER;
  }
  const n = parseQty(v);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: ERR.qtyDigitsOnly });
    return z.NEVER;
  }
  if (n > LIMITS.qtyMax) {
    ctx.addIssue({ code: 'custom', message: ERR.qtyTooLarge(LIMITS.qtyMax) });
    return z.NEVER;
  }
  return n;
});

/** A column number: an integer, or a string of digits; anything else (`1e3`, `-5`, `2.5`) is refused. */
export const columnSchema = readable.optional().nullable().transform((v, ctx) => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 0;
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > LIMITS.columnMax) {
    ctx.addIssue({ code: 'custom', message: `ожидается целое число от 0 до ${LIMITS.columnMax}` });
    return z.NEVER;
  }
  return n;
});

const text = z
  .union([z.string(), z.number()], { error: 'ожидается строка' })
  .optional()
  .nullable()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
  .refine((s) => s.length <= LIMITS.itemTextMax, `не длиннее ${LIMITS.itemTextMax} символов`)
  .refine((s) => !hasControlChars(s), ERR.controlChars);

export const itemSchema = z.object(
  { ma: text, gm: text, name: text, minQty: qty, step: qty },
  { error: 'ожидается объект позиции' },
);

export const itemsSchema = z
  .array(itemSchema, { error: 'ожидается список позиций' })
  .max(LIMITS.itemsMax, `не больше ${LIMITS.itemsMax} позиций`)
  .transform((items): Item[] => items.filter((i) => !isEmptyItem(i)));

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** An id in a path (`/api/tasks/{id}`): anything else cannot name a row, and is answered 404. */
export const idParamSchema = z.string().regex(UUID).describe('a uuid; any other text is answered 404');

/** `{kind}` in `/api/tasks/{id}/upload/{kind}` and `…/files/{kind}`. */
export const fileKindParamSchema = z.enum(['price', 'template']) satisfies z.ZodType<FileKind>;

/** `GET /api/tasks?view=`: without it every task with its items. */
export const taskListQuerySchema = z.object({
  view: z.literal(TASK_SUMMARY_VIEW).optional().describe('`summary`: each task without its items and rules, for a list'),
});

/** A profile's id as a body names it; lower-cased as the database answers it. */
export const profileIdSchema = z
  .string({ error: ERR.profileIdInvalid })
  .regex(UUID, ERR.profileIdInvalid)
  .transform((id) => id.toLowerCase());

/** A name typed by a user: trimmed, not empty, at most `max` characters, no control characters. */
export const nameSchema = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform((name) => name.trim())
    .refine((name) => name.length > 0, required)
    .refine((name) => name.length <= max, tooLong)
    .refine((name) => !hasControlChars(name), ERR.controlChars);

/** A task's new name (`PATCH {name}`), checked as POST /api/tasks checks it. */
export const taskNameSchema = nameSchema(ERR.taskNameRequired, LIMITS.taskNameMax, ERR.taskNameTooLong(LIMITS.taskNameMax));

/** POST /api/tasks; without `profileId` the task gets the default profile. */
export const createTaskSchema = z.object({ name: taskNameSchema, profileId: profileIdSchema.optional() });

export const patchTaskSchema = z.object({
  name: taskNameSchema.optional(),
  items: itemsSchema.optional(),
  syncMapping: z.boolean({ error: 'ожидается true или false' }).optional(),
  /** null moves the task to the default profile. */
  profileId: profileIdSchema.nullable().optional(),
  /** DESIGN §12: the library price list to follow; null = the task's own price file. */
  priceListId: z.string({ error: PRICE_LIST_ERR.idInvalid }).regex(UUID, PRICE_LIST_ERR.idInvalid).transform((id) => id.toLowerCase()).nullable().optional(),
  version: z.int({ error: ERR.versionInvalid }).min(1, ERR.versionInvalid).max(2_147_483_647, ERR.versionInvalid).optional(),
});

/** A column number as an object key (`"6"`); NaN when it is not one. */
const columnKey = (key: string): number => (/^\d+$/.test(key.trim()) ? Number(key) : NaN);

const priceToTemplateSchema = z
  .record(z.string(), columnSchema, { error: 'ожидается объект { колонка прейскуранта: колонка шаблона }' })
  .optional()
  .transform((map, ctx) => {
    if (map === undefined) return undefined;
    const out: Record<string, number> = {};
    for (const [key, template] of Object.entries(map)) {
      const price = columnKey(key);
      if (!Number.isInteger(price) || price > LIMITS.columnMax) {
        ctx.addIssue({ code: 'custom', path: [key], message: `ожидается целое число от 0 до ${LIMITS.columnMax}` });
        return z.NEVER;
      }
      if (price > 0 && template > 0) out[String(price)] = template;
    }
    return out;
  });

/** PUT body of the global rules; a part left out keeps its current value. */
export const mappingSchema = z.object({
  manualMapping: z
    .object({ ma: columnSchema, gm: columnSchema, name: columnSchema, minQty: columnSchema, step: columnSchema })
    .optional(),
  priceToTemplate: priceToTemplateSchema,
  priceKeys: z.object({ ma: columnSchema, gm: columnSchema }).optional(),
}) satisfies z.ZodType<Partial<Mapping>, unknown>;

export const profileNameSchema = nameSchema(ERR.profileNameRequired, LIMITS.profileNameMax, ERR.profileNameTooLong(LIMITS.profileNameMax));

/**
 * `{"6": "Цена с НДС"}`: a header text per column number (1 = A); an empty text is dropped.
 * `columnMessage`: what a key that is no column number is told.
 */
export const headerTexts = (columnMessage: string) =>
  z
    .record(z.string(), z.string({ error: ERR.headerTextInvalid }).transform((t) => t.trim()))
    .optional()
    .transform((map, ctx) => {
      if (map === undefined) return undefined;
      const out: Record<string, string> = {};
      for (const [key, header] of Object.entries(map)) {
        const column = columnKey(key);
        if (!Number.isInteger(column) || column < 1 || column > LIMITS.columnMax) {
          ctx.addIssue({ code: 'custom', path: [key], message: columnMessage });
          return z.NEVER;
        }
        if (header.length > LIMITS.headerTextMax || hasControlChars(header)) {
          ctx.addIssue({ code: 'custom', path: [key], message: ERR.headerTextInvalid });
          return z.NEVER;
        }
        if (header) out[String(column)] = header;
      }
      return out;
    });

const headerTextsSchema = headerTexts(`ожидается целое число от 1 до ${LIMITS.columnMax}`);

/** POST /api/profiles. */
/** `copyFrom: null` is "copy nothing", as leaving it out is (JSON clients send null for none). */
export const createProfileSchema = z.object({
  name: profileNameSchema,
  copyFrom: profileIdSchema.nullish().transform((id) => id ?? undefined),
});

/** PUT /api/profiles/{id}: the global rules' parts, a name and the headers; a part left out keeps its value. */
export const updateProfileSchema = mappingSchema.extend({
  name: profileNameSchema.optional(),
  headers: z.object({ template: headerTextsSchema, price: headerTextsSchema }).optional(),
  version: z.int({ error: ERR.profileVersionInvalid }).min(1, ERR.profileVersionInvalid).max(2_147_483_647, ERR.profileVersionInvalid).optional(),
});

const TYPE_NAMES: Record<string, string> = {
  object: 'объект',
  record: 'объект',
  array: 'список',
  string: 'строка',
  number: 'число',
  boolean: 'true или false',
};

/**
 * Russian text for zod's own issues (a wrong type, an unknown key…), so no validation message
 * reaches the user in English; messages the schemas set themselves take precedence.
 */
export function russianIssue(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'invalid_type') return `ожидается ${TYPE_NAMES[issue.expected] ?? 'другое значение'}`;
  if (issue.code === 'too_big') return 'слишком большое значение';
  if (issue.code === 'too_small') return 'слишком маленькое значение';
  if (issue.code === 'unrecognized_keys') return `неизвестные поля: ${issue.keys.join(', ')}`;
  return 'недопустимое значение';
}

/** Parses with Russian messages for every issue. */
export function parseRussian<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(value, { error: russianIssue });
}

/**
 * A JSON body through a schema, as the API answers it: the parsed body, or the 400 text (a body
 * that is no object is a malformed request; otherwise the first bad field is named). One
 * function, so the OpenAPI document lists the very texts the API gives.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.output<S> } | { ok: false; error: string } {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: ERR.badRequest };
  const result = parseRussian(schema, value);
  if (result.success) return { ok: true, data: result.data };
  const { field, message } = firstIssue(result.error);
  return { ok: false, error: itemIssue(result.error) ?? ERR.invalidField(field, message) };
}

/**
 * An issue inside the items (`items.3.minQty`) named as the user sees it: the table's row and
 * column (`Строка 4, «Мин. кол-во»: …`); null for any other.
 */
function itemIssue(error: z.ZodError): string | null {
  const { path, message } = error.issues[0];
  const [list, index, field] = path;
  if (list !== 'items' || typeof index !== 'number') return null;
  if (path.length === 2) return ERR.itemInvalid(index + 1, message);
  const column = MANUAL_FIELDS.find((f) => f === field);
  return column && path.length === 3 ? ERR.itemField(index + 1, UI.columns[column], message) : null;
}

/** `items.3.minQty` style path of the first issue, for "the first bad field named". */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: issue.path.map(String).join('.') || 'body', message: issue.message };
}

export { EMPTY_ITEM };

const fixColumn = z.int({ error: `ожидается целое число от 1 до ${LIMITS.columnMax}` }).min(1, `ожидается целое число от 1 до ${LIMITS.columnMax}`).max(LIMITS.columnMax, `ожидается целое число от 1 до ${LIMITS.columnMax}`);

/** `POST /api/tasks/{id}/header-changes/fix` (`Исправить`). */
export const fixHeaderSchema = z
  .object({
    file: z.enum(['price', 'template'], { error: ERR.fixFileInvalid }),
    from: fixColumn,
    to: fixColumn,
  })
  .refine((fix) => fix.from !== fix.to, { path: ['to'], message: ERR.fixSameColumn });
