import { crc32, deflateRawSync } from 'node:zlib';
import { zipEntries } from './zip-entries';

/** One entry of a crafted zip. */
export interface CraftedEntry {
  name: string;
  content: Buffer;
  /** Stored as it is (method 0) instead of deflated. */
  stored?: boolean;
  /** Sizes the local header claims, when they are to differ from the directory's. */
  localSizes?: { compressed: number; uncompressed: number };
  /** Sizes after the data in a data descriptor (flag bit 3), as streaming writers put them; `lie`: other sizes there. */
  descriptor?: { lie?: boolean };
}

/** A directory entry of its own name that points at another entry's local header. */
export interface CraftedAlias {
  name: string;
  of: string;
}

/**
 * A zip written byte by byte, for layouts no writer makes (DESIGN §15): `aliases` are directory
 * entries that point at another entry's bytes (overlapping entries), a name may be given twice,
 * a local header may claim other sizes than the directory. Test-only.
 */
export function craftZip(entries: readonly CraftedEntry[], aliases: readonly CraftedAlias[] = []): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  const directory = (name: Buffer, method: number, flags: number, crc: number, size: number, usize: number, at: number) => {
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE((1 << 5) | 1, 14);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(size, 20);
    cd.writeUInt32LE(usize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(at, 42);
    central.push(cd, name);
  };
  const written = new Map<string, { method: number; flags: number; crc: number; size: number; usize: number }>();
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = e.stored ? e.content : deflateRawSync(e.content);
    const method = e.stored ? 0 : 8;
    const crc = crc32(e.content) >>> 0;
    const flags = (e.descriptor ? 0x0008 : 0) | 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE((1 << 5) | 1, 12);
    const claimed = e.localSizes ?? (e.descriptor ? { compressed: 0, uncompressed: 0 } : { compressed: data.length, uncompressed: e.content.length });
    local.writeUInt32LE(e.descriptor ? 0 : crc, 14);
    local.writeUInt32LE(claimed.compressed, 18);
    local.writeUInt32LE(claimed.uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    const parts = [local, name, data];
    if (e.descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(crc, 4);
      d.writeUInt32LE(data.length + (e.descriptor.lie ? 1 : 0), 8);
      d.writeUInt32LE(e.content.length, 12);
      parts.push(d);
    }
    if (!offsets.has(e.name)) offsets.set(e.name, offset);
    directory(name, method, flags, crc, data.length, e.content.length, offset);
    written.set(e.name, { method, flags, crc, size: data.length, usize: e.content.length });
    for (const p of parts) {
      locals.push(p);
      offset += p.length;
    }
  }
  for (const a of aliases) {
    const target = written.get(a.of);
    const at = offsets.get(a.of);
    if (!target || at === undefined) throw new Error(`${a.of} not in the crafted zip`);
    directory(Buffer.from(a.name, 'utf8'), target.method, target.flags, target.crc, target.size, target.usize, at);
  }
  const count = entries.length + aliases.length;
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** The entries of an xlsx, to craft a variant of it. */
export async function craftedEntriesOf(xlsx: Buffer): Promise<CraftedEntry[]> {
  return [...(await zipEntries(xlsx))].map(([name, content]) => ({ name, content }));
}
