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
 * reads the price list itself. The headers (§10 guard) are read here too, for the same reason.
 */
export async function sharePrice(price: string | Buffer, items: Item[], repeatColumns: number[]): Promise<SharedPrice> {
  const share = await buildSharedPrice(price, items, repeatColumns);
  share.priceColumns = await columnsOrNone(price, 'price');
  return share;
}
