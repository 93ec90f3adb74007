import { z } from 'zod';
import { LIMITS } from './limits';
import { EMPTY_ITEM, isEmptyItem, normalizeColumn, normalizeQty } from './normalize';
import type { Item, Mapping } from './task.contract';

/**
 * Server-side validation that normalises exactly as the UI does (DESIGN §3): numbers may arrive
 * as numbers or as typed strings; out-of-range values are rejected with the field named.
 */

const readable = z.union([z.number(), z.string()], { error: 'ожидается число' });

const qty = readable.optional().nullable().transform((v, ctx) => {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number' && (!Number.isFinite(v) || v < 0 || !Number.isInteger(v))) {
    ctx.addIssue({ code: 'custom', message: 'ожидается целое число не меньше 1' });
    return z.NEVER;
  }
  const n = normalizeQty(v);
  if (n > LIMITS.qtyMax) {
    ctx.addIssue({ code: 'custom', message: `не больше ${LIMITS.qtyMax}` });
    return z.NEVER;
  }
  return n;
});

export const columnSchema = readable.optional().nullable().transform((v, ctx) => {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number' && (!Number.isFinite(v) || v < 0 || !Number.isInteger(v))) {
    ctx.addIssue({ code: 'custom', message: 'ожидается целое число от 0' });
    return z.NEVER;
  }
  const n = normalizeColumn(v);
  if (n > LIMITS.columnMax) {
    ctx.addIssue({ code: 'custom', message: `номер колонки не больше ${LIMITS.columnMax}` });
    return z.NEVER;
  }
  return n;
});

const text = z
  .union([z.string(), z.number()], { error: 'ожидается строка' })
  .optional()
  .nullable()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
  .refine((s) => s.length <= LIMITS.itemTextMax, `не длиннее ${LIMITS.itemTextMax} символов`);

export const itemSchema = z.object(
  { ma: text, gm: text, name: text, minQty: qty, step: qty },
  { error: 'ожидается объект позиции' },
);

export const itemsSchema = z
  .array(itemSchema, { error: 'ожидается список позиций' })
  .max(LIMITS.itemsMax, `не больше ${LIMITS.itemsMax} позиций`)
  .transform((items): Item[] => items.filter((i) => !isEmptyItem(i)));

export const patchTaskSchema = z.object({
  items: itemsSchema.optional(),
  syncMapping: z.boolean({ error: 'ожидается true или false' }).optional(),
});

const priceToTemplateSchema = z
  .record(z.string(), columnSchema, { error: 'ожидается объект { колонка прейскуранта: колонка шаблона }' })
  .optional()
  .transform((map, ctx) => {
    if (map === undefined) return undefined;
    const out: Record<string, number> = {};
    for (const [key, template] of Object.entries(map)) {
      const price = normalizeColumn(key);
      if (price > LIMITS.columnMax) {
        ctx.addIssue({ code: 'custom', path: [key], message: `номер колонки не больше ${LIMITS.columnMax}` });
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

/** `items.3.minQty` style path of the first issue, for "the first bad field named". */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: issue.path.map(String).join('.') || 'body', message: issue.message };
}

export { EMPTY_ITEM };
