/** File names as servers send them (Content-Disposition, a URL's path), made safe to show and store. */

const MAX_NAME = 200;

/** The last path component, without control characters; null when nothing is left. */
export function safeFileName(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const name = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') return null;
  return name.length > MAX_NAME ? name.slice(name.length - MAX_NAME) : name;
}

/** Bytes in `charset` (RFC 5987: UTF-8, windows-1251, …); null for a charset Node cannot decode. */
function decodeBytes(bytes: Buffer, charset: string): string | null {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || 'utf-8').decode(bytes);
  } catch {
    return null;
  }
}

/** `UTF-8''%D0%9F%D1%80…` (RFC 5987 / 2231 ext-value). */
function decodeExtValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const bytes = Buffer.from(match[2].replace(/%([0-9a-f]{2})|(.)/gi, (_, hex: string | undefined, ch: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ch)), 'latin1');
  return decodeBytes(bytes, match[1] || 'utf-8');
}

/** RFC 2047 words (`=?UTF-8?B?…?=`), which some servers put in a plain `filename`. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=\s*/gi, (whole, charset: string, kind: string, text: string) => {
    const bytes =
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})|(.)/gi, (_, hex: string | undefined, ch: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ch)), 'latin1');
    return decodeBytes(bytes, charset.replace(/\*.*$/, '')) ?? whole;
  });
}

/** Node reads header bytes as latin1; a server that sent raw UTF-8 gets its text back. */
function utf8FromLatin1(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** `attachment; filename="a b.xlsx"; filename*=UTF-8''…` → its parameters, names lower-cased. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(header); m; m = re.exec(header)) {
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3].trim();
    params.set(m[1].toLowerCase(), value);
  }
  return params;
}

/** The file name a Content-Disposition header gives, `filename*` first; null when it gives none. */
export function dispositionFileName(header: string | undefined): string | null {
  if (!header) return null;
  const params = dispositionParams(header);
  const ext = params.get('filename*');
  const extended = ext !== undefined ? decodeExtValue(ext) : null;
  if (extended) return safeFileName(extended);
  // RFC 2231 continuations: filename*0*=UTF-8''…; filename*1*=…
  const parts = [...params.keys()].filter((k) => /^filename\*\d+\*?$/.test(k)).sort((a, b) => parseInt(a.slice(9), 10) - parseInt(b.slice(9), 10));
  if (parts.length > 0) {
    const joined = parts.map((k) => params.get(k)!).join('');
    const decoded = parts[0].endsWith('*') ? decodeExtValue(joined) : joined;
    if (decoded) return safeFileName(decoded);
  }
  const plain = params.get('filename');
  return plain !== undefined ? safeFileName(decodeEncodedWords(utf8FromLatin1(plain))) : null;
}

/** The last non-empty segment of a URL's path, percent-decoded; null for a bare host. */
export function urlFileName(url: URL): string | null {
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (!segment) return null;
  try {
    return safeFileName(decodeURIComponent(segment));
  } catch {
    return safeFileName(segment);
  }
}
