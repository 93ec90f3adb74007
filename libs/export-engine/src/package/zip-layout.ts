import type { Entry } from 'yauzl';
import type { ZipSource } from './zip-source';

/**
 * What the zip's directory alone cannot show (DESIGN §15): entries whose data overlap (190
 * directory entries pointing at one 2 MB entry made every export of a 2 MB template 398 MB), a
 * name given twice, or a local header (or data descriptor) that says another name or other sizes
 * than the directory. Readers disagree on such a file, so it is refused rather than read one way.
 */
export type ZipLayoutProblem = 'overlap' | 'name' | 'header';

export class ZipLayoutError extends Error {
  constructor(
    readonly problem: ZipLayoutProblem,
    /** The entry it was found at (its directory name). */
    readonly entryName: string,
  ) {
    super(`zip layout: ${problem} at ${entryName}`);
  }
}

const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const LOCAL_HEADER = 30;
/** General purpose flag bit 3: sizes and CRC follow the data, in a data descriptor. */
const HAS_DESCRIPTOR = 0x0008;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;

/**
 * Reads every local header once (one file handle for a zip on disk), checks it against the
 * directory, and checks that no two entries' bytes — header, data, descriptor — overlap. Where
 * each entry's data starts is noted in `zip` for the reads that follow.
 */
export async function checkZipLayout(zip: ZipSource): Promise<void> {
  const seen = new Set<string>();
  for (const e of zip.entries) {
    // Part names are case-insensitive in OOXML: `a.xml` and `A.xml` are one name given twice.
    const key = e.fileName.toLowerCase();
    if (seen.has(key)) throw new ZipLayoutError('name', e.fileName);
    seen.add(key);
  }
  const byOffset = [...zip.entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  await zip.readPlaces(async (read) => {
    let end = 0;
    for (const e of byOffset) {
      if (e.relativeOffsetOfLocalHeader < end) throw new ZipLayoutError('overlap', e.fileName);
      end = await localExtent(e, read, zip);
    }
  });
}

type Read = (position: number, length: number) => Promise<Buffer>;

/** Where the entry's bytes end (after its data descriptor, if any); throws when its local header disagrees with the directory. */
async function localExtent(e: Entry, read: Read, zip: ZipSource): Promise<number> {
  const at = e.relativeOffsetOfLocalHeader;
  const wrong = () => new ZipLayoutError('header', e.fileName);
  let head = await read(at, LOCAL_HEADER + e.fileNameLength + 64);
  if (head.length < LOCAL_HEADER || head.readUInt32LE(0) !== LOCAL_SIGNATURE) throw wrong();
  const flags = head.readUInt16LE(6);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (head.length < LOCAL_HEADER + nameLength + extraLength) head = await read(at, LOCAL_HEADER + nameLength + extraLength);
  if (head.length < LOCAL_HEADER + nameLength + extraLength) throw wrong();
  const name = head.subarray(LOCAL_HEADER, LOCAL_HEADER + nameLength);
  if (!name.equals(e.fileNameRaw) || head.readUInt16LE(8) !== e.compressionMethod) throw wrong();
  const dataStart = at + LOCAL_HEADER + nameLength + extraLength;
  zip.noteDataStart(e, dataStart);
  const dataEnd = dataStart + e.compressedSize;

  const sizes = localSizes(head, nameLength, extraLength);
  if (!(flags & HAS_DESCRIPTOR)) {
    if (sizes.compressed !== e.compressedSize || sizes.uncompressed !== e.uncompressedSize) throw wrong();
    return dataEnd;
  }
  // Streaming writers leave the local sizes 0 and put them after the data.
  if ((sizes.compressed !== 0 || sizes.uncompressed !== 0) && (sizes.compressed !== e.compressedSize || sizes.uncompressed !== e.uncompressedSize)) throw wrong();
  return dataEnd + descriptorLength(e, await read(dataEnd, 24), wrong);
}

/** The local header's sizes, from its zip64 extra field when they do not fit 32 bits. */
function localSizes(head: Buffer, nameLength: number, extraLength: number): { compressed: number; uncompressed: number } {
  let compressed = head.readUInt32LE(18);
  let uncompressed = head.readUInt32LE(22);
  if (compressed !== MAX32 && uncompressed !== MAX32) return { compressed, uncompressed };
  const extra = head.subarray(LOCAL_HEADER + nameLength, LOCAL_HEADER + nameLength + extraLength);
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const size = extra.readUInt16LE(p + 2);
    if (id === ZIP64_EXTRA && size >= 16 && p + 4 + size <= extra.length) {
      uncompressed = Number(extra.readBigUInt64LE(p + 4));
      compressed = Number(extra.readBigUInt64LE(p + 12));
      break;
    }
    p += 4 + size;
  }
  return { compressed, uncompressed };
}

/** The data descriptor's length (with or without its signature; zip64's 8-byte sizes) when it repeats the directory's sizes. */
function descriptorLength(e: Entry, d: Buffer, wrong: () => ZipLayoutError): number {
  const signed = d.length >= 4 && d.readUInt32LE(0) === DESCRIPTOR_SIGNATURE ? 4 : 0;
  const at = signed + 4;
  if (d.length >= at + 8 && d.readUInt32LE(at) === e.compressedSize && d.readUInt32LE(at + 4) === e.uncompressedSize) return at + 8;
  if (d.length >= at + 16 && Number(d.readBigUInt64LE(at)) === e.compressedSize && Number(d.readBigUInt64LE(at + 8)) === e.uncompressedSize) return at + 16;
  throw wrong();
}
