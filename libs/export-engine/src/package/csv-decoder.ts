import { isUtf8 } from 'node:buffer';
import { ERR } from '@app/contracts';
import { EngineError } from './engine-error';

export type CsvEncoding = 'utf-8' | 'windows-1251' | 'utf-16le' | 'utf-16be';

export interface CsvBytes {
  /**
   * The file's text as UTF-8 bytes, one char per byte (latin1): the form the sheet scanner hands
   * PriceIndex, so its key checks and `cellRaw` work on CSV cells unchanged, and a file of ASCII
   * and Cyrillic takes one byte per byte in V8 rather than two.
   */
  text: string;
  encoding: CsvEncoding;
}

/**
 * Decodes a CSV by its bytes alone (DESIGN §6): a BOM says UTF-8 or UTF-16 (Excel's «Текст
 * Юникод» is UTF-16LE); otherwise valid UTF-8 is UTF-8 and anything else Windows-1251, the only
 * other encoding Russian suppliers' 1C and shops write. NUL bytes outside UTF-16 mean binary data.
 */
export function decodeCsv(buf: Buffer): CsvBytes {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return utf8(buf.subarray(3));
  if (buf[0] === 0xff && buf[1] === 0xfe) return viaString(buf.subarray(2), 'utf-16le');
  if (buf[0] === 0xfe && buf[1] === 0xff) return viaString(buf.subarray(2), 'utf-16be');
  if (buf.indexOf(0) >= 0) throw new EngineError('FILE_NOT_ZIP', ERR.csvNotText);
  if (isUtf8(buf)) return utf8(buf);
  return viaString(buf, 'windows-1251');
}

function utf8(buf: Buffer): CsvBytes {
  return { text: buf.toString('latin1'), encoding: 'utf-8' };
}

function viaString(buf: Buffer, encoding: CsvEncoding): CsvBytes {
  const decoded = new TextDecoder(encoding).decode(buf);
  return { text: Buffer.from(decoded, 'utf8').toString('latin1'), encoding };
}
