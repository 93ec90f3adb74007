/**
 * Pieces of a streamed part held until what they hold can be read (a whole string item): joined
 * and tried again only once they have doubled since the last try. Joining at every piece copied
 * and searched one item of 30 MB about a hundred times (a check of a price list with such a cell
 * took 20 s); doubling reads it a few times over, and a part of short items is tried at every
 * piece as before.
 */
export class HeldPieces<T extends string | Buffer> {
  private pieces: T[] = [];
  private length = 0;
  /** What the last try left unread. */
  private left = 0;

  constructor(private readonly join: (pieces: T[], length: number) => T) {}

  /** How much is held. */
  get size(): number {
    return this.length;
  }

  /** Holds a piece; everything held, to be tried, once it has doubled since the last try. */
  add(piece: T): T | undefined {
    this.pieces.push(piece);
    this.length += piece.length;
    return this.length < 2 * this.left ? undefined : this.take();
  }

  /** Everything held, and `extra` after it; nothing is held afterwards. */
  take(extra?: T): T {
    if (extra !== undefined) {
      this.pieces.push(extra);
      this.length += extra.length;
    }
    const all = this.join(this.pieces, this.length);
    this.pieces = [];
    this.length = 0;
    return all;
  }

  /** What a try left unread, held for the next. */
  keep(rest: T): void {
    this.pieces = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    this.left = rest.length;
  }
}

export const joinBuffers = (pieces: Buffer[], length: number): Buffer => (pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, length));
export const joinStrings = (pieces: string[]): string => (pieces.length === 1 ? pieces[0] : pieces.join(''));
