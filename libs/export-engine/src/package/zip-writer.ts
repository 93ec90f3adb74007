import { crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  compressionMethod: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  lastModFileTime: number;
  lastModFileDate: number;
}

/**
 * A minimal zip writer (no zip64: exports are a template plus at most 10,000 rows). Unchanged
 * parts of the template go in with their original compressed bytes, so charts, images and
 * everything else the engine does not understand survive bit for bit.
 */
export class ZipWriter {
  private readonly chunks: Buffer[] = [];
  private readonly central: Buffer[] = [];
  private offset = 0;
  private count = 0;

  /** Copies an entry's stored bytes as they are. */
  addRaw(entry: RawEntry, data: Buffer): void {
    this.add(entry.name, entry.compressionMethod, entry.crc32, data, entry.uncompressedSize, entry.lastModFileTime, entry.lastModFileDate);
  }

  /** Adds new content, deflated. */
  addFile(name: string, content: Buffer, time = { time: 0, date: (1 << 5) | 1 }): void {
    const compressed = deflateRawSync(content, { level: 6 });
    this.add(name, 8, crc32(content), compressed, content.length, time.time, time.date);
  }

  private add(name: string, method: number, crc: number, data: Buffer, size: number, time: number, date: number): void {
    const entry = { name, method, crc, compressedSize: data.length, size, time, date };
    const nameBuf = Buffer.from(name, 'utf8');
    this.central.push(centralHeader(entry, this.offset), nameBuf);
    const local = localHeader(entry);
    this.chunks.push(local, nameBuf, data);
    this.offset += local.length + nameBuf.length + data.length;
    this.count++;
  }

  finish(): Buffer {
    const cdSize = this.central.reduce((n, b) => n + b.length, 0);
    return Buffer.concat([...this.chunks, ...this.central, endOfCentralDirectory(this.count, cdSize, this.offset)]);
  }
}

/** What a zip's headers say of one entry. */
export interface ZipEntryHeader {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  time: number;
  date: number;
}

/** Bit 11: the name is UTF-8. */
function flagsOf(name: string): number {
  return /[^\x20-\x7e]/.test(name) ? 0x0800 : 0;
}

/** An entry's local header, without its name (which follows it). */
export function localHeader(e: ZipEntryHeader): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(flagsOf(e.name), 6);
  local.writeUInt16LE(e.method, 8);
  local.writeUInt16LE(e.time, 10);
  local.writeUInt16LE(e.date, 12);
  local.writeUInt32LE(e.crc >>> 0, 14);
  local.writeUInt32LE(e.compressedSize, 18);
  local.writeUInt32LE(e.size, 22);
  local.writeUInt16LE(Buffer.byteLength(e.name, 'utf8'), 26);
  local.writeUInt16LE(0, 28);
  return local;
}

/** An entry's central directory record, without its name; `offset`: where its local header is. */
export function centralHeader(e: ZipEntryHeader, offset: number): Buffer {
  const cd = Buffer.alloc(46);
  cd.writeUInt32LE(0x02014b50, 0);
  cd.writeUInt16LE(20, 4);
  cd.writeUInt16LE(20, 6);
  cd.writeUInt16LE(flagsOf(e.name), 8);
  cd.writeUInt16LE(e.method, 10);
  cd.writeUInt16LE(e.time, 12);
  cd.writeUInt16LE(e.date, 14);
  cd.writeUInt32LE(e.crc >>> 0, 16);
  cd.writeUInt32LE(e.compressedSize, 20);
  cd.writeUInt32LE(e.size, 24);
  cd.writeUInt16LE(Buffer.byteLength(e.name, 'utf8'), 28);
  cd.writeUInt32LE(offset, 42);
  return cd;
}

/** The zip's last record: `count` entries whose directory of `size` bytes starts at `offset`. */
export function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}
