import { Readable } from 'node:stream';
import { mayBeKey, normalizeKey } from './key-normalizer';
import { indexSharedStrings, readStringsAt, STRIDE } from './shared-strings-index';
import { readSharedStrings } from '../package/shared-strings-reader';

/** Feeds XML in small chunks so every boundary falls inside some `<si>` somewhere. */
function chunked(xml: string, size: number): Readable {
  const buf = Buffer.from(xml, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
  return Readable.from(parts);
}

const sst = (items: string[], p = '') =>
  `<?xml version="1.0"?><${p}sst xmlns${p ? ':' + p.slice(0, -1) : ''}="urn:x" count="${items.length}">${items.map((i) => `<${p}si>${i}</${p}si>`).join('')}</${p}sst>`;

const ITEMS = [
  '<t>0031000</t>',
  '<t>Молоко фермерское 900 г</t>',
  '<t xml:space="preserve"> GM-77005 </t>',
  '<r><t>GM-</t></r><r><rPr><b/></rPr><t>1</t></r><rPh><t>x</t></rPh>',
  '<t>A&amp;B</t>',
  '<t>\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0q1</t>',
  '<t>0000000000000000000000000000000042</t>',
  '<t>с1</t>',
  '<t>Кефир</t>',
  '<t>x_x0041_</t>',
  '<t></t>',
  '<t>𝒳1</t>',
  '<t><![CDATA[C&1]]></t>',
];

async function expected(xml: string, keys: Set<string>, max: number) {
  const k = new Map<number, string>();
  const texts: string[] = [];
  await readSharedStrings(chunked(xml, 64), (i, text) => {
    texts[i] = text;
    if (!mayBeKey(text, max)) return;
    const key = normalizeKey(text);
    if (key !== '' && keys.has(key)) k.set(i, key);
  });
  return { k, texts };
}

describe('indexSharedStrings / readStringsAt', () => {
  const keys = new Set(['31000', 'gm-77005', 'gm-1', 'a&b', 'q1', '42', 'c1', 'xa', '𝒳1', 'c&1']);
  for (const p of ['', 'x:']) {
    for (const size of [1, 5, 13, 4096]) {
      it(`finds the same keys and texts as the tag reader (prefix '${p}', chunks of ${size})`, async () => {
        const many = Array.from({ length: 3 * STRIDE + 3 }, (_v, i) => ITEMS[i % ITEMS.length]);
        const xml = sst(many, p);
        const want = await expected(xml, keys, 8);
        const index = await indexSharedStrings(chunked(xml, size), (key) => keys.has(key), 8);
        expect(index).toBeDefined();
        expect([...index!.keys].sort((a, b) => a[0] - b[0])).toEqual([...want.k].sort((a, b) => a[0] - b[0]));
        // (The items' <t> carry no prefix: with 'x:' no text is read at all.)
        if (p === '') expect([...index!.keys.values()]).toContain('c&1');
        const needed = [0, 1, 3, STRIDE - 1, STRIDE, STRIDE + 1, 2 * STRIDE + 5, many.length - 1];
        const texts = await readStringsAt(chunked(xml, size), index!, needed);
        expect(needed.map((i) => texts.get(i))).toEqual(needed.map((i) => want.texts[i]));
      });
    }
  }

  it('reads string items of 300,000 characters among short ones, in chunks of any size, as read whole', async () => {
    const long = 'д'.repeat(300_000);
    const many = [ITEMS[0], `<t>${long}</t>`, ...ITEMS, `<r><t>${long}</t></r><r><t>1</t></r>`, ITEMS[8]];
    const xml = sst(many);
    const whole = await expected(xml.replace(/^/, ''), keys, 8);
    expect([whole.texts[1], whole.texts[many.length - 2]]).toEqual([long, `${long}1`]);
    for (const size of [777, 4096, 65_536]) {
      const texts: string[] = [];
      await readSharedStrings(chunked(xml, size), (i, text) => {
        texts[i] = text;
      });
      expect(texts).toEqual(whole.texts);
      const index = await indexSharedStrings(chunked(xml, size), (key) => keys.has(key), 8);
      expect([...index!.keys]).toEqual([...whole.k]);
      const needed = [0, 1, 2, many.length - 2, many.length - 1];
      const read = await readStringsAt(chunked(xml, size), index!, needed);
      expect(needed.map((i) => read.get(i))).toEqual(needed.map((i) => whole.texts[i]));
    }
  });

  it('a short part whose root comes late, in one-byte chunks: nothing held back is lost at its end', async () => {
    const xml = sst(['<t>0031000</t>', '<t>Кефир</t>']).replace('?>', `?><!--${' '.repeat(200)}-->`);
    const texts: string[] = [];
    await readSharedStrings(chunked(xml, 1), (i, text) => {
      texts[i] = text;
    });
    expect(texts).toEqual(['0031000', 'Кефир']);
    const index = await indexSharedStrings(chunked(xml, 1), (key) => keys.has(key), 8);
    expect([...index!.keys]).toEqual([[0, '31000']]);
    expect([...(await readStringsAt(chunked(xml, 1), index!, [0, 1]))]).toEqual([
      [0, '0031000'],
      [1, 'Кефир'],
    ]);
  });

  it('leaves parts with <si/> items to the tag reader', async () => {
    expect(await indexSharedStrings(chunked(sst(['<t>a</t>']).replace('</sst>', '<si/></sst>'), 7), () => true, 8)).toBeUndefined();
    expect(await indexSharedStrings(chunked(sst(['<t>a</t>']).replace('<si>', '<si/><si>'), 7), () => true, 8)).toBeUndefined();
  });
});
