/**
 * DESIGN §12: a task that follows a price list is stale when its newest finished export read
 * another version than the list's current one (compared by id, never by time). The current one is
 * the version whose status says so (DESIGN §16: a newer one may be pending, held or rejected).
 */
export const STALE_SQL = (task: string) => `(
  ${task}.price_list_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM exports se WHERE se.task_id = ${task}.id AND se.status = 'done')
  AND EXISTS (SELECT 1 FROM price_list_versions sv WHERE sv.price_list_id = ${task}.price_list_id AND sv.status = 'current')
  AND (SELECT se.price_version_id FROM exports se WHERE se.task_id = ${task}.id AND se.status = 'done' ORDER BY se.finished_at DESC, se.id DESC LIMIT 1)
    IS DISTINCT FROM
    (SELECT sv.id FROM price_list_versions sv WHERE sv.price_list_id = ${task}.price_list_id AND sv.status = 'current')
)`;

/**
 * A task's `files` as its answers show them: for a task that follows a list, `price` is the list's
 * current version (null before its first upload), in the StoredFile shape of an upload.
 */
export const CURRENT_PRICE_FILE_SQL = (task: string) => `(CASE WHEN ${task}.price_list_id IS NULL THEN ${task}.files ELSE jsonb_set(${task}.files, '{price}', COALESCE((
  SELECT jsonb_build_object('key', cv.object_key, 'name', cv.name, 'size', cv.size,
           'uploadedAt', to_char(cv.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM price_list_versions cv WHERE cv.price_list_id = ${task}.price_list_id AND cv.status = 'current'), 'null'::jsonb)) END)`;
