import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { HeldPieces, joinStrings } from './held-pieces';
import { localNameStart, nameIs, type TagName } from './xml-stream';
import { decodeXmlText, textWithCdata } from './xml-text';

export interface SharedStringsOptions {
  /** Only these indices need their text (the others are just counted): the second pass. */
  wanted?: (index: number) => boolean;
}

/**
 * Streams `sharedStrings.xml` and hands string items to `onString(index, text)`: rich-text runs
 * (`<r><t>`) joined as plain text, phonetic guides (`<rPh>`) left out. Nothing is kept here, so
 * the caller decides what (little) to remember. `onString` returning false stops the scan.
 *
 * Speed matters (a 300k-row list has ~1M strings): the text is cut into pieces ending after a
 * `</si>`, so every `<si>` is whole, and the usual `<si><t>…</t></si>` is read with two
 * `indexOf`s; anything richer goes through a small tag loop.
 */
export async function readSharedStrings(
  stream: Readable,
  onString: (index: number, text: string) => boolean | void,
  options: SharedStringsOptions = {},
): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const wanted = options.wanted;
  let prefix: string | undefined;
  let closeSi = '</si>';
  let index = -1;
  const held = new HeldPieces<string>(joinStrings);

  /** Processes whole `<si>` elements in s[0, end); returns false to stop. */
  const process = (s: string): boolean => {
    if (s.indexOf('si/>') >= 0 || s.indexOf('si />') >= 0) return slowRegion(s);
    let pos = 0;
    for (;;) {
      const close = s.indexOf(closeSi, pos);
      if (close < 0) return true;
      index++;
      if (!wanted || wanted(index)) {
        if (onString(index, siText(s, pos, close, prefix!)) === false) return false;
      }
      pos = close + closeSi.length;
    }
  };

  /** Fallback for pieces holding `<si/>`: a plain tag loop (pieces never split an `<si>`). */
  const slowRegion = (s: string): boolean => {
    const name: TagName = { start: 0, end: 0 };
    let pos = 0;
    let start = -1;
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) return true;
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) return true;
      pos = gt + 1;
      const closing = s.charCodeAt(lt + 1) === 47;
      localNameStart(s, closing ? lt + 2 : lt + 1, gt, name);
      if (!nameIs(s, name, 'si')) continue;
      const selfClosing = s.charCodeAt(gt - 1) === 47;
      if (!closing && !selfClosing) {
        start = lt;
        continue;
      }
      index++;
      if (!wanted || wanted(index)) {
        const text = selfClosing ? '' : siText(s, start, lt, prefix!);
        if (onString(index, text) === false) return false;
      }
    }
  };

  try {
    for await (const chunk of stream) {
      let text = held.add(decoder.write(chunk as Buffer));
      if (text === undefined) continue;
      if (prefix === undefined) {
        const root = /<([A-Za-z_][\w.-]*:)?sst[\s>]/.exec(text);
        if (!root) {
          held.keep(text);
          continue;
        }
        prefix = root[1] ?? '';
        closeSi = `</${prefix}si>`;
        text = text.slice(root.index);
      }
      const cut = text.lastIndexOf(closeSi);
      if (cut < 0) {
        held.keep(text);
        continue;
      }
      const end = cut + closeSi.length;
      held.keep(text.slice(end));
      if (!process(text.slice(0, end))) return;
    }
    // Pieces held since the last try: the part's end.
    let rest = held.take(decoder.end());
    if (prefix === undefined) {
      const root = /<([A-Za-z_][\w.-]*:)?sst[\s>]/.exec(rest);
      if (!root) return;
      prefix = root[1] ?? '';
      closeSi = `</${prefix}si>`;
      rest = rest.slice(root.index);
    }
    if (rest.length > 0) process(rest);
  } finally {
    stream.destroy();
  }
}

/** Text of one string item whose XML lies in s[from, to) (`to` = where its `</si>` starts). */
export function siText(s: string, from: number, to: number, prefix: string): string {
  const tOpen = s.indexOf(`<${prefix}t`, from);
  if (tOpen < 0 || tOpen >= to) return '';
  const gt = s.indexOf('>', tOpen);
  const after = s.charCodeAt(tOpen + prefix.length + 2);
  if ((after === 62 || after === 32) && s.charCodeAt(gt - 1) !== 47) {
    const tEnd = s.indexOf('<', gt + 1);
    const closeT = `</${prefix}t>`;
    if (tEnd + closeT.length === to && s.startsWith(closeT, tEnd)) return decode(s.slice(gt + 1, tEnd));
  }
  return richText(s, from, to);
}

/** Joins every `<t>` outside `<rPh>` in s[from, to). */
function richText(s: string, from: number, to: number): string {
  const name: TagName = { start: 0, end: 0 };
  let out = '';
  let inPhonetic = false;
  let pos = from;
  for (;;) {
    const lt = s.indexOf('<', pos);
    if (lt < 0 || lt >= to) break;
    const gt = s.indexOf('>', lt + 1);
    pos = gt + 1;
    const closing = s.charCodeAt(lt + 1) === 47;
    const selfClosing = s.charCodeAt(gt - 1) === 47;
    localNameStart(s, closing ? lt + 2 : lt + 1, gt, name);
    if (nameIs(s, name, 'rPh')) inPhonetic = !closing && !selfClosing;
    else if (!closing && !selfClosing && !inPhonetic && nameIs(s, name, 't')) {
      const run = textWithCdata(s, pos, to);
      out += run.text;
      pos = run.end;
    }
  }
  return decode(out);
}

function decode(text: string): string {
  return text.indexOf('&') >= 0 || text.indexOf('_x') >= 0 ? decodeXmlText(text) : text;
}
