import { z } from 'zod';
import { LIMITS } from './limits';
import { PRICE_COMPARE_ERR, PRICE_LIST_ERR } from './price-list-messages';
import { COMPARE_COLUMNS_MAX, JUMP_BUCKET_MAX, type CompareSettings, type GuardThresholds } from './price-list.contract';
import { headerTexts, nameSchema } from './schemas';

/** A price list's name (DESIGN §12): trimmed, 1–100 characters, unique case-insensitively (the database says). */
export const priceListNameSchema = nameSchema(PRICE_LIST_ERR.nameRequired, LIMITS.priceListNameMax, PRICE_LIST_ERR.nameTooLong(LIMITS.priceListNameMax));

/** `POST /api/price-lists`. */
export const createPriceListSchema = z.object({ name: priceListNameSchema });


const keyColumn = z
  .int({ error: PRICE_COMPARE_ERR.keyColumn(LIMITS.columnMax) })
  .min(0, PRICE_COMPARE_ERR.keyColumn(LIMITS.columnMax))
  .max(LIMITS.columnMax, PRICE_COMPARE_ERR.keyColumn(LIMITS.columnMax));
const valueColumn = z
  .int({ error: PRICE_COMPARE_ERR.column(LIMITS.columnMax) })
  .min(1, PRICE_COMPARE_ERR.column(LIMITS.columnMax))
  .max(LIMITS.columnMax, PRICE_COMPARE_ERR.column(LIMITS.columnMax));

/**
 * A list's compare settings (DESIGN §16, `PATCH /api/price-lists/{id}` `compare`): an MA and/or a
 * GM code column (at least one), the value columns (repeats and the key columns dropped, in
 * column order) and the headers they were chosen by.
 */
export const compareSettingsSchema = z
  .object({
    keyColumns: z.object({ ma: keyColumn, gm: keyColumn }, { error: PRICE_COMPARE_ERR.keyColumnRequired }),
    valueColumns: z
      .array(valueColumn, { error: PRICE_COMPARE_ERR.valueColumnsInvalid })
      .max(COMPARE_COLUMNS_MAX, PRICE_COMPARE_ERR.valueColumnsTooMany(COMPARE_COLUMNS_MAX)),
    headers: headerTexts(PRICE_COMPARE_ERR.column(LIMITS.columnMax)),
  })
  .refine((s) => s.keyColumns.ma > 0 || s.keyColumns.gm > 0, { message: PRICE_COMPARE_ERR.keyColumnRequired, path: ['keyColumns'] })
  .transform((s): CompareSettings => {
    const keys = new Set([s.keyColumns.ma, s.keyColumns.gm]);
    const valueColumns = [...new Set(s.valueColumns)].filter((c) => !keys.has(c)).sort((a, b) => a - b);
    return s.headers === undefined ? { keyColumns: s.keyColumns, valueColumns } : { keyColumns: s.keyColumns, valueColumns, headers: s.headers };
  });

const percent = (min: number, max: number) =>
  z.int({ error: PRICE_COMPARE_ERR.percent(min, max) }).min(min, PRICE_COMPARE_ERR.percent(min, max)).max(max, PRICE_COMPARE_ERR.percent(min, max));

/**
 * A list's guard thresholds (DESIGN §16, `guard`); a part left out keeps its value (GUARD_DEFAULTS
 * for a new list). maxJumpPct goes up to JUMP_BUCKET_MAX, as far as a diff counts jumps exactly.
 */
export const guardThresholdsSchema = z.object({
  maxRowDropPct: percent(0, 100).optional(),
  maxChangedPct: percent(0, 100).optional(),
  maxJumpPct: percent(10, JUMP_BUCKET_MAX).optional(),
}) satisfies z.ZodType<Partial<GuardThresholds>, unknown>;

/**
 * `PATCH /api/price-lists/{id}`: a rename and the list's own settings (DESIGN §16), made from the
 * list's `version` (409 when it is not the stored one); what is left out keeps its value.
 */
export const patchPriceListSchema = z.object({
  name: priceListNameSchema.optional(),
  version: z.int({ error: PRICE_LIST_ERR.versionInvalid }).min(1, PRICE_LIST_ERR.versionInvalid).max(2_147_483_647, PRICE_LIST_ERR.versionInvalid).optional(),
  onNewVersion: z.enum(['none', 'check', 'generate'], { error: PRICE_LIST_ERR.onNewVersionInvalid }).optional(),
  deliver: z.boolean({ error: PRICE_LIST_ERR.deliverInvalid }).optional(),
  compare: compareSettingsSchema.nullable().optional(),
  guard: guardThresholdsSchema.optional(),
});
