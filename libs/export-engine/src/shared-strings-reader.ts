import type { Readable } from 'node:stream';
import { localNameStart, nameIs, streamXmlRegions, type TagName } from './xml-stream';
import { decodeXmlText } from './xml-text';

/**
 * Streams `sharedStrings.xml` and hands each string item to `onString(index, text)`: rich-text
 * runs (`<r><t>`) joined as plain text, phonetic guides (`<rPh>`) left out. Nothing is kept here,
 * so the caller decides what (little) to remember. `onString` returning false stops the scan.
 */
export async function readSharedStrings(stream: Readable, onString: (index: number, text: string) => boolean | void): Promise<void> {
  let index = -1;
  let inSi = false;
  let inPhonetic = false;
  let parts = '';
  const name: TagName = { start: 0, end: 0 };

  await streamXmlRegions(stream, (s) => {
    let pos = 0;
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) break;
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) break;
      pos = gt + 1;
      const first = s.charCodeAt(lt + 1);
      if (first === 63 || first === 33) continue;
      const closing = first === 47;
      localNameStart(s, closing ? lt + 2 : lt + 1, gt, name);
      const selfClosing = s.charCodeAt(gt - 1) === 47;
      if (nameIs(s, name, 'si')) {
        if (closing || selfClosing) {
          if (!closing) {
            index++;
            parts = '';
          }
          if (onString(index, parts.indexOf('&') >= 0 || parts.indexOf('_x') >= 0 ? decodeXmlText(parts) : parts) === false) {
            return false;
          }
          inSi = false;
        } else {
          index++;
          inSi = true;
          parts = '';
        }
      } else if (nameIs(s, name, 't')) {
        if (inSi && !inPhonetic && !closing && !selfClosing) {
          const end = s.indexOf('<', pos);
          parts += s.slice(pos, end < 0 ? s.length : end);
        }
      } else if (nameIs(s, name, 'rPh')) {
        inPhonetic = !closing && !selfClosing;
      }
    }
    return true;
  });
}
