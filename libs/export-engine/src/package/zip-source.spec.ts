import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { FIXTURES } from '../testing/fixtures';
import { ZipSource } from './zip-source';
import { ZipWriter } from './zip-writer';

/** A zip opened from memory (small files) must read exactly like one streamed from disk. */

async function everyEntry(zip: ZipSource, raw: boolean): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of zip.entries) out.set(e.fileName, await zip.readBuffer(e, raw));
  return out;
}

async function streamed(zip: ZipSource): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of zip.entries) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openStream(e)) chunks.push(c as Buffer);
    out.set(e.fileName, Buffer.concat(chunks));
  }
  return out;
}

describe('ZipSource from memory and from disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pe-zip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['price-sample.xlsx', 'lo-price-sample.xlsx', 'template-sample.xlsx'])('%s: the same bytes, raw and inflated, read or streamed', async (name) => {
    const path = join(FIXTURES, name);
    const fromDisk = await ZipSource.open(path);
    const fromMemory = await ZipSource.open(readFileSync(path));
    try {
      expect(fromMemory.entries.map((e) => e.fileName)).toEqual(fromDisk.entries.map((e) => e.fileName));
      for (const raw of [false, true]) expect(await everyEntry(fromMemory, raw)).toEqual(await everyEntry(fromDisk, raw));
      expect(await streamed(fromMemory)).toEqual(await streamed(fromDisk));
      // Read twice (the price passes do): the second read gives the same bytes.
      expect(await everyEntry(fromMemory, false)).toEqual(await everyEntry(fromDisk, false));
    } finally {
      fromDisk.close();
      fromMemory.close();
    }
  });

  it('stored (uncompressed) entries are returned as they are', async () => {
    const w = new ZipWriter();
    const body = Buffer.from('<x>stored</x>');
    w.addRaw({ name: 'a.xml', compressionMethod: 0, crc32: 0, compressedSize: body.length, uncompressedSize: body.length, lastModFileTime: 0, lastModFileDate: 33 }, body);
    const zip = await ZipSource.open(w.finish());
    try {
      expect((await zip.readBuffer(zip.entries[0])).toString()).toBe('<x>stored</x>');
    } finally {
      zip.close();
    }
  });

  it.each([
    ['larger than declared', 100, 'entry larger than its declared size'],
    ['smaller than declared', 20_000, 'entry size differs from its declared size'],
  ])('an entry %s is refused, from memory and from disk', async (_what, declared, message) => {
    const payload = Buffer.alloc(10_000, 'x');
    const w = new ZipWriter();
    w.addRaw({ name: 'a.xml', compressionMethod: 8, crc32: 0, compressedSize: 0, uncompressedSize: declared, lastModFileTime: 0, lastModFileDate: 33 }, deflateRawSync(payload));
    const bytes = w.finish();
    const path = join(dir, `lying-${declared}.zip`);
    writeFileSync(path, bytes);
    for (const source of [bytes, path]) {
      const zip = await ZipSource.open(source);
      try {
        await expect(zip.readBuffer(zip.entries[0])).rejects.toThrow(message);
      } finally {
        zip.close();
      }
    }
  });
});
