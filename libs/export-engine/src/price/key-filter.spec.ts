import { KeyFilter } from './key-filter';
import { normalizeKey } from './key-normalizer';

describe('KeyFilter', () => {
  const keys = ['31000', 'gm-77005', 'a.b/c#1', '0', 'с1', 'ab cd'].map(normalizeKey);
  const filter = new KeyFilter(keys);
  const judge = (text: string) => [filter.mayBeKeyChars(text, 0, text.length), filter.mayBeKeyBytes(Buffer.from(text), 0, Buffer.from(text).length)];

  it('never rules out a text whose key is an item key', () => {
    for (const text of ['31000', '0031000', 'gm-77005', 'GM-77005', ' gm-77005 ', 'a.b/c#1', '0', '000', 'с1', 'c1', 'ab  cd', 'AB CD']) {
      const isKey = keys.includes(normalizeKey(text));
      if (isKey) expect([text, judge(text)]).toEqual([text, [true, true]]);
    }
  });

  it('rules out plain texts that are no key (but for rare hash collisions)', () => {
    let passed = 0;
    for (let i = 0; i < 2000; i++) {
      const text = String(1_000_000 + i * 7);
      const [chars, bytes] = judge(text);
      expect(chars).toBe(bytes);
      if (chars) passed++;
    }
    expect(passed).toBeLessThan(10);
  });
});
