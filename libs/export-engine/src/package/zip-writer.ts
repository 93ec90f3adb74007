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
    const nameBuf = Buffer.from(name, 'utf8');
    const flags = /[^\x20-\x7e]/.test(name) ? 0x0800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);

    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE(time, 12);
    cd.writeUInt16LE(date, 14);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(nameBuf.length, 28);
    cd.writeUInt32LE(this.offset, 42);
    this.central.push(cd, nameBuf);

    this.chunks.push(local, nameBuf, data);
    this.offset += local.length + nameBuf.length + data.length;
    this.count++;
  }

  finish(): Buffer {
    const cdStart = this.offset;
    const cdSize = this.central.reduce((n, b) => n + b.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(cdSize, 12);
    end.writeUInt32LE(cdStart, 16);
    return Buffer.concat([...this.chunks, ...this.central, end]);
  }
}
