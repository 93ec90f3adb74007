/** Attribute readers of the sheet scanner: char codes only, no allocation per cell. */
import { CellKind } from './cell-kind';

export interface CellAttrs {
  /** From `r`; 0 when the cell has no `r`. */
  col: number;
  /**
   * The row `r` names when it has seven digits or more (it may be past the sheet's last row), else
   * 0: the scanner takes rows from `<row>`, and reading every cell's row digits would cost the hot loop.
   */
  refRow: number;
  kind: CellKind;
  style: number;
}

/**
 * The `r`, `t` and `s` attributes of a `<c>` start tag in s[from, to), read from char codes
 * without allocating: this runs for every cell of the price list.
 */
export function readCellAttrs(s: string, from: number, to: number, out: CellAttrs): void {
  out.col = 0;
  out.refRow = 0;
  out.kind = CellKind.number;
  out.style = 0;
  let p = from;
  while (p < to) {
    let c = s.charCodeAt(p);
    if (c <= 32 || c === 47) {
      p++;
      continue;
    }
    const nameStart = p;
    while (p < to && (c = s.charCodeAt(p)) !== 61 && c > 32) p++;
    const nameLen = p - nameStart;
    while (p < to && s.charCodeAt(p) !== 34 && s.charCodeAt(p) !== 39) p++;
    const quote = s.charCodeAt(p);
    const vStart = p + 1;
    let vEnd = s.indexOf(quote === 39 ? "'" : '"', vStart);
    if (vEnd < 0 || vEnd > to) vEnd = to;
    if (nameLen === 1) {
      const a = s.charCodeAt(nameStart);
      if (a === 114) {
        let col = 0;
        let i = vStart;
        for (; i < vEnd; i++) {
          const ch = s.charCodeAt(i);
          if (ch >= 65 && ch <= 90) col = col * 26 + ch - 64;
          else if (ch >= 97 && ch <= 122) col = col * 26 + ch - 96;
          else break;
        }
        out.col = col;
        if (vEnd - i >= 7) out.refRow = parseInt(s.slice(i, vEnd), 10) || 0;
      } else if (a === 116) {
        out.kind = kindOf(s, vStart, vEnd);
      } else if (a === 115) {
        let n = 0;
        for (let i = vStart; i < vEnd; i++) n = n * 10 + s.charCodeAt(i) - 48;
        out.style = n > 0 ? n : 0;
      }
    }
    p = vEnd + 1;
  }
}

/** The `t` attribute's value in s[from, to). */
function kindOf(s: string, from: number, to: number): CellKind {
  const len = to - from;
  if (len === 0) return CellKind.number;
  switch (s.charCodeAt(from)) {
    case 115: // s, str
      return len === 1 ? CellKind.shared : CellKind.string;
    case 98: // b
      return CellKind.boolean;
    case 101: // e
      return CellKind.error;
    case 100: // d
      return CellKind.isoDate;
    case 110: // n
      return CellKind.number;
    default:
      // inlineStr
      return CellKind.string;
  }
}

/**
 * The row number of a `<row>` start tag in s[from, to) from its unprefixed `r` attribute; the
 * one after `previous` when there is none or it is no number (0 included).
 */
export function readRowNumber(s: string, from: number, to: number, previous: number): number {
  let p = from;
  while (p < to) {
    const eq = s.indexOf('=', p);
    if (eq < 0 || eq >= to) break;
    let ns = eq - 1;
    while (ns > p && s.charCodeAt(ns) <= 32) ns--;
    let nb = ns;
    while (nb > p && s.charCodeAt(nb - 1) > 32) nb--;
    let q = eq + 1;
    while (q < to && s.charCodeAt(q) <= 32) q++;
    const quote = s.charCodeAt(q);
    const vEnd = s.indexOf(quote === 39 ? "'" : '"', q + 1);
    if (vEnd < 0) break;
    if (ns === nb && s.charCodeAt(nb) === 114) {
      // Digits, the usual case, without a string; anything else as parseInt reads it.
      let n = 0;
      let i = q + 1;
      for (; i < vEnd; i++) {
        const c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        n = n * 10 + c - 48;
      }
      if (i === vEnd && vEnd - q - 1 < 16) return n || previous + 1;
      const r = s.slice(q + 1, vEnd);
      return r ? parseInt(r, 10) || previous + 1 : previous + 1;
    }
    p = vEnd + 1;
  }
  return previous + 1;
}
