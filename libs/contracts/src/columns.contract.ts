import type { FileKind } from './task.contract';

/** One column of an uploaded file as `GET /api/tasks/{id}/files/{kind}/columns` lists it. */
export interface FileColumn {
  /** 1-based, as the rules number columns. */
  index: number;
  letter: string;
  /** The header text (group title joined in front: `Цены поставщика / Цена с НДС`); '' when none. */
  header: string;
  /** Up to three non-empty values below the header, as text. */
  samples: string[];
}

/** The columns of a file's used sheet (DESIGN §10); headerRow 0: no header row was found. */
export interface FileColumns {
  kind: FileKind;
  /** The sheet's name; '' for a CSV price list. */
  sheet: string;
  headerRow: number;
  columns: FileColumn[];
}
