import type { Readable } from 'node:stream';

/** Bytes turned into text at a time: one char per byte, so a slice stays below V8's large-object size (128 KB). */
const SLICE = 64 * 1024;

/**
 * Feeds an inflating XML part to `onRegion` in pieces that each end just before a `<`, so every
 * tag in a piece is complete and so is the text after its last tag ('<' cannot occur inside an
 * attribute value or text in well-formed XML). The consumer keeps its own state between pieces.
 * Returning `false` from `onRegion` stops reading (and inflating) the rest of the part.
 *
 * The pieces are the part's bytes read as latin1, one char per byte, not decoded UTF-8: XML's
 * markup is ASCII, so tags and positions read the same, and the few values a reader keeps are
 * decoded when cut (`utf8FromLatin1`). Decoding a whole sheet instead cost ~130 ms of ~640 on a
 * 100k-row list that keeps its Cyrillic names in the sheet (inline strings), and the one-byte
 * strings it made are half the size.
 */
export async function streamXmlRegions(stream: Readable, onRegion: (xml: string) => boolean | void): Promise<void> {
  let carry = '';
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      // In slices: strings above V8's regular object size live in large-object space, which
      // raised peak RSS by ~10 MB with 256 KB inflate steps.
      for (let at = 0; at < bytes.length; at += SLICE) {
        const text = bytes.toString('latin1', at, Math.min(at + SLICE, bytes.length));
        const first = text.indexOf('<');
        if (first < 0) {
          carry += text;
          continue;
        }
        // The small tail of the previous piece is completed by this piece's text up to its first
        // '<'; the rest is handed over as a slice, never copied into one concatenated string.
        if (carry.length > 0 && onRegion(carry + text.slice(0, first)) === false) return;
        const cut = text.lastIndexOf('<');
        carry = text.slice(cut);
        if (cut > first && onRegion(text.slice(first, cut)) === false) return;
      }
    }
    if (carry.length > 0) onRegion(carry);
  } finally {
    stream.destroy();
  }
}

/** Local name code of a tag: the first char code and the length after any `prefix:`. */
export interface TagName {
  start: number;
  end: number;
}

/**
 * Scans the name of the tag opening at `lt` (after `<` or `</`) and returns the index where its
 * local name starts, with `nameEnd` set through the holder: avoids slicing a string per tag.
 */
export function localNameStart(s: string, from: number, to: number, out: TagName): void {
  let start = from;
  let p = from;
  for (; p < to; p++) {
    const c = s.charCodeAt(p);
    if (c === 32 || c === 47 || c === 9 || c === 10 || c === 13) break;
    if (c === 58) start = p + 1;
  }
  out.start = start;
  out.end = p;
}

/** Compares s[start, end) with an ASCII name without allocating. */
export function nameIs(s: string, t: TagName, name: string): boolean {
  if (t.end - t.start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (s.charCodeAt(t.start + i) !== name.charCodeAt(i)) return false;
  return true;
}
