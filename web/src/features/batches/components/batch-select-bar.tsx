import { useState } from 'react';
import { BATCH_UI } from '@app/contracts';
import type { BatchAction } from '@app/contracts';
import { useTasks } from '../../tasks/hooks/tasks-context';
import type { TaskSelection } from '../../tasks/hooks/use-task-selection';
import { DeliverOnBatch } from '../../delivery/components/deliver-on-batch';
import { useStartBatch } from '../hooks/use-start-batch';

/**
 * The sidebar after `Выбрать`: how many tasks are ticked, `Проверить выбранные`,
 * `Сформировать выбранные` (each starts a batch and opens its page; the latter mailing each file
 * when `Отправить получателям по готовности` is ticked) and `Отмена`.
 */
export function BatchSelectBar({ selection }: { selection: TaskSelection }) {
  const { tasks } = useTasks();
  const { start, starting } = useStartBatch();
  const [deliver, setDeliver] = useState(false);
  // A ticked task deleted meanwhile is left out.
  const taskIds = tasks.filter((t) => selection.selected.has(t.id)).map((t) => t.id);

  const run = async (action: BatchAction) => {
    if (await start(action, taskIds, deliver)) selection.cancel();
  };

  const none = taskIds.length === 0 || starting;
  return (
    <div className="batch-select" role="group" aria-label={BATCH_UI.select}>
      <span className="batch-select__count" aria-live="polite">
        {BATCH_UI.selected(taskIds.length)}
      </span>
      <button type="button" className="btn btn--block" onClick={() => void run('check')} disabled={none}>
        {BATCH_UI.checkSelected}
      </button>
      <DeliverOnBatch checked={deliver} onChange={setDeliver} disabled={starting} />
      <button type="button" className="btn btn--primary btn--block" onClick={() => void run('generate')} disabled={none}>
        {BATCH_UI.generateSelected}
      </button>
      <button type="button" className="sidebar__select" onClick={selection.cancel}>
        {BATCH_UI.cancelSelect}
      </button>
    </div>
  );
}
