import { PRICE_DIFF_UI } from '@app/contracts';
import type { DiffValue, HoldReason } from '@app/contracts';

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 4 });
const percent = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** A compared value as the list shows it: `1 234,5`, a date or a text as it is, `пусто` for none. */
export function formatDiffValue(value: DiffValue): string {
  if (value === null || value === '') return PRICE_DIFF_UI.empty;
  return typeof value === 'number' ? number.format(value) : value;
}

/** The change in percent with its sign (`+9 900`, `−5,5`); empty when it cannot be told (a text, a 0 before). */
export function formatDiffPct(pct: number | null): string {
  return pct === null ? '' : percent.format(pct).replace('-', '−');
}

/** A held version's reasons in one line, as the upload's toast says them. */
export function holdReasonsText(reasons: readonly HoldReason[] | null): string {
  return (reasons ?? []).map((r) => r.message).join('; ');
}
