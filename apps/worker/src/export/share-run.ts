import { SharedPriceMiss } from '@app/export-engine';
import type { PriceShare } from './engine-runner';

/** What the engine is run with: the price file (null: not fetched) and the batch's shared read, if any. */
export type EngineCall<T> = (price: string | null, share?: PriceShare) => Promise<T>;

/**
 * The engine from the batch's shared read without the price file; when the read cannot answer
 * for the task (SharedPriceMiss), the file is fetched and the engine run again on it alone.
 * Every other outcome, a refusal included, is the first run's.
 */
export async function runFromShare<T>(share: PriceShare, call: EngineCall<T>, fetchPrice: () => Promise<string>, onMiss: () => void): Promise<T> {
  try {
    return await call(null, share);
  } catch (error) {
    if (!(error instanceof SharedPriceMiss)) throw error;
    onMiss();
    return call(await fetchPrice());
  }
}
