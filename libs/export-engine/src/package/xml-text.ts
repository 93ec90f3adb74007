/** Small XML helpers shared by the readers and the template writer (no DOM: parts can be huge). */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Text cut from a part that was read as latin1 (one char per byte, see `streamXmlRegions`), as the
 * UTF-8 it really is. Most values (codes, numbers) are ASCII, the same either way: no copy then.
 */
export function utf8FromLatin1(s: string): string {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return Buffer.from(s, 'latin1').toString('utf8');
  return s;
}

/** Entity references and OOXML's `_xHHHH_` escapes (used for control characters) to plain text. */
export function decodeXmlText(s: string): string {
  if (s.indexOf('&') >= 0) {
    s = s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, ref: string) => {
      if (ref.charCodeAt(0) === 35) {
        const code = ref.charCodeAt(1) === 120 || ref.charCodeAt(1) === 88 ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      return NAMED[ref] ?? m;
    });
  }
  if (s.indexOf('_x') >= 0) {
    s = s.replace(/_x([0-9a-fA-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return s;
}

export const CDATA_OPEN = '<![CDATA[';

/** A CDATA section starts at `at` (`<![CDATA[`, which some writers put in `<t>`). */
export function isCdataAt(s: string, at: number): boolean {
  return s.charCodeAt(at + 1) === 33 && s.startsWith(CDATA_OPEN, at);
}

/** CDATA content as escaped text: the readers' entity decoding then gives it back as written. */
export function literalText(s: string): string {
  return s.indexOf('&') < 0 ? s : s.replace(/&/g, '&amp;');
}

/**
 * The character data from `from` to the next tag that is not a CDATA section, and where that tag
 * starts (a `<` inside CDATA is no tag). For parts read whole or cut between items.
 */
export function textWithCdata(s: string, from: number, limit = s.length): { text: string; end: number } {
  let text = '';
  let pos = from;
  for (;;) {
    let lt = s.indexOf('<', pos);
    if (lt < 0 || lt > limit) lt = limit;
    text += s.slice(pos, lt);
    if (lt >= limit || !isCdataAt(s, lt)) return { text, end: lt };
    const close = s.indexOf(']]>', lt + CDATA_OPEN.length);
    const stop = close < 0 || close > limit ? limit : close;
    text += literalText(s.slice(lt + CDATA_OPEN.length, stop));
    pos = Math.min(stop + 3, limit);
  }
}

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE_RE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_x[0-9a-fA-F]{4}_/;

/**
 * Text for a `<t>` element: XML-escaped, characters XML 1.0 forbids written as `_xHHHH_` (what
 * Excel does), and a literal `_xHHHH_` protected so that reading it back gives the same text.
 */
export function escapeXmlText(s: string): string {
  // Most texts (codes, names) need none of it: one test instead of three replaces.
  if (!NEEDS_ESCAPE_RE.test(s)) return s;
  let out = s.replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1');
  out = out.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
  // eslint-disable-next-line no-control-regex
  out = out.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
  return out;
}

export function escapeXmlAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** Attributes of one start tag (`<x:sheet name="…" r:id="…"/>`), keyed by their full names. */
export function parseAttributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([^\s=<>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(tag)) !== null) out.set(m[1], decodeXmlText(m[2] ?? m[3] ?? ''));
  return out;
}

/** Every start tag `<name …>` / `<prefix:name …/>` with the given local name, in document order. */
export function findStartTags(xml: string, localName: string): string[] {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${localName}(?=[\\s/>])[^>]*>`, 'g');
  return xml.match(re) ?? [];
}

/** "AB12" → 28; 0 when there are no letters. */
export function columnFromRef(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** "AB12" → 12; 0 when there is no row number. */
export function rowFromRef(ref: string): number {
  let i = 0;
  while (i < ref.length && ref.charCodeAt(i) > 57) i++;
  const n = parseInt(ref.slice(i), 10);
  return Number.isFinite(n) ? n : 0;
}
