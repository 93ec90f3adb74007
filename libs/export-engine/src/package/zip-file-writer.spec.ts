import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ZipFileWriter } from './zip-file-writer';
import { ZipSource } from './zip-source';

describe('ZipFileWriter: a zip streamed to a file', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'zip-file-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an entry written in many pieces inflates back whole, with the sizes and CRC its headers say', async () => {
    const path = join(dir, 'a.zip');
    const zip = await ZipFileWriter.create(path);
    await zip.addFile('small.xml', '<a>ё</a>');
    const entry = await zip.openEntry('big.xml');
    const lines: string[] = [];
    for (let i = 0; i < 60_000; i++) {
      const line = `<row r="${i}"><c><v>${(i * 7919) % 100_003}</v></c><c t="inlineStr"><is><t>Позиция ${i}</t></is></c></row>`;
      lines.push(line);
      if (i % 1000 === 0) await entry.write(line);
      else void entry.write(line);
    }
    await entry.end();
    await zip.addFile('after.xml', '<b/>');
    await zip.finish();

    const read = await ZipSource.open(path);
    try {
      expect(read.entries.map((e) => e.fileName)).toEqual(['small.xml', 'big.xml', 'after.xml']);
      const big = read.find('big.xml')!;
      const content = await read.readBuffer(big);
      // Over 5 MB: some twenty deflated pieces, each ended with a sync flush, the last with the end.
      expect(content.toString('utf8')).toBe(lines.join(''));
      expect([big.uncompressedSize, big.crc32]).toEqual([content.length, crc32(content)]);
      expect(big.compressedSize).toBeLessThan(content.length / 3);
      expect((await read.readText(read.find('small.xml')!)).toString()).toBe('<a>ё</a>');
    } finally {
      read.close();
    }
  });

  it('one entry at a time, and abort leaves no file', async () => {
    const path = join(dir, 'b.zip');
    const zip = await ZipFileWriter.create(path);
    await zip.openEntry('one.xml');
    await expect(zip.openEntry('two.xml')).rejects.toThrow('still open');
    await zip.abort();
    expect(existsSync(path)).toBe(false);
  });
});
