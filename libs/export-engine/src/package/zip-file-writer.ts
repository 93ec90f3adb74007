import { open, rm, type FileHandle } from 'node:fs/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { centralHeader, endOfCentralDirectory, localHeader, type ZipEntryHeader } from './zip-writer';

/** Text gathered before it is deflated: big enough to compress well, small enough to be no burden. */
const FLUSH_CHARS = 256 * 1024;
/** Bytes gathered before they are written: a small workbook is one write. */
const WRITE_BYTES = 1024 * 1024;
/** 1980-01-01 00:00, as ZipWriter dates its parts. */
const DOS_TIME = { time: 0, date: (1 << 5) | 1 };

/**
 * A zip written to a file as it is made, for a part too big to hold (a diff's list of every
 * change): each entry's text is deflated in pieces and written out once a megabyte has gathered,
 * and its local header is filled in at the entry's end (in memory while it is still there). A
 * piece is deflated on its own with a sync flush, so the pieces joined are one valid deflate
 * stream (the last ends it) with nothing of an earlier one kept. No zip64: an entry and the file
 * stay below 4 GB.
 */
export class ZipFileWriter {
  private readonly central: Buffer[] = [];
  /** Bytes made so far, written or not. */
  private offset = 0;
  private count = 0;
  private current?: ZipEntryWriter;
  /** Bytes not yet written, from file offset `written` on. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private written = 0;

  private constructor(private readonly file: FileHandle, private readonly path: string) {}

  static async create(path: string): Promise<ZipFileWriter> {
    return new ZipFileWriter(await open(path, 'w'), path);
  }

  /** A small part, deflated whole. */
  async addFile(name: string, content: string): Promise<void> {
    const entry = await this.openEntry(name);
    entry.write(content);
    await entry.end();
  }

  /** A part written in pieces; the next part may be opened once its `end` is done. */
  async openEntry(name: string): Promise<ZipEntryWriter> {
    if (this.current) throw new Error(`zip entry ${this.current.name} is still open`);
    const header = localHeader({ name, method: 8, crc: 0, compressedSize: 0, size: 0, ...DOS_TIME });
    const entry = new ZipEntryWriter(this, name, this.offset, header);
    await this.append(header);
    await this.append(Buffer.from(name, 'utf8'));
    this.current = entry;
    return entry;
  }

  /** Ends the zip (its central directory) and closes the file. */
  async finish(): Promise<void> {
    if (this.current) throw new Error(`zip entry ${this.current.name} is still open`);
    const directory = Buffer.concat(this.central);
    await this.append(Buffer.concat([directory, endOfCentralDirectory(this.count, directory.length, this.offset)]));
    await this.flush();
    await this.file.close();
  }

  /** Closes and removes the file: nothing half-written is left behind. */
  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  /** @internal */
  async append(bytes: Buffer): Promise<void> {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.offset += bytes.length;
    if (this.pendingBytes >= WRITE_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const bytes = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.file.write(bytes, 0, bytes.length, this.written);
    this.written += bytes.length;
  }

  /**
   * @internal The entry that started at `at` is complete: its header (`placeholder`, still in
   * memory unless written out since) is filled in, and the entry listed.
   */
  async close(entry: ZipEntryHeader, at: number, placeholder: Buffer): Promise<void> {
    const header = localHeader(entry);
    if (at >= this.written) header.copy(placeholder);
    else await this.file.write(header, 0, header.length, at);
    this.central.push(centralHeader(entry, at), Buffer.from(entry.name, 'utf8'));
    this.count++;
    this.current = undefined;
  }
}

/** One part being written: `write` its text in order, then `end` it. */
export class ZipEntryWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private crc = 0;
  private size = 0;
  private compressedSize = 0;
  /** The previous piece's write, awaited before the next so pieces land in order. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly zip: ZipFileWriter,
    readonly name: string,
    private readonly at: number,
    private readonly placeholder: Buffer,
  ) {}

  /**
   * Adds text; when enough has gathered it is deflated and its write started. The returned promise
   * settles when that write is done: a caller writing much awaits it now and then, so the file
   * keeps up and memory stays flat.
   */
  write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush(false);
    return this.writing;
  }

  async end(): Promise<void> {
    this.flush(true);
    await this.writing;
    await this.zip.close({ name: this.name, method: 8, crc: this.crc, compressedSize: this.compressedSize, size: this.size, ...DOS_TIME }, this.at, this.placeholder);
  }

  private flush(last: boolean): void {
    const bytes = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    const deflated = deflateRawSync(bytes, { level: 6, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
    this.compressedSize += deflated.length;
    this.writing = this.writing.then(() => this.zip.append(deflated));
  }
}
