import { z } from 'zod';
import { LIMITS } from './limits';
import { PRICE_LIST_ERR } from './price-list-messages';
import { nameSchema } from './schemas';

/** A price list's name (DESIGN §12): trimmed, 1–100 characters, unique case-insensitively (the database says). */
export const priceListNameSchema = nameSchema(PRICE_LIST_ERR.nameRequired, LIMITS.priceListNameMax, PRICE_LIST_ERR.nameTooLong(LIMITS.priceListNameMax));

/** `POST /api/price-lists`. */
export const createPriceListSchema = z.object({ name: priceListNameSchema });

/** `PATCH /api/price-lists/{id}`: a rename, made from the list's `version` (409 when it is not the stored one). */
export const patchPriceListSchema = z.object({
  name: priceListNameSchema.optional(),
  version: z.int({ error: PRICE_LIST_ERR.versionInvalid }).min(1, PRICE_LIST_ERR.versionInvalid).max(2_147_483_647, PRICE_LIST_ERR.versionInvalid).optional(),
});
