import type { HeaderColumn } from '@app/contracts';
import { Cell, VersionTable, type TableColumns } from './version-table';

const MAGIC = 'PEVT';
/** Raised when the layout below changes: an older snapshot is then not read, the file is. */
const FORMAT = 1;

/** A version as a diff read it: its table, and the header the table was read under. */
export interface VersionRead {
  table: VersionTable;
  headerRow: number;
  columns: HeaderColumn[];
}

interface SnapshotHead {
  format: number;
  columns: TableColumns;
  headerRow: number;
  fileColumns: HeaderColumn[];
  count: number;
  slots: number;
  texts: number;
}

/**
 * A version's table as bytes (DESIGN §16), kept with the version by the caller so that the next
 * diff, where this version is the older one, need not read its file again: a header (JSON), each
 * slot's kind bytes and numbers, then the texts the cells use (shared strings resolved, each text
 * once) as a JSON array, codes of digits only as numbers. ~30 bytes a row for two codes and a price.
 */
export function snapshotOf({ table, headerRow, columns }: VersionRead): Buffer {
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const slots = table.kinds.length;
  const kinds = table.kinds.map((k) => k.slice(0, table.count));
  const nums = table.nums.map((n) => n.slice(0, table.count));
  const lengths = table.kinds.map(() => new Uint8Array(table.count));
  for (let slot = 0; slot < slots; slot++) {
    for (let i = 0; i < table.count; i++) {
      const kind = kinds[slot][i];
      const digits = table.digitLength(slot, i);
      if (digits > 0) {
        // A code of digits only stays a number and a length, shared or not.
        kinds[slot][i] = Cell.digits;
        nums[slot][i] = table.digitValue(slot, i);
        lengths[slot][i] = digits;
        continue;
      }
      if (kind !== Cell.text && kind !== Cell.shared && kind !== Cell.error && kind !== Cell.numberText) continue;
      const text = table.textOf(slot, i);
      let at = textIndex.get(text);
      if (at === undefined) {
        at = texts.length;
        texts.push(text);
        textIndex.set(text, at);
      }
      if (kind === Cell.shared) kinds[slot][i] = Cell.text;
      nums[slot][i] = at;
    }
  }
  const head: SnapshotHead = { format: FORMAT, columns: table.columns, headerRow, fileColumns: columns.map(({ index, header }) => ({ index, header })), count: table.count, slots, texts: texts.length };
  const headBytes = Buffer.from(JSON.stringify(head), 'utf8');
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headBytes.length, 4);
  const parts: Buffer[] = [prefix, headBytes];
  const bytesOf = (a: Uint8Array | Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  for (let slot = 0; slot < slots; slot++) parts.push(bytesOf(kinds[slot]), bytesOf(nums[slot]), bytesOf(lengths[slot]));
  // The texts as one JSON array: one native call each way, where a buffer a text cost ~1 µs each.
  parts.push(Buffer.from(JSON.stringify(texts), 'utf8'));
  return Buffer.concat(parts);
}

/** The version a snapshot holds; undefined when the bytes are no snapshot of this format (the file is read instead). */
export function readSnapshot(bytes: Buffer): VersionRead | undefined {
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== MAGIC) return undefined;
  let at = 8 + bytes.readUInt32LE(4);
  let head: SnapshotHead;
  try {
    head = JSON.parse(bytes.toString('utf8', 8, at)) as SnapshotHead;
  } catch {
    return undefined;
  }
  if (head.format !== FORMAT) return undefined;
  const { count, slots } = head;
  const take = (length: number) => {
    const part = bytes.subarray(at, at + length);
    at += length;
    return part;
  };
  const kinds: Uint8Array[] = [];
  const nums: Float64Array[] = [];
  const lengths: Uint8Array[] = [];
  for (let slot = 0; slot < slots; slot++) {
    kinds.push(new Uint8Array(take(count)));
    const n = new Float64Array(count);
    // Copied, not viewed: the bytes need not sit at an offset a Float64Array can start at.
    take(count * 8).copy(Buffer.from(n.buffer));
    nums.push(n);
    lengths.push(new Uint8Array(take(count)));
  }
  let texts: unknown;
  try {
    texts = JSON.parse(bytes.toString('utf8', at));
  } catch {
    return undefined;
  }
  if (!Array.isArray(texts) || texts.length !== head.texts) return undefined;
  return { table: VersionTable.restored(head.columns, count, kinds, nums, lengths, texts as string[]), headerRow: head.headerRow, columns: head.fileColumns };
}
