import { formatNumber } from '../package/cell-value';
import { parseRange, type CellRange } from '../template/template-sheet';
import { decodeXmlText, parseAttributes } from '../package/xml-text';

/**
 * The template's own data validations (`<dataValidations>` of its data sheet), for the check's
 * `validation` warning (DESIGN §11): a value the chain's drop-down list, number range or text
 * length would refuse is refused by the chain's upload too. Only what can be judged for sure is
 * judged: literal lists and lists the caller resolves, whole/decimal bounds written as numbers,
 * text lengths. Date, time and custom rules, and bounds given as formulas, accept everything.
 */
export interface ValidationRule {
  /** The cells it covers (sqref). */
  ranges: CellRange[];
  /** Whether a written value passes; `value` as stored: numbers (dates as serials), text, booleans. */
  accepts(value: string | number | boolean): boolean;
}

type Operator = 'between' | 'notBetween' | 'equal' | 'notEqual' | 'greaterThan' | 'lessThan' | 'greaterThanOrEqual' | 'lessThanOrEqual';
const OPERATORS = new Set<string>(['between', 'notBetween', 'equal', 'notEqual', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual']);
const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A list given by reference (`$D$2:$D$6`, `Списки!$A:$A`, a defined name) → its values, or undefined when unknown. */
export type ListResolver = (formula: string) => string[] | undefined;

/** The sheet's validations that can be judged, in document order. */
export function readValidations(sheetXml: string, resolveList?: ListResolver): ValidationRule[] {
  const out: ValidationRule[] = [];
  const re = /<(?:[A-Za-z_][\w.-]*:)?dataValidation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?dataValidation>)/g;
  for (const m of sheetXml.matchAll(re)) {
    const a = parseAttributes(`<x ${m[1]}>`);
    // Excel 2010's extension list (`<x14:dataValidation>`) keeps the cells and formulas in child elements.
    const sqref = a.get('sqref') ?? /<(?:[A-Za-z_][\w.-]*:)?sqref>([^<]*)</.exec(m[2] ?? '')?.[1] ?? '';
    const ranges = sqref.trim().split(/\s+/).filter(Boolean).map(parseRange);
    const f1 = formula(m[2] ?? '', 1);
    const f2 = formula(m[2] ?? '', 2);
    const accepts = judge(a.get('type') ?? 'none', a.get('operator') ?? 'between', f1, f2, resolveList);
    if (accepts && ranges.length > 0) out.push({ ranges, accepts });
  }
  return out;
}

/** The rules covering cell (row, col); row 0: those covering any row of the column. */
export function rulesAt(rules: readonly ValidationRule[], row: number, col: number): ValidationRule[] {
  return rules.filter((r) => r.ranges.some((g) => (row === 0 || ((g.top || 1) <= row && row <= (g.bottom || Infinity))) && (g.left || 1) <= col && col <= (g.right || Infinity)));
}

function formula(body: string, n: 1 | 2): string | undefined {
  const m = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?formula${n}>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?formula${n}>`).exec(body);
  return m ? decodeXmlText(m[1].replace(/<\/?(?:[A-Za-z_][\w.-]*:)?f>/g, '')).trim() : undefined;
}

function judge(type: string, operator: string, f1: string | undefined, f2: string | undefined, resolveList?: ListResolver): ValidationRule['accepts'] | undefined {
  if (type === 'list') {
    if (f1 === undefined) return undefined;
    const items = /^".*"$/s.test(f1) ? f1.slice(1, -1).replace(/""/g, '"').split(',') : resolveList?.(f1);
    if (!items) return undefined;
    const allowed = new Set(items.map(listKey));
    return (v) => allowed.has(listKey(textOf(v)));
  }
  if (!OPERATORS.has(operator)) return undefined;
  const a = f1 !== undefined && NUMBER_RE.test(f1) ? Number(f1) : undefined;
  const b = f2 !== undefined && NUMBER_RE.test(f2) ? Number(f2) : undefined;
  if (a === undefined || ((operator === 'between' || operator === 'notBetween') && b === undefined)) return undefined;
  const inRange = (x: number) => compare(operator as Operator, x, a, b ?? a);
  switch (type) {
    case 'whole':
      return (v) => typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v) && inRange(v));
    case 'decimal':
      return (v) => typeof v === 'boolean' || (typeof v === 'number' && inRange(v));
    case 'textLength':
      return (v) => inRange(textOf(v).length);
    default:
      return undefined;
  }
}

function compare(op: Operator, x: number, a: number, b: number): boolean {
  switch (op) {
    case 'between':
      return x >= Math.min(a, b) && x <= Math.max(a, b);
    case 'notBetween':
      return x < Math.min(a, b) || x > Math.max(a, b);
    case 'equal':
      return x === a;
    case 'notEqual':
      return x !== a;
    case 'greaterThan':
      return x > a;
    case 'lessThan':
      return x < a;
    case 'greaterThanOrEqual':
      return x >= a;
    case 'lessThanOrEqual':
      return x <= a;
  }
}

/** A value as Excel shows it for a list or a length: numbers in plain decimal. */
function textOf(v: string | number | boolean): string {
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return typeof v === 'number' ? formatNumber(v) : v;
}

/** Excel's list check ignores case and the spaces around an item. */
function listKey(s: string): string {
  return s.trim().toLowerCase();
}
