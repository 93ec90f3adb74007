import { basename } from 'node:path';

/**
 * Multipart file names arrive as latin1-decoded bytes (busboy's default); recover UTF-8 names such
 * as «Прайс.xlsx» and keep only the base name, bounded in length.
 */
export function originalFileName(raw: string): string {
  let name = raw;
  if (/[\u0080-\u00ff]/.test(raw)) {
    const decoded = Buffer.from(raw, 'latin1').toString('utf8');
    if (!decoded.includes('\uFFFD')) name = decoded;
  }
  name = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f]/g, '').trim();
  return (name || 'file.xlsx').slice(0, 255);
}
