/** One sample of a Prometheus text exposition: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of an exposition (comments and HELP/TYPE lines skipped), for tests to read. */
export function parseExposition(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const m = LINE.exec(line.trim());
    if (!m) return [];
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(LABEL)) labels[key] = value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    return [{ name: m[1], labels, value: Number(m[3]) }];
  });
}

/** The samples named `name` whose labels include `labels`. */
export const samples = (all: Sample[], name: string, labels: Record<string, string> = {}): Sample[] =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** The one value of `name` with `labels`; undefined when there is none. */
export function value(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hits = samples(all, name, labels);
  if (hits.length > 1) throw new Error(`${hits.length} samples of ${name} ${JSON.stringify(labels)}`);
  return hits[0]?.value;
}
