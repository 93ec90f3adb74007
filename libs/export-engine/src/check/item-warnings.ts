import { CHECK_WARNING } from '@app/contracts';
import { warning, type CheckFacts, type WarningList } from './check-facts';
import { normalizeKey } from '../price/key-normalizer';

/** `duplicate-item` names at most this many positions of a code, then `…`. */
export const DUPLICATE_POSITIONS_SHOWN = 10;

/** `qty-not-multiple`: a chain orders in steps, so a minimum off the step cannot be ordered. */
export function qtyWarnings({ items, mapping }: CheckFacts, out: WarningList): void {
  items.forEach((item, i) => {
    if (item.step > 0 && item.minQty % item.step !== 0 && out.take('qty-not-multiple', i)) {
      out.push(warning('qty-not-multiple', CHECK_WARNING.qtyNotMultiple(item.minQty, item.step), i, mapping.manualMapping.minQty));
    }
  });
}

interface Repeated {
  /** How many items have the code. */
  count: number;
  /** The first DUPLICATE_POSITIONS_SHOWN of them (0-based, in item order). */
  first: number[];
  /** The positions as the message lists them, made once per code. */
  text?: string;
}

/**
 * `duplicate-item`: the same code (normalised MA, else GM) twice in the task gives the chain two
 * rows for one product. Each repeat after the first is warned, in item order, naming the code's
 * positions (1-based): the first DUPLICATE_POSITIONS_SHOWN, then `…` when there are more. Linear in
 * the items: 10,000 items with one code name 10 positions each, not 10,000.
 */
export function duplicateWarnings({ items, mapping }: CheckFacts, out: WarningList): void {
  const keys: string[] = [];
  const byCode = new Map<string, Repeated>();
  for (let i = 0; i < items.length; i++) {
    const ma = normalizeKey(items[i].ma);
    const key = ma !== '' ? `ma|${ma}` : `gm|${normalizeKey(items[i].gm)}`;
    keys.push(key);
    if (key === 'gm|') continue;
    const r = byCode.get(key);
    if (!r) byCode.set(key, { count: 1, first: [i] });
    else if (r.count++ < DUPLICATE_POSITIONS_SHOWN) r.first.push(i);
  }
  for (let i = 0; i < items.length; i++) {
    const r = byCode.get(keys[i]);
    if (!r || r.count < 2 || r.first[0] === i || !out.take('duplicate-item', i)) continue;
    r.text ??= r.first.map((p) => p + 1).join(', ') + (r.count > r.first.length ? ', …' : '');
    const byMa = keys[i].startsWith('ma|');
    const code = byMa ? items[i].ma : items[i].gm;
    out.push(warning('duplicate-item', CHECK_WARNING.duplicateItem(code.trim(), r.text), i, byMa ? mapping.manualMapping.ma : mapping.manualMapping.gm));
  }
}
