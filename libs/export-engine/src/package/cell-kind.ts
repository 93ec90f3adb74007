/** How a cell's `raw` text is to be read (from the `t` attribute). */
export const CellKind = {
  /** `<v>` is a number as written in the XML (`49.9`, `4.607001234567E12`). */
  number: 0,
  /** `<v>` is an index into the shared strings. */
  shared: 1,
  /** Inline string or a formula's string result: `raw` is the text itself. */
  string: 2,
  boolean: 3,
  error: 4,
  /** `t="d"`: an ISO 8601 date, date and time, or time of day alone, as text. */
  isoDate: 5,
} as const;
export type CellKind = (typeof CellKind)[keyof typeof CellKind];
