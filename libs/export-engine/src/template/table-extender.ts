import { columnLetter } from '@app/contracts';
import type { FillLayout } from './fill-layout';
import type { SheetTable } from './table-reader';
import { parseRange } from './template-sheet';
import type { WrittenRange } from './template-writer';

/**
 * New XML for the tables the written rows belong to: a table with a totals row that the layout
 * moved grows by the rows it moved; a table without one that ends right above or inside the data
 * area is stretched over the written rows, so filters and banding cover them.
 */
export function extendTables(tables: readonly SheetTable[], layout: FillLayout, range: WrittenRange): Map<string, string> {
  const out = new Map<string, string>();
  if (range.lastRow < range.firstRow) return out;
  for (const t of tables) {
    const { top, bottom, left, right } = t.range;
    const cols = (r1: number, r2: number) => `${columnLetter(left)}${r1}:${columnLetter(right)}${r2}`;
    const totals = layout.totals;
    if (totals?.table === t) {
      if (totals.delta === 0) continue;
      const bodyBottom = totals.top - 1;
      out.set(t.path, patchRefs(t.xml, (tag, old) => {
        if (tag === 'table') return cols(top, bottom + totals.delta);
        // The autoFilter covers the header and body, not the totals row.
        return rowOf(old) === bodyBottom || rowOf(old) === bottom ? cols(top, bodyBottom + totals.delta) : old;
      }));
    } else if (t.totalsRows === 0 && top < range.firstRow && bottom >= range.firstRow - 1 && bottom < range.lastRow) {
      const ref = t.range.ref;
      out.set(t.path, patchRefs(t.xml, (_tag, old) => (old === ref ? cols(top, range.lastRow) : old)));
    }
  }
  return out;
}

/** Bottom row of a ref. */
function rowOf(ref: string): number {
  return parseRange(ref).bottom;
}

function patchRefs(xml: string, newRef: (tag: 'table' | 'autoFilter', old: string) => string): string {
  return xml.replace(/(<(?:[A-Za-z_][\w.-]*:)?(table|autoFilter)\b[^>]*?\bref\s*=\s*")([^"]*)(")/g, (_m, pre: string, tag: 'table' | 'autoFilter', old: string, post: string) =>
    `${pre}${newRef(tag, old)}${post}`,
  );
}
