import type { Item } from '@app/contracts';
import { columnsOrNone } from './column-reader';
import { buildSharedPrice, type SharedPrice } from './price/price-share';

export type { SharedPrice } from './price/price-share';
export { covers } from './price/shared-view';

/**
 * DESIGN §12 "Speed": a batch's price list read once. `items`: the union of the batch's tasks'
 * items; `repeatColumns`: the union of their mapped price columns (`priceToTemplate`'s keys).
 * Pass the result as each task's `EngineInput.sharedPrice`: a task it covers (shared-view.ts)
 * reads only its template, and gets the very export it would get without it; any other task
 * reads the price list itself.
 * `keyColumns`: when every task sets the same two key columns (`priceKeys`), pass them: rows
 * without a code are then read only up to them, as each task's own read does (much faster on a
 * wide list); a task with other key columns (or detected ones) is then not covered.
 * `headers`: read the price list's header columns too (a pass over the whole sheet), for the
 * tasks whose profile remembers price headers (the §10 guard would read them from the file).
 * Pass false when no task of the batch guards them: a task that does reads them itself (exact,
 * only slower).
 */
export async function sharePrice(
  price: string | Buffer,
  items: Item[],
  repeatColumns: number[],
  keyColumns?: { ma: number; gm: number },
  options: { headers?: boolean } = {},
): Promise<SharedPrice> {
  if (options.headers === false) return buildSharedPrice(price, items, repeatColumns, keyColumns);
  // Both stream the file: their inflating overlaps.
  const [share, priceColumns] = await Promise.all([buildSharedPrice(price, items, repeatColumns, keyColumns), columnsOrNone(price, 'price')]);
  share.priceColumns = priceColumns;
  return share;
}
