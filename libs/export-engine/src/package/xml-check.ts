import type { Readable } from 'node:stream';
import { ENGINE_ERR, type EngineFileKind } from '@app/contracts';
import { EngineError } from './engine-error';
import { streamXmlRegions } from './xml-stream';

/**
 * Well-formedness of an XML part in one pass, without a tree: a stack of the open element names,
 * the syntax of each tag and its attributes, references after `&`, and nothing but whitespace
 * (and comments, PIs, a DOCTYPE) outside the single root element. The writer copies a template's
 * XML around the rows it writes, so a broken part would otherwise go out inside every export.
 * Fed in pieces (a piece may end anywhere): a construct cut by the end of a piece waits for the next.
 */
export class XmlChecker {
  private readonly open: string[] = [];
  private rootDone = false;
  private broken = false;
  private carry = '';
  private started = false;
  /** Next `&` at or after the last position asked about, in the text being scanned (its length: none). */
  private amp = -1;

  /** false once the part is known to be broken. */
  write(piece: string): boolean {
    if (this.broken) return false;
    let s = this.carry + piece;
    this.carry = '';
    if (!this.started && s.length > 0) {
      this.started = true;
      // A BOM, decoded or as the UTF-8 bytes read one char per byte (streamXmlRegions).
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      else if (s.startsWith('\xef\xbb\xbf')) s = s.slice(3);
    }
    this.broken = !this.scan(s);
    return !this.broken;
  }

  /** Whether the whole part was well-formed. */
  end(): boolean {
    if (this.broken) return false;
    const rest = this.carry;
    this.carry = '';
    if (rest !== '' && (rest.charCodeAt(0) === 60 || !this.scan(rest, true))) return false;
    return this.rootDone && this.open.length === 0;
  }

  private scan(s: string, last = false): boolean {
    this.amp = -1;
    let pos = 0;
    while (pos < s.length) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        // The text may go on (a reference cut in two) in the next piece.
        if (last) return this.text(s, pos, s.length);
        this.carry = s.slice(pos);
        return true;
      }
      if (!this.text(s, pos, lt)) return false;
      const next = this.markup(s, lt);
      if (next === BROKEN) return false;
      if (next === INCOMPLETE) {
        this.carry = s.slice(lt);
        return true;
      }
      pos = next;
    }
    return true;
  }

  /** Character data in s[from, to): only whitespace outside the root, valid references inside. */
  private text(s: string, from: number, to: number): boolean {
    if (this.open.length === 0) {
      for (let i = from; i < to; i++) {
        const c = s.charCodeAt(i);
        if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
      }
      return true;
    }
    for (let amp = this.nextAmp(s, from); amp < to; amp = this.nextAmp(s, amp + 1)) {
      if (!isReference(s, amp, to)) return false;
    }
    return true;
  }

  /** Searching for `&` once per piece, not once per text run (which would read the rest of a big part each time). */
  private nextAmp(s: string, from: number): number {
    if (this.amp < from) {
      const at = s.indexOf('&', from);
      this.amp = at < 0 ? s.length : at;
    }
    return this.amp;
  }

  /** The construct at `lt`: where the text after it starts, BROKEN or INCOMPLETE. */
  private markup(s: string, lt: number): number {
    const c = s.charCodeAt(lt + 1);
    if (Number.isNaN(c)) return INCOMPLETE;
    if (c === 63) return after(s, '?>', lt + 2); // <? … ?>
    if (c === 33) {
      if (s.startsWith('<!--', lt)) return after(s, '-->', lt + 4);
      const head = s.slice(lt, lt + 9);
      if (head === '<![CDATA[') return this.open.length === 0 ? BROKEN : after(s, ']]>', lt + 9);
      if (head === '<!DOCTYPE') return this.open.length === 0 && !this.rootDone ? doctypeEnd(s, lt + 9) : BROKEN;
      return head.length < 9 && ('<![CDATA['.startsWith(head) || '<!DOCTYPE'.startsWith(head) || '<!--'.startsWith(head)) ? INCOMPLETE : BROKEN;
    }
    if (c === 47) {
      const gt = s.indexOf('>', lt + 2);
      if (gt < 0) return INCOMPLETE;
      const name = s.slice(lt + 2, gt).trimEnd();
      if (this.open.pop() !== name) return BROKEN;
      if (this.open.length === 0) this.rootDone = true;
      return gt + 1;
    }
    if (this.rootDone && this.open.length === 0) return BROKEN;
    return this.startTag(s, lt);
  }

  /** `<name attr="v" …>` or `…/>`, attribute by attribute. */
  private startTag(s: string, lt: number): number {
    let p = lt + 1;
    const nameEnd = nameEndAt(s, p);
    if (nameEnd === p) return BROKEN;
    const name = s.slice(p, nameEnd);
    p = nameEnd;
    for (;;) {
      const spaced = p < s.length && isSpace(s.charCodeAt(p));
      while (p < s.length && isSpace(s.charCodeAt(p))) p++;
      if (p >= s.length) return INCOMPLETE;
      const c = s.charCodeAt(p);
      if (c === 62) {
        this.open.push(name);
        return p + 1;
      }
      if (c === 47) {
        if (p + 1 >= s.length) return INCOMPLETE;
        if (s.charCodeAt(p + 1) !== 62) return BROKEN;
        if (this.open.length === 0) this.rootDone = true;
        return p + 2;
      }
      if (!spaced) return BROKEN;
      const attrEnd = nameEndAt(s, p);
      if (attrEnd === p) return BROKEN;
      p = attrEnd;
      while (p < s.length && isSpace(s.charCodeAt(p))) p++;
      if (p >= s.length) return INCOMPLETE;
      if (s.charCodeAt(p) !== 61) return BROKEN;
      p++;
      while (p < s.length && isSpace(s.charCodeAt(p))) p++;
      if (p >= s.length) return INCOMPLETE;
      const quote = s[p];
      if (quote !== '"' && quote !== "'") return BROKEN;
      const close = s.indexOf(quote, p + 1);
      if (close < 0) return INCOMPLETE;
      const lessThan = s.indexOf('<', p + 1);
      if (lessThan >= 0 && lessThan < close) return BROKEN;
      for (let amp = this.nextAmp(s, p + 1); amp < close; amp = this.nextAmp(s, amp + 1)) {
        if (!isReference(s, amp, close)) return BROKEN;
      }
      p = close + 1;
    }
  }
}

