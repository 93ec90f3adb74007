import { isDeepStrictEqual } from 'node:util';
import type { Item, Mapping, ProfileHeaders } from '@app/contracts';
import { checkExport } from '../check-export';
import { generateExport } from '../generate-export';
import { covers, sharePrice, type SharedPrice } from '../price-sharing';

/** One export of a batch. */
export interface ShareTask {
  items: Item[];
  mapping: Mapping;
  remembered?: ProfileHeaders;
}

/** The share of a batch as the batch runner makes it: the union of the items and of the mapped price columns. */
export function shareOf(price: string | Buffer, tasks: readonly ShareTask[], keyColumns?: { ma: number; gm: number }, options?: { headers?: boolean }): Promise<SharedPrice> {
  const columns = new Set(tasks.flatMap((t) => Object.keys(t.mapping.priceToTemplate).map(Number)));
  return sharePrice(
    price,
    tasks.flatMap((t) => t.items),
    [...columns],
    keyColumns,
    options,
  );
}

/**
 * Runs every task's generate and check with and without the share (and with a structured clone
 * of it, as a worker thread gets it) and returns what differs, '' per task when nothing does,
 * with whether the share covered the task. A covered task is run without its price file (`price:
 * null`, as a batch's worker runs it), so a read of the price list would fail it.
 */
export async function shareDifferences(price: string | Buffer, template: string | Buffer, tasks: readonly ShareTask[], given?: SharedPrice): Promise<{ covered: boolean[]; differences: string[] }> {
  const share = given ?? (await shareOf(price, tasks));
  const clone = structuredClone(share);
  const covered: boolean[] = [];
  const differences: string[] = [];
  for (const task of tasks) {
    const isCovered = covers(share, task.items, task.mapping);
    covered.push(isCovered);
    const own = { price, template, ...task };
    const expected = await outcome(own);
    const problems: string[] = [];
    for (const [label, s] of [['share', share], ['clone', clone]] as const) {
      const got = await outcome({ ...own, price: isCovered ? null : price, sharedPrice: s });
      for (const key of Object.keys(expected) as (keyof Outcome)[]) {
        if (!equal(expected[key], got[key])) problems.push(`${label} ${key}: ${JSON.stringify(got[key])?.slice(0, 400)} ≠ ${JSON.stringify(expected[key])?.slice(0, 400)}`);
      }
    }
    differences.push(problems.join('\n'));
  }
  return { covered, differences };
}

interface Outcome {
  generate: unknown;
  xlsx: Buffer | undefined;
  check: unknown;
}

async function outcome(input: Parameters<typeof generateExport>[0]): Promise<Outcome> {
  const generated = await generateExport(input).then(
    (out) => ({ report: out.report, digest: out.digest, placement: out.placement, xlsx: out.xlsx }),
    (err: unknown) => ({ error: String(err), code: (err as { code?: string }).code }),
  );
  const check = await checkExport(input, { rowsMax: 1_000_000 }).then(
    (out) => out,
    (err: unknown) => ({ error: String(err), code: (err as { code?: string }).code }),
  );
  const { xlsx, ...generate } = generated as { xlsx?: Buffer };
  return { generate, xlsx, check };
}

function equal(a: unknown, b: unknown): boolean {
  if (Buffer.isBuffer(a) || Buffer.isBuffer(b)) return Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b);
  return isDeepStrictEqual(a, b);
}
