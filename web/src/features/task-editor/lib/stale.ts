import type { ExportRecord, Task } from '@app/contracts';

/**
 * Whether the task page says `Прайс обновлён после последней выгрузки`: the server's flag, until
 * the page's own history shows an export made from the list's current version (a generate here).
 */
export function showsStale(task: Task, exports: ExportRecord[] | null): boolean {
  if (!task.stale) return false;
  const currentId = task.priceList?.current?.id;
  const latest = exports?.find((e) => e.status === 'done');
  return !(currentId && latest?.priceVersion?.id === currentId);
}
