import { headerChanges, type FileColumns, type FileKind, type HeaderChange } from '@app/contracts';
import { readColumns } from '../column-reader';
import type { EngineInput } from '../export-inputs';

/**
 * DESIGN §10 guard before a generate or a check: the headers the profile remembers against each
 * file's columns as they are now. A file is read only when headers are remembered for it (the
 * price list's columns cost a pass over its sheet part); `read` lets a caller that has the columns
 * already pass them.
 */
export async function guardHeaders(
  input: Pick<EngineInput, 'price' | 'template' | 'remembered'>,
  read: (kind: FileKind) => Promise<FileColumns> = (kind) => columnsOrNone(input[kind], kind),
): Promise<HeaderChange[]> {
  const kinds = (['template', 'price'] as const).filter((k) => Object.keys(input.remembered?.[k] ?? {}).length > 0);
  const changes = await Promise.all(kinds.map(async (k) => headerChanges(k, input.remembered![k], (await read(k)).columns)));
  return changes.flat();
}

/**
 * A file's columns, or none when they cannot be read: as for an upload, a guard that cannot run
 * costs its warnings, never the export (a file the export cannot read fails it on its own).
 */
export async function columnsOrNone(file: string | Buffer, kind: FileKind): Promise<FileColumns> {
  try {
    return await readColumns(file, kind);
  } catch {
    return { kind, sheet: '', headerRow: 0, columns: [] };
  }
}
