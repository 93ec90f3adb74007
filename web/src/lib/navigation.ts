/** Location state that lets a navigation pass the unsaved-changes guard (e.g. after the task was deleted). */
export const SKIP_UNSAVED_CHECK = { skipUnsavedCheck: true } as const;

export function skipsUnsavedCheck(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { skipUnsavedCheck?: unknown }).skipUnsavedCheck === true;
}

export const taskPath = (id: string) => `/task/${encodeURIComponent(id)}`;
export const MAPPING_PATH = '/settings/mapping';
export const PRICE_LISTS_PATH = '/price-lists';
export const BATCHES_PATH = '/batches';
export const batchPath = (id: string) => `/batch/${encodeURIComponent(id)}`;
