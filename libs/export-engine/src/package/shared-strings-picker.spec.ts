import { Readable } from 'node:stream';
import { pickedText, pickSharedStrings } from './shared-strings-picker';
import { readSharedStrings } from './shared-strings-reader';

/** A part in pieces of `size` bytes, as an inflating stream hands it over. */
const pieces = (xml: string, size: number) => {
  const bytes = Buffer.from(xml, 'utf8');
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return () => Promise.resolve(Readable.from(out));
};

/** Every kind of item a writer makes, over and over: plain, preserved spaces, rich runs with a phonetic guide, entities and escapes. */
function table(count: number, prefix = ''): string {
  const p = prefix ? `${prefix}:` : '';
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 5) {
      case 0:
        items.push(`<${p}si><${p}t>${String(i).padStart(9, '0')}</${p}t></${p}si>`);
        break;
      case 1:
        items.push(`<${p}si><${p}t xml:space="preserve"> Молоко ${i} </${p}t></${p}si>`);
        break;
      case 2:
        items.push(`<${p}si><${p}r><${p}t>Сыр</${p}t></${p}r><${p}r><${p}t xml:space="preserve"> ${i}</${p}t></${p}r><${p}rPh><${p}t>ふり</${p}t></${p}rPh></${p}si>`);
        break;
      case 3:
        items.push(`<${p}si><${p}t>A &amp; B &lt;${i}&gt; _x0009_</${p}t></${p}si>`);
        break;
      default:
        items.push(`<${p}si><${p}t/></${p}si>`);
    }
  }
  const ns = prefix ? ` xmlns:${prefix}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"` : ' xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}sst${ns} count="${count}" uniqueCount="${count}">${items.join('')}</${p}sst>`;
}

async function byTags(open: () => Promise<Readable>): Promise<string[]> {
  const all: string[] = [];
  await readSharedStrings(await open(), (i, text) => void (all[i] = text));
  return all;
}

describe('pickSharedStrings: the texts of some shared strings, by index', () => {
  it.each([
    ['whole', 1 << 20, ''],
    ['in 4 KB pieces', 4096, ''],
    ['in pieces that cut items anywhere', 97, ''],
    ['with a namespace prefix', 333, 'x'],
  ])('reads what the tag-level reader reads: %s', async (_what, size, prefix) => {
    const open = pieces(table(5_000, prefix), size);
    const all = await byTags(open);
    const wanted = new Uint8Array(5_000);
    for (let i = 0; i < 5_000; i += 3) wanted[i] = 1;
    const last = 4_200;
    const picked = await pickSharedStrings(await open(), open, wanted, last);
    for (let i = 0; i <= last; i++) expect([i, pickedText(picked, i)]).toEqual([i, wanted[i] ? all[i] : undefined]);
    expect([pickedText(picked, 12), pickedText(picked, 3)]).toEqual(['Сыр 12', 'A & B <3> \t']);
    // Codes of digits only are kept as numbers, their leading zeros as their length.
    expect([picked.texts[30], picked.digitValues[30], picked.digitLengths[30], pickedText(picked, 30)]).toEqual([undefined, 30, 9, '000000030']);
  });

  it('a part with `<si/>` items is read by the tag-level reader, the indices still right', async () => {
    const xml = table(300).replace(/<si><t\/><\/si>/g, '<si/>');
    const open = pieces(xml, 500);
    const wanted = new Uint8Array(300).fill(1);
    const picked = await pickSharedStrings(await open(), open, wanted, 299);
    expect(Array.from({ length: 300 }, (_, i) => pickedText(picked, i))).toEqual(await byTags(open));
  });

  it('nothing wanted: nothing read', async () => {
    const open = pieces(table(10), 100);
    expect((await pickSharedStrings(await open(), open, new Uint8Array(0), -1)).texts).toEqual([]);
  });
});
