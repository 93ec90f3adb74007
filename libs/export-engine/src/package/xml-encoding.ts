/**
 * XML parts are UTF-8 almost always, but Excel Mobile and a few writers save UTF-16 (with a BOM or
 * not), and an old writer may declare a single-byte encoding. The readers scan UTF-8 bytes, so a
 * part in another encoding is recoded as it streams; a UTF-8 part passes through untouched.
 */

/** Turns a part's bytes, piece by piece, into UTF-8. */
export interface Utf8Recoder {
  write(chunk: Buffer): Buffer;
  end(): Buffer;
}

const EMPTY: Buffer = Buffer.alloc(0);
const AS_IS: Utf8Recoder = { write: (chunk) => chunk, end: () => EMPTY };

/**
 * The encoding of a part from its first bytes (XML 1.0 appendix F): a BOM, UTF-16's `<?` pattern,
 * else the declaration's `encoding`. undefined: UTF-8 (or ASCII-compatible text said to be UTF-16,
 * which is what a recoded part looks like), or a label this runtime cannot decode.
 */
export function xmlEncodingOf(head: Buffer): string | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return undefined;
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0 && head[2] === 0x3f && head[3] === 0)) return 'utf-16le';
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0 && head[1] === 0x3c && head[2] === 0 && head[3] === 0x3f)) return 'utf-16be';
  if (head[0] !== 0x3c || head[1] !== 0x3f) return undefined;
  const declEnd = head.indexOf('?>');
  const decl = head.toString('latin1', 0, declEnd < 0 ? Math.min(head.length, 200) : declEnd);
  const label = /\bencoding\s*=\s*["']([^"']+)["']/.exec(decl)?.[1].toLowerCase();
  if (!label || label === 'utf-8' || label === 'utf8' || label.startsWith('utf-16') || label === 'unicode') return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/** Bytes enough to see a BOM or the whole declaration. */
const HEAD_BYTES = 256;

/** A recoder that decides on the part's encoding from its first bytes (held back until there are enough). */
export function utf8Recoder(): Utf8Recoder {
  let chosen: Utf8Recoder | undefined;
  let head = EMPTY;
  return {
    write(chunk) {
      if (chosen) return chosen.write(chunk);
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      if (head.length < HEAD_BYTES && head.indexOf('?>') < 0) return EMPTY;
      chosen = recoderFor(xmlEncodingOf(head));
      return chosen.write(head);
    },
    end() {
      if (!chosen) {
        chosen = recoderFor(xmlEncodingOf(head));
        return Buffer.concat([chosen.write(head), chosen.end()]);
      }
      return chosen.end();
    },
  };
}

function recoderFor(encoding: string | undefined): Utf8Recoder {
  if (encoding === undefined) return AS_IS;
  const decoder = new TextDecoder(encoding);
  return {
    write: (chunk) => Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'),
    end: () => Buffer.from(decoder.decode(), 'utf8'),
  };
}

/** A whole part as text, in its own encoding. */
export function decodeXml(bytes: Buffer): string {
  const encoding = xmlEncodingOf(bytes);
  if (encoding === undefined) return bytes.toString('utf8');
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * A part the writer rewrites goes out as UTF-8, so its declaration must say so (or say nothing):
 * a UTF-16 template's sheet would otherwise be read back with the wrong encoding.
 */
export function declareUtf8(xml: string): string {
  const decl = /^\uFEFF?<\?xml\b[^?]*\?>/.exec(xml);
  if (!decl) return xml;
  const fixed = decl[0].replace(/(\bencoding\s*=\s*)(["'])[^"']*\2/, '$1"UTF-8"').replace(/^\uFEFF/, '');
  return fixed === decl[0] ? xml : fixed + xml.slice(decl[0].length);
}
