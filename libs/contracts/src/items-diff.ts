import type { Item } from './task.contract';

export interface ItemsDiff {
  added: number;
  removed: number;
  changed: number;
}

/** Items are told apart by their codes (the name when both codes are empty); repeats pair up in order. */
const keyOf = (item: Item): string => (item.ma || item.gm ? `${item.ma}\u0000${item.gm}` : `\u0001${item.name}`);
const sameItem = (a: Item, b: Item): boolean => a.name === b.name && a.minQty === b.minQty && a.step === b.step;

/**
 * What a save did to a task's items, as the journal says it (`+3 −1, изменено 2`): an item whose
 * codes are new is added, one whose codes are gone removed, one whose codes stay but whose name or
 * quantities differ changed. Moving rows around changes nothing.
 */
export function itemsDiff(before: readonly Item[], after: readonly Item[]): ItemsDiff {
  const old = new Map<string, Item[]>();
  for (const item of before) {
    const list = old.get(keyOf(item));
    if (list) list.push(item);
    else old.set(keyOf(item), [item]);
  }
  const diff: ItemsDiff = { added: 0, removed: 0, changed: 0 };
  for (const item of after) {
    const match = old.get(keyOf(item))?.shift();
    if (!match) diff.added++;
    else if (!sameItem(match, item)) diff.changed++;
  }
  for (const left of old.values()) diff.removed += left.length;
  return diff;
}
