import type { Item, Mapping, ProfileHeaders } from '@app/contracts';
import { matchCsvPrice, openPriceList } from './price/csv-price-reader';
import { guardFile } from './package/engine-error';
import { matchPrice, type PriceMatches } from './price/price-reader';
import type { SharedPrice } from './price/price-share';
import { matchSharedPrice } from './price/shared-view';
import { readTemplate, type TemplateInput } from './template/template-input';
import { locateParts } from './package/workbook-locator';
import { openXlsx } from './package/xlsx-inspector';
import type { ZipSource } from './package/zip-source';

export interface EngineInput {
  /**
   * Path to the price list on disk, or its bytes: an .xlsx or a CSV, told apart by content. Null
   * only with `sharedPrice`: the file was not fetched, and a share that cannot answer for the
   * task throws SharedPriceMiss (the caller fetches the file and asks again).
   */
  price: string | Buffer | null;
  /** Path or bytes of the export template .xlsx. */
  template: string | Buffer;
  items: Item[];
  mapping: Mapping;
  /** The headers the task's profile remembers (DESIGN §10 guard): changes become warnings. */
  remembered?: ProfileHeaders;
  /**
   * The price list read once for a batch (`sharePrice` on this very `price`): when it covers
   * this task (shared-view.ts), the price list is not read again; the result is the same.
   */
  sharedPrice?: SharedPrice;
}

/** A shared read could not answer for the task and no price file was given to read instead. */
export class SharedPriceMiss extends Error {
  constructor() {
    super('the shared price read does not answer for this task and its price file was not given');
  }
}

/** The price side reads the file's header columns (DESIGN §10 guard). */
export function guardsPriceHeaders(input: Pick<EngineInput, 'remembered'>): boolean {
  return Object.keys(input.remembered?.price ?? {}).length > 0;
}

/**
 * Both files of an export, read as generate and check read them, handed to `use` while they are
 * still open. The template's parts are read while the price list streams: its I/O fills the gaps
 * in which the price passes wait for inflated data. Template errors are reported first.
 * `check`: the price side also keeps what the check needs (price-check.ts).
 */
export async function withExportInputs<T>(
  input: EngineInput,
  timings: Record<string, number>,
  check: boolean,
  use: (template: ZipSource, tpl: TemplateInput, matched: PriceMatches) => Promise<T>,
): Promise<T> {
  const shared = input.sharedPrice ? await matchSharedPrice(input.sharedPrice, input.items, input.mapping) : undefined;
  if (shared) return withTemplate(input, timings, shared, use);
  const file = input.price;
  if (file === null) throw new SharedPriceMiss();
  const t = performance.now();
  const template = await openXlsx(input.template, undefined, 'template');
  let price: ZipSource | undefined;
  try {
    price = await openPriceList(file);
    timings.inspect = performance.now() - t;
    const priceZip = price;
    const [tplResult, priceResult] = await Promise.allSettled([
      readTemplate(template, timings),
      (async () => {
        if (!priceZip) return guardFile('price', () => matchCsvPrice(file, input.items, input.mapping, timings, check));
        const priceParts = await guardFile('price', () => locateParts(priceZip, 'price'));
        return guardFile('price', () => matchPrice(priceZip, priceParts, input.items, input.mapping, timings, check));
      })(),
    ]);
    if (tplResult.status === 'rejected') throw tplResult.reason;
    if (priceResult.status === 'rejected') throw priceResult.reason;
    return await use(template, tplResult.value, priceResult.value);
  } finally {
    template.close();
    price?.close();
  }
}

/** withExportInputs with the price side already matched (a shared read): only the template is read. */
async function withTemplate<T>(
  input: EngineInput,
  timings: Record<string, number>,
  matched: PriceMatches,
  use: (template: ZipSource, tpl: TemplateInput, matched: PriceMatches) => Promise<T>,
): Promise<T> {
  const t = performance.now();
  const template = await openXlsx(input.template, undefined, 'template');
  try {
    timings.inspect = performance.now() - t;
    return await use(template, await readTemplate(template, timings), matched);
  } finally {
    template.close();
  }
}
