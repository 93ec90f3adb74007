import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import { constants, createInflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';
import * as yauzl from 'yauzl';
import { decodeXml, utf8Recoder, type Utf8Recoder } from './xml-encoding';

/**
 * Output size of one inflate step. Every step is a thread-pool round trip plus stream callbacks on
 * the main thread; 256 KB pieces cost clearly less CPU on a 150 MB sheet than 64 KB ones (measured
 * on the benchmark's 100k list) and peak memory did not move: a piece's decoded string still dies young.
 */
const INFLATE_CHUNK = 256 * 1024;
const READ_AHEAD = 1024 * 1024;
/**
 * Compressed bytes are read from disk in steps this big. yauzl's own entry streams read 16 KB at
 * a time through fd-slicer, which cost ~60 ms of main-thread CPU for the 8 MB sheet of the 100k
 * benchmark list; plain positional file reads of 256 KB cost a few ms.
 */
const READ_CHUNK = 256 * 1024;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/**
 * A zip held in memory inflates parts up to this size in one synchronous call. For the small
 * files most tasks have, the thread-pool hops and stream callbacks of the streaming path cost
 * more than the inflating itself (and the inflating then runs on the engine's own, lower
 * priority thread instead of the shared pool).
 */
const SYNC_INFLATE_MAX = 4 * 1024 * 1024;

/**
 * A zip opened for random access (yauzl reads the central directory first and inflates entries
 * only on demand), so a 25 MB price list on disk is never held in memory as a whole.
 */
export class ZipSource {
  private readonly byLowerName = new Map<string, yauzl.Entry>();
  /** Inflated parts of an in-memory zip: the price passes read sharedStrings up to three times. */
  private readonly inflatedParts = new Map<yauzl.Entry, Buffer>();
  /** Where each entry's data starts, once its local header was read (zip-layout.ts reads them all). */
  private readonly dataStarts = new Map<yauzl.Entry, number>();

  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: yauzl.Entry[],
    /** The zip's path when it was opened from disk. */
    private readonly path?: string,
    /** The zip's bytes when it was opened from memory. */
    private readonly data?: Buffer,
  ) {
    for (const e of entries) {
      const key = e.fileName.toLowerCase();
      if (!this.byLowerName.has(key)) this.byLowerName.set(key, e);
    }
  }

  /** Opens the zip and reads its central directory, unless it declares more than `maxEntries`. */
  static async open(file: string | Buffer, maxEntries = Infinity): Promise<ZipSource> {
    const options: yauzl.Options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true };
    const zip = typeof file === 'string' ? await yauzl.openPromise(file, options) : await yauzl.fromBufferPromise(file, options);
    if (zip.entryCount > maxEntries) {
      zip.close();
      throw new TooManyEntriesError(zip.entryCount);
    }
    try {
      const entries = await readDirectory(zip);
      return typeof file === 'string' ? new ZipSource(zip, entries, file) : new ZipSource(zip, entries, undefined, file);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  get fileSize(): number {
    return this.zip.fileSize;
  }

  /** Part names in OOXML are case-insensitive (Excel happily writes `xl/SharedStrings.xml`). */
  find(name: string): yauzl.Entry | undefined {
    return this.byLowerName.get(name.replace(/^\/+/, '').toLowerCase());
  }

  /**
   * Inflated bytes of the entry. Inflated here rather than by yauzl to use big output chunks
   * (fewer thread-pool round trips on a 150 MB sheet); the real size is still checked against
   * the directory's claim, so a zip bomb with a lying directory stops at the declared size.
   */
  async openStream(entry: yauzl.Entry): Promise<Readable> {
    return this.open(entry);
  }

  /** An XML part's content as UTF-8, whatever its own encoding (see `xml-encoding.ts`). */
  async openXmlStream(entry: yauzl.Entry): Promise<Readable> {
    return this.open(entry, utf8Recoder());
  }

  private async open(entry: yauzl.Entry, recoder?: Utf8Recoder): Promise<Readable> {
    if (this.inMemory(entry) && entry.uncompressedSize <= SYNC_INFLATE_MAX) {
      let bytes = this.inflated(entry);
      if (recoder) {
        const head = recoder.write(bytes);
        const tail = recoder.end();
        // A UTF-8 part comes back as it is: no copy.
        bytes = tail.length === 0 ? head : Buffer.concat([head, tail]);
      }
      return Readable.from([bytes], { objectMode: false });
    }
    if (entry.compressionMethod !== 8) {
      const stream = await this.zip.openReadStreamPromise(entry);
      return recoder ? pipeline(stream, recoding(recoder), () => undefined) : stream;
    }
    const raw = await this.openRawStream(entry);
    // A deep buffer lets the thread pool inflate ahead while the main thread parses.
    // (Node passes stream options through to the Transform; the typings do not list them.)
    const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK, highWaterMark: READ_AHEAD } as ZlibOptions);
    const limit = entry.uncompressedSize;
    let seen = 0;
    const checked = new Transform({
      highWaterMark: READ_AHEAD,
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(seen > limit ? new Error('entry larger than its declared size') : null, recoder ? recoder.write(chunk) : chunk);
      },
      flush(done) {
        done(seen !== limit ? new Error('entry size differs from its declared size') : null, recoder?.end());
      },
    });
    return pipeline(raw, inflate, checked, () => undefined);
  }

  /** The stored (still compressed) bytes, for copying an entry to another zip untouched. */
  async openRawStream(entry: yauzl.Entry): Promise<Readable> {
    if (this.inMemory(entry)) return Readable.from([this.stored(entry)], { objectMode: false });
    if (this.path === undefined) return this.zip.openReadStreamPromise(entry, { decodeFileData: false });
    const start = await this.dataOffset(entry);
    if (entry.compressedSize === 0) return Readable.from([]);
    return createReadStream(this.path, { start, end: start + entry.compressedSize - 1, highWaterMark: READ_CHUNK });
  }

  /**
   * `length` bytes of the zip file at `position` (fewer at its end), for reading many small places
   * in one go (zip-layout.ts): `read` may be called until `done` resolves.
   */
  async readPlaces<T>(done: (read: (position: number, length: number) => Promise<Buffer>) => Promise<T>): Promise<T> {
    if (this.data !== undefined) {
      const data = this.data;
      return done(async (position, length) => data.subarray(Math.min(position, data.length), Math.min(position + length, data.length)));
    }
    const file = await open(this.path!, 'r');
    try {
      return await done(async (position, length) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, this.fileSize - position)));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      });
    } finally {
      await file.close();
    }
  }

  /** Remembers where an entry's data starts (read from its local header): later reads skip the header. */
  noteDataStart(entry: yauzl.Entry, start: number): void {
    this.dataStarts.set(entry, start);
  }

  /** Where an entry's data starts: after its local header, whose name and extra field lengths may differ from the directory's. */
  private async dataOffset(entry: yauzl.Entry): Promise<number> {
    const known = this.dataStarts.get(entry);
    if (known !== undefined) return known;
    const file = await open(this.path!, 'r');
    try {
      const header = Buffer.alloc(30);
      const { bytesRead } = await file.read(header, 0, 30, entry.relativeOffsetOfLocalHeader);
      if (bytesRead < 30 || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw new Error('invalid local file header signature');
      return entry.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    } finally {
      await file.close();
    }
  }

  async readBuffer(entry: yauzl.Entry, raw = false): Promise<Buffer> {
    if (this.inMemory(entry) && (raw || entry.uncompressedSize <= SYNC_INFLATE_MAX)) return raw ? this.stored(entry) : this.inflated(entry);
    const stream = raw ? await this.openRawStream(entry) : await this.openStream(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * The first inflated bytes of each entry in turn (what `min` stored bytes hold, at least), with
   * one file handle for them all, never inflating or keeping the whole of one. An entry that cannot
   * be read so (encrypted, another method, broken data) comes with none.
   */
  async readHeads(min: number, onHead: (entry: yauzl.Entry, head: Buffer | undefined) => Promise<void>): Promise<void> {
    await this.readPlaces(async (read) => {
      for (const entry of this.entries) {
        let head: Buffer | undefined;
        if (!entry.isEncrypted() && (entry.compressionMethod === 0 || entry.compressionMethod === 8)) {
          try {
            const start = this.dataStarts.get(entry) ?? (await localDataStart(read, entry.relativeOffsetOfLocalHeader));
            const stored = await read(start, Math.min(min, entry.compressedSize));
            // A cut deflate stream: flushed, not finished, so what it holds comes out without an error.
            head = entry.compressionMethod === 0 ? stored : inflateRawSync(stored, { finishFlush: constants.Z_SYNC_FLUSH });
          } catch {
            head = undefined;
          }
        }
        await onHead(entry, head);
      }
    });
  }

  /** An XML part as text, decoded in its own encoding. */
  async readText(entry: yauzl.Entry): Promise<string> {
    return decodeXml(await this.readBuffer(entry));
  }

  /** Entries of an in-memory zip that need no decryption and use a method we inflate ourselves. */
  private inMemory(entry: yauzl.Entry): boolean {
    return this.data !== undefined && !entry.isEncrypted() && (entry.compressionMethod === 0 || entry.compressionMethod === 8);
  }

  /** The stored bytes of an entry of the in-memory zip (a view, not a copy). */
  private stored(entry: yauzl.Entry): Buffer {
    const data = this.data!;
    const at = entry.relativeOffsetOfLocalHeader;
    if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER_SIGNATURE) throw new Error('invalid local file header signature');
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    if (start + entry.compressedSize > data.length) throw new Error('entry data runs past the end of the zip');
    return data.subarray(start, start + entry.compressedSize);
  }

  /** Inflated in one call, never past the size the directory declares. */
  private inflated(entry: yauzl.Entry): Buffer {
    const known = this.inflatedParts.get(entry);
    if (known) return known;
    const stored = this.stored(entry);
    let out: Buffer;
    if (entry.compressionMethod === 0) out = stored;
    else {
      try {
        out = inflateRawSync(stored, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
      } catch (err) {
        const tooBig = (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
        throw new Error(tooBig ? 'entry larger than its declared size' : `invalid deflate data: ${(err as Error).message}`);
      }
    }
    if (out.length !== entry.uncompressedSize) throw new Error('entry size differs from its declared size');
    this.inflatedParts.set(entry, out);
    return out;
  }

  close(): void {
    this.inflatedParts.clear();
    if (this.zip.isOpen) this.zip.close();
  }
}

export class TooManyEntriesError extends Error {
  constructor(readonly count: number) {
    super(`zip declares ${count} entries`);
  }
}

function recoding(recoder: Utf8Recoder): Transform {
  return new Transform({
    transform: (chunk: Buffer, _enc, done) => done(null, recoder.write(chunk)),
    flush: (done) => done(null, recoder.end()),
  });
}

/** Where the data of the entry whose local header is at `at` starts. */
async function localDataStart(read: (position: number, length: number) => Promise<Buffer>, at: number): Promise<number> {
  const header = await read(at, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw new Error('invalid local file header signature');
  return at + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

function readDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}
