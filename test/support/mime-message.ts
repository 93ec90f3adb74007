/**
 * Reads a message as a mail client would, enough for the tests to look at what was sent: headers
 * (encoded words decoded), the text part, and each attachment's name (RFC 2231 parameters too)
 * and bytes (base64 / quoted-printable decoded). Written here rather than taken from a library:
 * the apps need no mail parser, and a test's parser should be small enough to trust by reading.
 */
export interface ParsedMessage {
  headers: Map<string, string[]>;
  header(name: string): string;
  subject: string;
  messageId: string;
  to: string[];
  cc: string[];
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface Part {
  headers: Map<string, string[]>;
  body: Buffer;
}

function splitHead(raw: Buffer): Part {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  const bodyStart = end < 0 ? raw.length : end + (/^\r?\n\r?\n/.exec(text.slice(end))![0].length);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8')]);
  }
  return { headers, body: raw.subarray(bodyStart) };
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words, adjacent ones joined as RFC 2047 says. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  const src = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(src.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

/** `value; a=b; name*0*=utf-8''%D0…; name*1*=…` → the value and its parameters, RFC 2231 continuations joined. */
export function headerParams(header: string): { value: string; params: Record<string, string> } {
  const pieces = header.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? [];
  const value = (pieces.shift() ?? '').trim().toLowerCase();
  const parts = new Map<string, { n: number; encoded: boolean; text: string }[]>();
  for (const piece of pieces) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let text = piece.slice(eq + 1).trim();
    if (text.startsWith('"')) text = text.slice(1, -1).replace(/\\(.)/g, '$1');
    const m = /^([^*]+)(?:\*(\d+))?(\*)?$/.exec(key)!;
    parts.set(m[1], [...(parts.get(m[1]) ?? []), { n: Number(m[2] ?? 0), encoded: !!m[3], text }]);
  }
  const params: Record<string, string> = {};
  for (const [name, list] of parts) {
    list.sort((a, b) => a.n - b.n);
    if (list.some((p) => p.encoded)) {
      const joined = list.map((p, i) => (p.encoded && i === 0 ? p.text.replace(/^[^']*'[^']*'/, '') : p.text)).join('');
      params[name] = Buffer.from(joined.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    } else params[name] = decodeWords(list.map((p) => p.text).join(''));
  }
  return { value, params };
}

function bodyOf(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.toString('latin1').replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return qpBytes(part.body.toString('latin1'));
  return part.body;
}

function leaves(part: Part): Part[] {
  const type = headerParams(part.headers.get('content-type')?.[0] ?? 'text/plain');
  if (!type.value.startsWith('multipart/')) return [part];
  const boundary = `--${type.params.boundary}`;
  const text = part.body.toString('latin1');
  const chunks = text.split(boundary).slice(1);
  return chunks
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitHead(Buffer.from(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), 'latin1'))));
}

const addresses = (value: string): string[] =>
  value
    .split(',')
    .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim())
    .filter(Boolean);

export function parseMessage(raw: Buffer): ParsedMessage {
  const top = splitHead(raw);
  const header = (name: string) => decodeWords(top.headers.get(name.toLowerCase())?.[0] ?? '');
  let text = '';
  const attachments: ParsedMessage['attachments'] = [];
  for (const leaf of leaves(top)) {
    const type = headerParams(leaf.headers.get('content-type')?.[0] ?? 'text/plain');
    const disposition = headerParams(leaf.headers.get('content-disposition')?.[0] ?? '');
    if (disposition.value === 'attachment' || type.params.name) {
      attachments.push({ filename: disposition.params.filename ?? type.params.name ?? '', contentType: type.value, content: bodyOf(leaf) });
    } else if (type.value === 'text/plain') {
      text += bodyOf(leaf).toString('utf8');
    }
  }
  return {
    headers: top.headers,
    header,
    subject: header('subject'),
    messageId: header('message-id'),
    to: addresses(header('to')),
    cc: addresses(header('cc')),
    text: text.replace(/\r\n/g, '\n'),
    attachments,
  };
}
