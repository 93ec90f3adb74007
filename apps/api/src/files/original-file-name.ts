import { basename } from 'node:path';
import { withoutUnsafeChars } from '@app/contracts';

/**
 * Multipart file names arrive as latin1-decoded bytes (busboy's default); recover UTF-8 names such
 * as «Прайс.xlsx», keep only the base name without control and bidirectional-override characters
 * (DESIGN §15), bounded in length.
 */
export function originalFileName(raw: string): string {
  let name = raw;
  if (/[\u0080-\u00ff]/.test(raw)) {
    const decoded = Buffer.from(raw, 'latin1').toString('utf8');
    if (!decoded.includes('\uFFFD')) name = decoded;
  }
  name = withoutUnsafeChars(basename(name.replace(/\\/g, '/'))).trim();
  return (name || 'file.xlsx').slice(0, 255);
}
