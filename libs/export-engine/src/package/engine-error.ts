import { ENGINE_ERR, type EngineFileKind } from '@app/contracts';

/** Stable machine codes, so callers can branch without parsing the Russian text. */
export type EngineErrorCode =
  | 'FILE_EMPTY'
  | 'FILE_XLS'
  | 'FILE_ENCRYPTED'
  | 'FILE_TEXT'
  | 'FILE_TRUNCATED'
  | 'FILE_NOT_ZIP'
  | 'FILE_NOT_WORKBOOK'
  | 'FILE_ZIP_BOMB'
  /** Entries that overlap, repeat a name, or whose local header disagrees with the directory (DESIGN §15). */
  | 'FILE_ZIP_INVALID'
  | 'FILE_DOCTYPE'
  | 'FILE_UNREADABLE'
  | 'FILE_XML_INVALID'
  | 'NO_SHEETS'
  | 'SHEET_EMPTY'
  | 'COLUMN_TOO_LARGE'
  | 'SHEET_TOO_LARGE'
  | 'ROW_OUT_OF_SHEET'
  | 'CELL_OUT_OF_SHEET'
  | 'CELL_TOO_LONG'
  | 'NO_ROOM_FOR_ITEMS';

/**
 * An input the engine cannot use. `message` is the user-facing Russian text (the API answers 422
 * with it as-is); `kind` says which workbook is at fault when the engine knows it.
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly kind?: EngineFileKind;

  constructor(code: EngineErrorCode, message: string, kind?: EngineFileKind) {
    super(kind ? ENGINE_ERR.inFile(kind, message) : message);
    this.name = 'EngineError';
    this.code = code;
    this.kind = kind;
  }

  /** The same problem, re-labelled with the file it was found in. */
  withKind(kind: EngineFileKind): EngineError {
    if (this.kind) return this;
    return new EngineError(this.code, this.message, kind);
  }
}

/** Anything unexpected while reading a workbook (corrupt deflate data, bad XML) is that file's fault. */
export async function guardFile<T>(kind: EngineFileKind, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof EngineError) throw err.kind ? err : err.withKind(kind);
    throw new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable, kind);
  }
}
