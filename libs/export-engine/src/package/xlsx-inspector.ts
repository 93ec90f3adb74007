import { open as openFile, readFile } from 'node:fs/promises';
import { ENGINE_ERR, type EngineFileKind } from '@app/contracts';
import { EngineError } from './engine-error';
import { shownText } from './sheet-bounds';
import { findWorkbook } from './workbook-locator';
import { refuseDoctype } from './xml-doctype';
import { checkZipLayout, ZipLayoutError } from './zip-layout';
import { TooManyEntriesError, ZipSource } from './zip-source';

export interface InspectLimits {
  maxEntries?: number;
  maxUncompressedBytes?: number;
  /** Uncompressed ÷ compressed size, per large entry and for the whole archive. */
  maxRatio?: number;
}

export const DEFAULT_LIMITS: Required<InspectLimits> = {
  maxEntries: 10_000,
  maxUncompressedBytes: 500 * 1024 * 1024,
  maxRatio: 200,
};

/** Tiny parts (an empty sheet is 99% compressible) must not trip the ratio check. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEAD_BYTES = 4096;

/**
 * Upload check by content (DESIGN §6, §15): resolves when the file is a zip that looks like a
 * workbook, is safe to inflate, has entries that neither overlap nor repeat a name nor disagree
 * with their local headers, and declares no DOCTYPE in any part; throws an EngineError naming what
 * it really is otherwise. The engine opens every workbook through here, so a file stored before a
 * rule was added meets it at its next read.
 */
export async function inspectXlsx(file: string | Buffer, limits?: InspectLimits, kind?: EngineFileKind): Promise<void> {
  const zip = await openXlsx(file, limits, kind);
  zip.close();
}

/** The same checks, keeping the zip open for the caller (generateExport reads it next). */
export async function openXlsx(file: string | Buffer, limits?: InspectLimits, kind?: EngineFileKind): Promise<ZipSource> {
  const fail = (code: ConstructorParameters<typeof EngineError>[0], message: string) => new EngineError(code, message, kind);
  const lim = { ...DEFAULT_LIMITS, ...definedOnly(limits) };
  const { head, size, whole } = await readHead(file);

  if (size === 0) throw fail('FILE_EMPTY', ENGINE_ERR.fileEmpty);
  if (head.subarray(0, 8).equals(OLE_SIGNATURE)) {
    // Both encrypted OOXML and legacy .xls are OLE compound files; the stream names tell them apart.
    const ole = whole ?? (typeof file === 'string' ? await readFile(file) : file);
    if (hasOleStream(ole, 'EncryptionInfo') || hasOleStream(ole, 'EncryptedPackage')) {
      throw fail('FILE_ENCRYPTED', ENGINE_ERR.fileEncrypted);
    }
    throw fail('FILE_XLS', ENGINE_ERR.fileXls);
  }
  const isZip = head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);
  if (!isZip) {
    if (looksLikeText(head)) throw fail('FILE_TEXT', ENGINE_ERR.fileText);
    throw fail('FILE_NOT_ZIP', ENGINE_ERR.fileNotZip);
  }

  let zip: ZipSource;
  try {
    zip = await ZipSource.open(whole ?? file, lim.maxEntries);
  } catch (err) {
    if (err instanceof TooManyEntriesError) throw fail('FILE_ZIP_BOMB', ENGINE_ERR.fileZipBomb);
    // It starts like a zip but the directory at its end is missing or broken: cut short.
    throw fail('FILE_TRUNCATED', ENGINE_ERR.fileTruncated);
  }
  try {
    checkDirectory(zip, lim, fail);
    await checkLayout(zip, fail);
    if (!(await findWorkbook(zip))) throw fail('FILE_NOT_WORKBOOK', ENGINE_ERR.fileNotWorkbook);
    await refuseDoctype(zip, kind);
  } catch (err) {
    zip.close();
    throw err;
  }
  return zip;
}

