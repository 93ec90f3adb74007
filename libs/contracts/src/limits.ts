/** Limits shared by the UI, the API and the engine. */
export const LIMITS = {
  taskNameMax: 200,
  profileNameMax: 100,
  priceListNameMax: 100,
  /** Housekeeping keeps at least this many newest versions of each price list (DESIGN §12). */
  priceListVersionsKept: 5,
  /** A remembered column header (DESIGN §10), as long as an item's text. */
  headerTextMax: 1_000,
  itemsMax: 10_000,
  itemTextMax: 1_000,
  /** Excel's last column (XFD). */
  columnMax: 16_384,
  qtyMax: 1_000_000_000,
  /** Excel's last row. */
  rowMax: 1_048_576,
  /** The most characters Excel keeps in a cell: a longer text makes a file Excel refuses. */
  cellTextMax: 32_767,
  /** A cell's text as the check's preview and messages show it (DESIGN §11, §15). */
  previewTextMax: 1_000,
  /**
   * The template's data sheet, uncompressed: the writer holds it whole, and a job's peak memory
   * stays under ~200 MB up to about 40 MB (a form "formatted to the bottom" is larger: 1,048,576
   * styled rows are ~190 MB and took 1.7 GB).
   */
  templateSheetMaxMb: 32,
} as const;

/**
 * The largest valid JSON body: a PATCH with the most items, each with three texts of the most
 * characters, at 3 bytes a character (any UTF-8 text outside the astral planes) plus the rest of
 * an item's JSON. About 92 MB; the API's body limit must not refuse a valid request.
 */
export const JSON_BODY_MAX_BYTES = LIMITS.itemsMax * (3 * LIMITS.itemTextMax * 3 + 200);

/**
 * What the API reads of a JSON body (DESIGN §15), each bound known before a byte is read: the task
 * save (items) up to JSON_BODY_MAX_BYTES, a call anyone may make (sign-in: a login and a password)
 * 4 KB, any other call 1 MB. More → 413 `Слишком большой запрос`.
 */
export const JSON_BODY_LIMITS = {
  taskSave: JSON_BODY_MAX_BYTES,
  public: 4 * 1024,
  other: 1024 * 1024,
} as const;
