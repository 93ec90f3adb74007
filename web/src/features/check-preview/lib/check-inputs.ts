import type { Task } from '@app/contracts';

/** What a check is made from besides the items: the files, the rule profile and the task's rules. */
export type CheckInputs = Pick<Task, 'files' | 'profileId' | 'mapping'>;

/** JSON with object keys sorted, so the same rules give the same text whichever answer brought them. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A key of the task's check inputs other than the items (those have the editor's version): a new
 * upload of either file (its `uploadedAt`), another profile or other rules (`Исправить`, a profile's
 * rules copied) give another key, and a preview made from the old one is out of date.
 */
export function checkInputsKey(task: CheckInputs): string {
  return stable({
    price: task.files?.price?.uploadedAt ?? null,
    template: task.files?.template?.uploadedAt ?? null,
    profileId: task.profileId ?? null,
    mapping: task.mapping ?? null,
  });
}
