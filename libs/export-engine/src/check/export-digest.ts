import type { ExportDigest, Item } from '@app/contracts';
import { normalizeKey } from '../price/key-normalizer';
import { previewValue } from '../template/out-row';
import type { ItemMatch } from '../price/price-reader';
import type { OutRow } from '../template/template-writer';

/**
 * DESIGN §11: what an export wrote, per item, for «changes since the last export»: the item's key
 * (normalised MA, else GM; items with neither are left out, the first of repeated keys wins),
 * whether it was found, and the values the mapped price columns put in the template's columns.
 * Built from the rows generate computes anyway. Keys are codes, so the object has no prototype:
 * `constructor` or `__proto__` is a code like any other.
 */
export function buildDigest(items: readonly Item[], rows: readonly OutRow[], matches: readonly ItemMatch[]): ExportDigest {
  const digest: ExportDigest = Object.create(null);
  items.forEach((item, i) => {
    const ma = normalizeKey(item.ma);
    const key = ma || normalizeKey(item.gm);
    if (key === '' || Object.hasOwn(digest, key)) return;
    const values: ExportDigest[string]['values'] = {};
    for (const [col, v] of rows[i]) if (v.type === 'price') values[String(col)] = previewValue(v);
    digest[key] = { item: i, code: ma ? item.ma : item.gm, found: matches[i].by !== null, values };
  });
  return digest;
}
