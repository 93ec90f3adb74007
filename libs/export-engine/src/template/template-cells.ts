import { ENGINE_ERR, LIMITS, type EngineFileKind } from '@app/contracts';
import { CellKind } from '../package/cell-kind';
import { EngineError } from '../package/engine-error';
import { readSharedStrings } from '../package/shared-strings-reader';
import { cellRef, requireInSheet, shownText } from '../package/sheet-bounds';
import { cellRaw, readSheetCellsAndMerges, type RawSheetSink } from '../package/sheet-reader';
import type { WorkbookParts } from '../package/workbook-locator';
import type { ZipSource } from '../package/zip-source';
import { readTableRefs } from './table-reader';

const TEXT_MAX = LIMITS.cellTextMax;

/**
 * DESIGN §15: the template goes into every export as it is, so none of its cells may be one Excel
 * refuses — a text over LIMITS.cellTextMax characters (a cell's own or a shared string), or a cell,
 * row, `<dimension>`, `<col>`, merge or table past XFD1048576 on any of its sheets. One streamed
 * pass over the shared strings and one over each sheet, at upload and in every export; nothing is
 * kept but the lengths of the strings that are too long.
 */
export async function checkTemplateCells(zip: ZipSource, parts: WorkbookParts, kind?: EngineFileKind): Promise<void> {
  const tooLong = new Map<number, number>();
  if (parts.sharedStrings) {
    await readSharedStrings(await zip.openXmlStream(parts.sharedStrings), (i, text) => {
      if (text.length > TEXT_MAX) tooLong.set(i, text.length);
    });
  }
  for (const sheet of parts.sheets) {
    const sink = new LengthCheck(sheet.name, tooLong, kind);
    await readSheetCellsAndMerges(await zip.openXmlStream(sheet.entry), sink, (ref) => requireInSheet(ref, kind));
    for (const ref of await readTableRefs(zip, sheet.path)) requireInSheet(ref, kind);
  }
  // A string no cell points at still makes Excel refuse the file.
  for (const length of tooLong.values()) throw new EngineError('CELL_TOO_LONG', ENGINE_ERR.textTooLong(length), kind);
}

/** Refuses the first cell whose text is too long, naming it. */
class LengthCheck implements RawSheetSink {
  constructor(
    private readonly sheet: string,
    private readonly tooLong: ReadonlyMap<number, number>,
    private readonly kind?: EngineFileKind,
  ) {}

  cell(row: number, col: number, kind: CellKind, s: string, start: number, end: number): void {
    if (kind === CellKind.shared) {
      if (this.tooLong.size === 0) return;
      const length = this.tooLong.get(parseInt(cellRaw(kind, s, start, end) ?? '', 10));
      if (length !== undefined) throw this.refusal(row, col, length);
      return;
    }
    // The XML is never shorter than its text (UTF-8 bytes, escapes): only a long one is decoded.
    if (kind !== CellKind.string || (start < 0 ? s.length : end - start) <= TEXT_MAX) return;
    const length = cellRaw(kind, s, start, end)?.length ?? 0;
    if (length > TEXT_MAX) throw this.refusal(row, col, length);
  }

  rowEnd(): void {}

  private refusal(row: number, col: number, length: number): EngineError {
    return new EngineError('CELL_TOO_LONG', ENGINE_ERR.cellTooLong(cellRef(col, row), shownText(this.sheet), length), this.kind);
  }
}
