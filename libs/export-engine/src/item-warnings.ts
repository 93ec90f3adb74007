import type { CheckWarning } from '@app/contracts';
import { CHECK_WARNING } from '@app/contracts';
import { warning, type CheckFacts } from './check-facts';
import { normalizeKey } from './key-normalizer';

/** `qty-not-multiple`: a chain orders in steps, so a minimum off the step cannot be ordered. */
export function qtyWarnings({ items, mapping }: CheckFacts): CheckWarning[] {
  const out: CheckWarning[] = [];
  items.forEach((item, i) => {
    if (item.step > 0 && item.minQty % item.step !== 0) {
      out.push(warning('qty-not-multiple', CHECK_WARNING.qtyNotMultiple(item.minQty, item.step), i, mapping.manualMapping.minQty));
    }
  });
  return out;
}

/**
 * `duplicate-item`: the same code (normalised MA, else GM) twice in the task gives the chain two
 * rows for one product. Each repeat after the first is warned, naming every position (1-based).
 */
export function duplicateWarnings({ items, mapping }: CheckFacts): CheckWarning[] {
  const positions = new Map<string, number[]>();
  const byMa: boolean[] = [];
  items.forEach((item, i) => {
    const ma = normalizeKey(item.ma);
    byMa.push(ma !== '');
    const key = ma !== '' ? `ma|${ma}` : `gm|${normalizeKey(item.gm)}`;
    if (key === 'gm|') return;
    const list = positions.get(key);
    if (list) list.push(i);
    else positions.set(key, [i]);
  });
  const out: CheckWarning[] = [];
  for (const list of positions.values()) {
    if (list.length < 2) continue;
    const text = list.map((i) => i + 1).join(', ');
    for (const i of list.slice(1)) {
      const code = byMa[i] ? items[i].ma : items[i].gm;
      out.push(warning('duplicate-item', CHECK_WARNING.duplicateItem(code.trim(), text), i, byMa[i] ? mapping.manualMapping.ma : mapping.manualMapping.gm));
    }
  }
  return out;
}
