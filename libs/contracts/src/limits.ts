/** Limits shared by the UI, the API and the engine. */
export const LIMITS = {
  taskNameMax: 200,
  itemsMax: 10_000,
  itemTextMax: 1_000,
  /** Excel's last column (XFD). */
  columnMax: 16_384,
  qtyMax: 1_000_000_000,
} as const;
