import { StringDecoder } from 'node:string_decoder';
import type { Entry } from 'yauzl';
import { ENGINE_ERR, type EngineFileKind } from '@app/contracts';
import { EngineError } from './engine-error';
import { shownText } from './sheet-bounds';
import { decodeXml } from './xml-encoding';
import type { ZipSource } from './zip-source';

/**
 * DESIGN §15: a workbook with a DOCTYPE in any XML part is refused, at upload and whenever the
 * engine opens one. Excel never writes one, and its entity definitions are how XML bombs travel (a
 * 9 KB template whose one 1,500-character entity was referenced 330,000 times became a 495 MB
 * sheet when entities were replaced by their text) and external-entity reads (`SYSTEM
 * "file:///…"`). Refused, no entity is ever expanded: the readers know XML's five and no other.
 */

/** Stored bytes read of each part first: a prolog is almost always far shorter. */
const HEAD_BYTES = 4096;

/** Throws when some part of the zip declares a DOCTYPE; `kind` labels the message with the file. */
export async function refuseDoctype(zip: ZipSource, kind?: EngineFileKind): Promise<void> {
  let found: Entry | undefined;
  await zip.readHeads(HEAD_BYTES, async (entry, head) => {
    if (found || head === undefined || head.length === 0) return;
    if (await hasDoctype(zip, entry, head)) found = entry;
  });
  if (found) throw new EngineError('FILE_DOCTYPE', ENGINE_ERR.xmlDoctype(shownText(found.fileName)), kind);
}

/**
 * Whether the part's prolog has a DOCTYPE. Every part is looked at, whatever its name: one that
 * is no XML (an image) has something else than `<` first and is settled at once. A prolog longer
 * than the head (a long comment) is read on from the part's start until it is settled.
 */
async function hasDoctype(zip: ZipSource, entry: Entry, head: Buffer): Promise<boolean> {
  const verdict = new PrologScanner().write(decodeXml(head));
  if (verdict !== undefined) return verdict;
  const scanner = new PrologScanner();
  const decoder = new StringDecoder('utf8');
  try {
    const stream = await zip.openXmlStream(entry);
    try {
      for await (const chunk of stream) {
        const settled = scanner.write(decoder.write(chunk as Buffer));
        if (settled !== undefined) return settled;
      }
    } finally {
      stream.destroy();
    }
  } catch {
    // A part that cannot be inflated is read by nobody, Excel included.
    return false;
  }
  return scanner.write(decoder.end()) ?? false;
}

/**
 * An XML prolog read piece by piece (a piece may end anywhere): whitespace, the declaration,
 * processing instructions and comments are passed over until the first thing that is none of
 * them. `write` answers true for a DOCTYPE (in any letter case), false for anything else (the root
 * element, or text that makes the part no XML), undefined while it cannot tell yet.
 */
export class PrologScanner {
  private verdict: boolean | undefined;
  private inside: '?>' | '-->' | undefined;
  private carry = '';
  private started = false;

  write(piece: string): boolean | undefined {
    if (this.verdict !== undefined) return this.verdict;
    let s = this.carry + piece;
    this.carry = '';
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    let i = 0;
    for (;;) {
      if (this.inside) {
        const close = s.indexOf(this.inside, i);
        if (close < 0) {
          // The closing mark may be cut by the end of the piece.
          this.carry = s.slice(Math.max(i, s.length - this.inside.length + 1));
          return undefined;
        }
        i = close + this.inside.length;
        this.inside = undefined;
      }
      while (i < s.length && isSpace(s.charCodeAt(i))) i++;
      if (i >= s.length) return undefined;
      if (s.charCodeAt(i) !== 60) return (this.verdict = false);
      const head = s.slice(i, i + 9).toUpperCase();
      if (head.startsWith('<?')) {
        this.inside = '?>';
        i += 2;
      } else if (head.startsWith('<!--')) {
        this.inside = '-->';
        i += 4;
      } else if (head === '<!DOCTYPE') {
        return (this.verdict = true);
      } else if (head.length < 9 && ('<!DOCTYPE'.startsWith(head) || '<!--'.startsWith(head))) {
        this.carry = s.slice(i);
        return undefined;
      } else {
        return (this.verdict = false);
      }
    }
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}
