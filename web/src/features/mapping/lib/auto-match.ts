import { COLUMNS_UI, UI, findHeader, matchHeaders } from '@app/contracts';
import type { FileColumn, PriceKeys } from '@app/contracts';
import { columnLabel, rememberHeader } from './column-options';
import { mappingOf, newPairKey, usedColumns } from './rules-draft';
import type { RulesDraft } from './rules-draft';

export interface AutoMatchResult {
  draft: RulesDraft;
  /** What was filled, as the user reads it: `B — Артикул → F — Код`, `Колонка кода МА: B — Код МА`. */
  filled: string[];
}

const KEY_LABELS: Record<keyof PriceKeys, string> = { ma: UI.keyMa, gm: UI.keyGm };

/**
 * `Подобрать по заголовкам` (DESIGN §10): a price→template pair for each template column whose
 * header one price column matches, unless the template column is already a target or the price
 * column already a source; each code column left to detection (0) set to the price column that
 * matches the header of the template column the code is typed into. Headers are remembered for
 * what was filled; nothing else changes.
 */
export function autoMatch(draft: RulesDraft, price: readonly FileColumn[], template: readonly FileColumn[]): AutoMatchResult {
  const used = usedColumns(mappingOf(draft));
  const sources = new Set(draft.pairs.map((p) => p.price).filter((c) => c > 0));
  const byIndex = (columns: readonly FileColumn[], index: number) => columns.find((c) => c.index === index);
  let headers = draft.headers;
  const pairs = [...draft.pairs];
  const filled: string[] = [];

  for (const s of matchHeaders(price, template)) {
    if (used.template.has(s.template) || sources.has(s.price)) continue;
    used.template.add(s.template);
    sources.add(s.price);
    pairs.push({ key: newPairKey(), price: s.price, template: s.template });
    headers = rememberHeader(rememberHeader(headers, 'price', s.price, price), 'template', s.template, template);
    filled.push(COLUMNS_UI.autoMatchPair(columnLabel(byIndex(price, s.price)!), columnLabel(byIndex(template, s.template)!)));
  }

  const keys = { ...draft.keys };
  for (const field of ['ma', 'gm'] as const) {
    const target = byIndex(template, draft.manual[field]);
    if (keys[field] !== 0 || !target?.header) continue;
    const found = findHeader(target.header, price);
    if (found === undefined) continue;
    keys[field] = found;
    headers = rememberHeader(headers, 'price', found, price);
    filled.push(COLUMNS_UI.autoMatchKey(KEY_LABELS[field], columnLabel(byIndex(price, found)!)));
  }

  return { draft: { ...draft, pairs, keys, headers }, filled };
}
