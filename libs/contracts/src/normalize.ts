import type { Item, ManualMapping, Mapping, PriceKeys, PriceToTemplate } from './task.contract';

/** minQty/step as the UI types them: non-digits stripped, empty or 0 becomes 1. */
export function normalizeQty(input: string | number): number {
  const n = Number(String(input).replace(/\D+/g, ''));
  return n >= 1 ? n : 1;
}

/** Digits, or digits in groups of three after the first separated by single spaces (`1 000`). */
const QTY_TEXT = /^(\d+|\d{1,3}( \d{3})+)$/;

/**
 * A pasted or sent minQty/step (DESIGN §15): digits only, a space (NBSP, a narrow space…) between
 * thousands allowed; empty or 0 becomes 1. Anything else — `=1+1`, `1,5`, `12 шт` — is null:
 * refused, never read as the digits it happens to hold. A number must be a whole one from 0.
 */
export function parseQty(input: string | number): number | null {
  if (typeof input === 'number') return Number.isInteger(input) && input >= 0 ? Math.max(input, 1) : null;
  const text = input.replace(/\s/g, ' ').trim();
  if (text === '') return 1;
  if (!QTY_TEXT.test(text)) return null;
  return Math.max(Number(text.replace(/ /g, '')), 1);
}

/** A template/price column number: non-digits stripped, empty becomes 0. */
export function normalizeColumn(input: string | number): number {
  const digits = String(input).replace(/\D+/g, '');
  return digits === '' ? 0 : Number(digits);
}

export const EMPTY_ITEM: Item = Object.freeze({ ma: '', gm: '', name: '', minQty: 1, step: 1 });

export function isEmptyItem(item: Item): boolean {
  return item.ma === '' && item.gm === '' && item.name === '' && item.minQty === 1 && item.step === 1;
}

export const DEFAULT_MAPPING: Mapping = Object.freeze({
  manualMapping: Object.freeze({ ma: 0, gm: 0, name: 0, minQty: 0, step: 0 }) as ManualMapping,
  priceToTemplate: Object.freeze({}) as PriceToTemplate,
  priceKeys: Object.freeze({ ma: 0, gm: 0 }) as PriceKeys,
});

export const MANUAL_FIELDS = ['ma', 'gm', 'name', 'minQty', 'step'] as const satisfies readonly (keyof ManualMapping)[];

/** 1 → A, 7 → G, 28 → AB; '' for 0 or less. */
export function columnLetter(column: number): string {
  let n = Math.floor(column);
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The pairs the UI keeps as a list, as the object the API stores (pairs with a 0 side dropped). */
export function pairsToPriceToTemplate(pairs: readonly { price: number; template: number }[]): PriceToTemplate {
  const out: PriceToTemplate = {};
  for (const { price, template } of pairs) if (price > 0 && template > 0) out[String(price)] = template;
  return out;
}

export function priceToTemplatePairs(map: PriceToTemplate): { price: number; template: number }[] {
  return Object.entries(map)
    .map(([price, template]) => ({ price: Number(price), template }))
    .sort((a, b) => a.price - b.price);
}

/** Template columns that are both a manual target and a price target (spec §5). */
export function conflictingColumns(mapping: Pick<Mapping, 'manualMapping' | 'priceToTemplate'>): number[] {
  const manual = new Set(MANUAL_FIELDS.map((f) => mapping.manualMapping[f]).filter((c) => c > 0));
  const price = new Set(Object.values(mapping.priceToTemplate).filter((c) => c > 0));
  return [...manual].filter((c) => price.has(c)).sort((a, b) => a - b);
}

/** C0 control characters and DEL, except tab and line breaks (a pasted cell may hold those). */
export function hasControlChars(text: string): boolean {
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text);
}

/**
 * The text cut to at most `max` UTF-16 units, never inside a surrogate pair. `ellipsis`: a cut
 * text ends in `…` (within `max`), for what is shown rather than written.
 */
export function cutText(text: string, max: number, ellipsis = false): string {
  if (text.length <= max) return text;
  let end = ellipsis ? max - 1 : max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return ellipsis ? `${text.slice(0, end)}…` : text.slice(0, end);
}
