/**
 * A cheap "certainly not an item key" test for the hot loops over the price list, run before any
 * string is cut or decoded. Most short texts and numbers of a price list (other rows' codes,
 * stock counts) are no item's key; proving that from the raw bytes/chars saves decoding them,
 * normalising them and hashing them into the key map.
 *
 * Only texts made of [0-9a-z-./#] are judged: their normalised key (DESIGN §5.2) is the text
 * itself, bar the leading zeros of an all-digit text, so it can only equal an item key of the
 * same kind, whose hash is in the bit set. Anything else "may be a key" and takes the exact path.
 */
const BITS = 1 << 20;

export class KeyFilter {
  private readonly bits = new Uint32Array(BITS >>> 5);

  constructor(keys: Iterable<string>) {
    for (const key of keys) {
      let h = 0x811c9dc5;
      for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
      const b = (h >>> 0) & (BITS - 1);
      this.bits[b >>> 5] |= 1 << (b & 31);
    }
  }

  /** False when the UTF-8 text in buf[from, to) is certainly no key; true when it may be one. */
  mayBeKeyBytes(buf: Uint8Array, from: number, to: number): boolean {
    let digits = true;
    for (let i = from; i < to; i++) {
      const c = buf[i];
      if (!isPlain(c)) return true;
      if (c < 48 || c > 57) digits = false;
    }
    if (digits) while (from < to - 1 && buf[from] === 48) from++;
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ buf[i], 16777619);
    return this.has(h);
  }

  /** The same for s[from, to) of a string. */
  mayBeKeyChars(s: string, from: number, to: number): boolean {
    let digits = true;
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (!isPlain(c)) return true;
      if (c < 48 || c > 57) digits = false;
    }
    if (digits) while (from < to - 1 && s.charCodeAt(from) === 48) from++;
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return this.has(h);
  }

  private has(h: number): boolean {
    const b = (h >>> 0) & (BITS - 1);
    return (this.bits[b >>> 5] & (1 << (b & 31))) !== 0;
  }
}

/** [0-9a-z-./#]: no case, space, look-alike or escape to fold. */
function isPlain(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 45 || c === 46 || c === 47 || c === 35;
}
