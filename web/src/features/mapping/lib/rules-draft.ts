import { DEFAULT_MAPPING, EMPTY_PROFILE_HEADERS, MANUAL_FIELDS, pairsToPriceToTemplate, priceToTemplatePairs } from '@app/contracts';
import type { FileKind, ManualMapping, Mapping, PriceKeys, ProfileHeaders, RuleProfile } from '@app/contracts';

export interface PairRow {
  /** A stable React key; not a column. */
  key: number;
  price: number;
  template: number;
}

/** The rules as the page edits them: pairs as a list (rows may be half filled), headers beside. */
export interface RulesDraft {
  manual: ManualMapping;
  pairs: PairRow[];
  keys: PriceKeys;
  headers: ProfileHeaders;
}

let nextKey = 1;
export const newPairKey = () => nextKey++;

export function draftOf(profile: RuleProfile): RulesDraft {
  return {
    manual: { ...DEFAULT_MAPPING.manualMapping, ...(profile.manualMapping ?? {}) },
    pairs: priceToTemplatePairs(profile.priceToTemplate ?? {}).map((p) => ({ ...p, key: newPairKey() })),
    keys: { ...DEFAULT_MAPPING.priceKeys, ...(profile.priceKeys ?? {}) },
    headers: {
      template: { ...(profile.headers?.template ?? EMPTY_PROFILE_HEADERS.template) },
      price: { ...(profile.headers?.price ?? EMPTY_PROFILE_HEADERS.price) },
    },
  };
}

export function mappingOf(draft: RulesDraft): Mapping {
  return { manualMapping: draft.manual, priceToTemplate: pairsToPriceToTemplate(draft.pairs), priceKeys: draft.keys };
}

/** The columns of each file the rules use: template targets; price sources and key columns. */
export function usedColumns(mapping: Mapping): Record<FileKind, Set<number>> {
  const template = new Set<number>(MANUAL_FIELDS.map((f) => mapping.manualMapping[f]));
  const price = new Set<number>([mapping.priceKeys.ma, mapping.priceKeys.gm]);
  for (const [p, t] of Object.entries(mapping.priceToTemplate)) {
    price.add(Number(p));
    template.add(t);
  }
  template.delete(0);
  price.delete(0);
  return { template, price };
}

/** The remembered headers of the columns the rules still use (a header of a dropped rule would be a false alarm). */
export function prunedHeaders(draft: RulesDraft): ProfileHeaders {
  const used = usedColumns(mappingOf(draft));
  const keep = (kind: FileKind) =>
    Object.fromEntries(Object.entries(draft.headers[kind]).filter(([column, text]) => text !== '' && used[kind].has(Number(column))));
  return { template: keep('template'), price: keep('price') };
}

/** What a save sends: comparing two of these tells whether the page has unsaved changes. */
export function savedShape(draft: RulesDraft): Mapping & { headers: ProfileHeaders } {
  return { ...mappingOf(draft), headers: prunedHeaders(draft) };
}

export function sameRules(a: RulesDraft, b: RulesDraft): boolean {
  return stableJson(savedShape(a)) === stableJson(savedShape(b));
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
