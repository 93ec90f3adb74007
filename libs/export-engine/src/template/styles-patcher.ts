import { isGeneralCode } from '../package/number-format';
import type { NumberFormat } from '../package/styles-reader';
import { escapeXmlAttr, findStartTags, parseAttributes } from '../package/xml-text';

/** First id Excel leaves for custom number formats. */
const FIRST_CUSTOM_ID = 164;

/**
 * Appends what the export needs to the template's styles.xml and nothing else: a copy of a cell
 * style with another number format (`@` for codes, a price cell's own format), plus that format's
 * `<numFmt>` when it is a custom one. Existing style indices never move, so every cell already
 * in the template keeps its look.
 */
export class StylesPatcher {
  private readonly xfs: string[];
  private readonly xfNumFmt: number[];
  private readonly codeToId = new Map<string, number>();
  private nextId = FIRST_CUSTOM_ID;
  private readonly addedXfs: string[] = [];
  private readonly addedNumFmts: string[] = [];
  private readonly cache = new Map<string, number>();
  private readonly xfNumFmtAdded = new Map<number, number>();
  private readonly prefix: string;

  constructor(private readonly xml: string) {
    const cellXfs = /<((?:[A-Za-z_][\w.-]*:)?)cellXfs\b[^>]*?(\/?)>/.exec(xml);
    this.prefix = cellXfs?.[1] ?? '';
    this.xfs = cellXfs && cellXfs[2] !== '/' ? splitXfs(xml, cellXfs.index + cellXfs[0].length, this.prefix) : [];
    const generalIds = new Set<number>();
    for (const tag of findStartTags(xml, 'numFmt')) {
      const a = parseAttributes(tag);
      const id = Number(a.get('numFmtId'));
      if (!Number.isInteger(id)) continue;
      const code = a.get('formatCode') ?? '';
      if (isGeneralCode(code)) generalIds.add(id);
      if (!this.codeToId.has(code)) this.codeToId.set(code, id);
      this.nextId = Math.max(this.nextId, id + 1);
    }
    this.xfNumFmt = this.xfs.map((xf) => {
      const id = Number(parseAttributes(xf.slice(0, xf.indexOf('>') + 1)).get('numFmtId') ?? 0) || 0;
      return generalIds.has(id) ? 0 : id;
    });
  }

  get changed(): boolean {
    return this.addedXfs.length > 0;
  }

  /** Number format id of a cell style; 0 (General) means "no format of its own". */
  numFmtOf(xfIndex: number): number {
    return this.xfNumFmt[xfIndex] ?? 0;
  }

  /** Index of a style that looks like `xfIndex` but shows numbers with `format`. */
  withFormat(xfIndex: number, format: NumberFormat): number {
    if (this.xfs.length === 0) return xfIndex;
    const base = xfIndex < this.xfs.length + this.addedXfs.length ? xfIndex : 0;
    const id = this.formatId(format);
    if (this.numFmtOfAny(base) === id) return base;
    const cacheKey = `${base}|${id}`;
    const hit = this.cache.get(cacheKey);
    if (hit !== undefined) return hit;
    const source = base < this.xfs.length ? this.xfs[base] : this.addedXfs[base - this.xfs.length];
    const index = this.xfs.length + this.addedXfs.length;
    this.addedXfs.push(setXfNumFmt(source, id));
    this.xfNumFmtAdded.set(index, id);
    this.cache.set(cacheKey, index);
    return index;
  }

  private numFmtOfAny(xfIndex: number): number {
    return xfIndex < this.xfs.length ? this.xfNumFmt[xfIndex] : (this.xfNumFmtAdded.get(xfIndex) ?? 0);
  }

  private formatId(format: NumberFormat): number {
    if (format.id < FIRST_CUSTOM_ID) return format.id;
    const known = this.codeToId.get(format.code);
    if (known !== undefined) return known;
    const id = this.nextId++;
    this.codeToId.set(format.code, id);
    this.addedNumFmts.push(`<${this.prefix}numFmt numFmtId="${id}" formatCode="${escapeXmlAttr(format.code)}"/>`);
    return id;
  }

  /** The patched styles.xml (the original string when nothing was added). */
  toXml(): string {
    if (!this.changed) return this.xml;
    let xml = this.xml;
    const total = this.xfs.length + this.addedXfs.length;
    xml = xml.replace(new RegExp(`(<${esc(this.prefix)}cellXfs\\b[^>]*?)(\\s*/?)>`), (_m, open: string) => {
      return `${setAttr(open, 'count', String(total))}>`;
    });
    const close = `</${this.prefix}cellXfs>`;
    const at = xml.indexOf(close);
    xml = xml.slice(0, at) + this.addedXfs.join('') + xml.slice(at);
    if (this.addedNumFmts.length > 0) xml = this.insertNumFmts(xml);
    return xml;
  }

  private insertNumFmts(xml: string): string {
    const p = esc(this.prefix);
    const existing = new RegExp(`<${p}numFmts\\b([^>]*?)(/?)>`).exec(xml);
    if (existing) {
      const count = findStartTags(xml, 'numFmt').length + this.addedNumFmts.length;
      if (existing[2] === '/') {
        const open = setAttr(existing[0].replace(/\s*\/>$/, ''), 'count', String(count));
        return xml.slice(0, existing.index) + `${open}>${this.addedNumFmts.join('')}</${this.prefix}numFmts>` + xml.slice(existing.index + existing[0].length);
      }
      const open = setAttr(existing[0].replace(/>$/, ''), 'count', String(count)) + '>';
      const closeAt = xml.indexOf(`</${this.prefix}numFmts>`, existing.index);
      return xml.slice(0, existing.index) + open + xml.slice(existing.index + existing[0].length, closeAt) + this.addedNumFmts.join('') + xml.slice(closeAt);
    }
    // numFmts must be the first child of styleSheet.
    const sheet = new RegExp(`<${p}styleSheet\\b[^>]*>`).exec(xml);
    if (!sheet) return xml;
    const at = sheet.index + sheet[0].length;
    return xml.slice(0, at) + `<${this.prefix}numFmts count="${this.addedNumFmts.length}">${this.addedNumFmts.join('')}</${this.prefix}numFmts>` + xml.slice(at);
  }
}

function splitXfs(xml: string, from: number, prefix: string): string[] {
  const end = xml.indexOf(`</${prefix}cellXfs>`, from);
  const inner = xml.slice(from, end < 0 ? xml.length : end);
  const re = new RegExp(`<${esc(prefix)}xf\\b[^>]*?(?:/>|>[\\s\\S]*?</${esc(prefix)}xf>)`, 'g');
  return inner.match(re) ?? [];
}

function setXfNumFmt(xf: string, id: number): string {
  const openEnd = xf.indexOf('>');
  const selfClosing = xf.charCodeAt(openEnd - 1) === 47;
  let open = xf.slice(0, selfClosing ? openEnd - 1 : openEnd).replace(/\s+$/, '');
  open = setAttr(open, 'numFmtId', String(id));
  open = setAttr(open, 'applyNumberFormat', '1');
  return open + (selfClosing ? '/>' : '>') + xf.slice(openEnd + 1);
}

/** Sets an attribute in an open-tag string without its closing `>`. */
export function setAttr(open: string, name: string, value: string): string {
  const re = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*')`);
  if (re.test(open)) return open.replace(re, `$1"${value}"`);
  return `${open} ${name}="${value}"`;
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
