/** Small statistics for the report: median and nearest-rank percentiles, MB and ms formatting. */
export function percentile(values: number[], p: number): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * v.length);
  return v[Math.min(v.length - 1, Math.max(0, rank - 1))];
}

export function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export function medianRecord(records: Record<string, number>[]): Record<string, number> {
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = round(median(records.map((r) => r[k])));
  return out;
}

export const round = (x: number, digits = 1) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);
export const ms = (x: number) => (Number.isFinite(x) ? (x >= 100 ? `${Math.round(x)} ms` : `${x.toFixed(1)} ms`) : 'n/a');
export const mb = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} MB` : 'n/a');
export const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : 'n/a');
