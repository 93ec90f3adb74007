import { headerChanges, type FileColumns, type FileKind, type HeaderChange, type ProfileHeaders } from '@app/contracts';

/**
 * DESIGN §10 guard before a generate or a check: the headers the profile remembers against each
 * file's columns as they are now (`read`: readBothColumns' reads). A file's columns are asked for
 * only when headers are remembered for it (the price list's cost a pass over its sheet part).
 */
export async function guardHeaders(remembered: ProfileHeaders | undefined, read: (kind: FileKind) => Promise<FileColumns>): Promise<HeaderChange[]> {
  const kinds = (['template', 'price'] as const).filter((k) => Object.keys(remembered?.[k] ?? {}).length > 0);
  const changes = await Promise.all(kinds.map(async (k) => headerChanges(k, remembered![k], (await read(k)).columns)));
  return changes.flat();
}