const BROKEN = -1;
const INCOMPLETE = -2;

/** Whole XML text well-formed? */
export function isWellFormedXml(xml: string): boolean {
  const checker = new XmlChecker();
  checker.write(xml);
  return checker.end();
}

/** A streamed part well-formed? Stops reading at the first error. */
export async function isWellFormedStream(stream: Readable): Promise<boolean> {
  const checker = new XmlChecker();
  await streamXmlRegions(stream, (piece) => checker.write(piece));
  return checker.end();
}

/** Refuses a part that is not well-formed, naming it: the user can have it saved again. */
export function requireWellFormed(wellFormed: boolean, part: string, kind?: EngineFileKind): void {
  if (!wellFormed) throw new EngineError('FILE_XML_INVALID', ENGINE_ERR.xmlInvalid(part), kind);
}

function after(s: string, close: string, from: number): number {
  const at = s.indexOf(close, from);
  return at < 0 ? INCOMPLETE : at + close.length;
}

/** The end of `<!DOCTYPE …>` (from just after its name): its internal subset `[…]` may hold `>`; < 0 when cut short. */
export function doctypeEnd(s: string, from: number): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) {
      const close = s.indexOf(s[i], i + 1);
      if (close < 0) return INCOMPLETE;
      i = close;
    } else if (c === 60 && s.startsWith('<!--', i)) {
      const close = s.indexOf('-->', i + 4);
      if (close < 0) return INCOMPLETE;
      i = close + 2;
    } else if (c === 91) depth++;
    else if (c === 93) depth--;
    else if (c === 62 && depth === 0) return i + 1;
  }
  return INCOMPLETE;
}

/** Where a name starting at p ends (p itself when there is none). */
function nameEndAt(s: string, p: number): number {
  const first = s.charCodeAt(p);
  // A name cannot start with a digit, '-' or '.'.
  if ((first >= 48 && first <= 57) || first === 45 || first === 46) return p;
  let i = p;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isSpace(c) || c === 47 || c === 62 || c === 61 || c === 60 || c === 34 || c === 39 || c === 38) break;
  }
  return i;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

const REFERENCE_RE = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_:][\w.:-]*);/y;

/** `&…;` at `amp`, ending before `to`. */
function isReference(s: string, amp: number, to: number): boolean {
  REFERENCE_RE.lastIndex = amp;
  return REFERENCE_RE.test(s) && REFERENCE_RE.lastIndex <= to;
}