function checkDirectory(
  zip: ZipSource,
  lim: Required<InspectLimits>,
  fail: (code: ConstructorParameters<typeof EngineError>[0], message: string) => EngineError,
): void {
  let total = 0;
  for (const e of zip.entries) {
    total += e.uncompressedSize;
    if (total > lim.maxUncompressedBytes) throw fail('FILE_ZIP_BOMB', ENGINE_ERR.fileZipBomb);
    if (e.uncompressedSize > RATIO_FLOOR_BYTES && e.uncompressedSize > lim.maxRatio * Math.max(e.compressedSize, 1)) {
      throw fail('FILE_ZIP_BOMB', ENGINE_ERR.fileZipBomb);
    }
    if (e.isEncrypted()) throw fail('FILE_ENCRYPTED', ENGINE_ERR.fileEncrypted);
    if (e.relativeOffsetOfLocalHeader + e.compressedSize > zip.fileSize) throw fail('FILE_TRUNCATED', ENGINE_ERR.fileTruncated);
  }
  if (total > RATIO_FLOOR_BYTES && total > lim.maxRatio * zip.fileSize) throw fail('FILE_ZIP_BOMB', ENGINE_ERR.fileZipBomb);
  if (!zip.find('[Content_Types].xml')) throw fail('FILE_NOT_WORKBOOK', ENGINE_ERR.fileNotWorkbook);
}

async function checkLayout(zip: ZipSource, fail: (code: ConstructorParameters<typeof EngineError>[0], message: string) => EngineError): Promise<void> {
  try {
    await checkZipLayout(zip);
  } catch (err) {
    if (!(err instanceof ZipLayoutError)) throw fail('FILE_TRUNCATED', ENGINE_ERR.fileTruncated);
    const name = shownText(err.entryName);
    if (err.problem === 'overlap') throw fail('FILE_ZIP_INVALID', ENGINE_ERR.zipOverlap);
    throw fail('FILE_ZIP_INVALID', err.problem === 'name' ? ENGINE_ERR.zipNameRepeated(name) : ENGINE_ERR.zipHeaderMismatch(name));
  }
}

/**
 * Files up to this size are read whole, in one go: a zip in memory is then read without the
 * per-part file reads and thread-pool round trips that only pay off on big price lists.
 */
const READ_WHOLE_MAX = 4 * 1024 * 1024;

/** The first bytes and the size; a small file comes back whole, to be opened from memory. */
async function readHead(file: string | Buffer): Promise<{ head: Buffer; size: number; whole?: Buffer }> {
  if (Buffer.isBuffer(file)) return { head: file.subarray(0, HEAD_BYTES), size: file.length, whole: file };
  const fh = await openFile(file, 'r');
  try {
    const size = (await fh.stat()).size;
    if (size <= READ_WHOLE_MAX) {
      const whole = Buffer.allocUnsafe(size);
      const { bytesRead } = await fh.read(whole, 0, size, 0);
      return { head: whole.subarray(0, Math.min(HEAD_BYTES, bytesRead)), size: bytesRead, whole: whole.subarray(0, bytesRead) };
    }
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await fh.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await fh.close();
  }
}

/** OLE directory entries store their names as UTF-16LE; a byte search is enough to spot one. */
function hasOleStream(file: Buffer, name: string): boolean {
  return file.indexOf(Buffer.from(name, 'utf16le')) >= 0;
}

/** CSV/TSV/plain text: no NUL bytes and valid UTF-8 (or UTF-16 with a BOM). */
function looksLikeText(head: Buffer): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  if (head.includes(0)) return false;
  // A multi-byte sequence cut at the end of the sample must not count as binary.
  const sample = head.length === HEAD_BYTES ? head.subarray(0, HEAD_BYTES - 4) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    // Legacy single-byte encodings (cp1251 CSV): mostly printable bytes still mean text.
    let control = 0;
    for (const b of sample) if (b < 0x20 && b !== 9 && b !== 10 && b !== 13) control++;
    return control === 0;
  }
}

function definedOnly(limits?: InspectLimits): InspectLimits {
  const out: InspectLimits = {};
  if (limits?.maxEntries !== undefined) out.maxEntries = limits.maxEntries;
  if (limits?.maxUncompressedBytes !== undefined) out.maxUncompressedBytes = limits.maxUncompressedBytes;
  if (limits?.maxRatio !== undefined) out.maxRatio = limits.maxRatio;
  return out;
}
