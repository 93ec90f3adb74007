import { useMatch, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { TOAST, UI } from '@app/contracts';
import type { TaskSummary } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { SKIP_UNSAVED_CHECK } from '../../../lib/navigation';
import { deleteTask } from '../api/tasks-api';
import { useTasks } from '../hooks/tasks-context';
import { TaskListItem } from './task-list-item';
import { useCan } from '../../auth/hooks/auth-context';
import type { TaskSelection } from '../hooks/use-task-selection';

/** The scrollable task list of the sidebar, newest first; the open task is highlighted; checkboxes in `Выбрать` mode. */
export function TaskList({ selection }: { selection?: TaskSelection }) {
  const { tasks, loaded, refresh, remove } = useTasks();
  const navigate = useNavigate();
  const match = useMatch('/task/:id');
  const activeId = match?.params.id;
  const canDelete = useCan('staff');

  const onDelete = async (task: TaskSummary) => {
    if (!window.confirm(UI.deleteTaskConfirm(task.name))) return;
    try {
      await deleteTask(task.id);
    } catch (e) {
      toast.error(TOAST.deleteFailed, { description: serverMessageOf(e) });
      return;
    }
    toast.success(TOAST.deleted);
    remove(task.id);
    if (task.id === activeId) navigate('/', { state: SKIP_UNSAVED_CHECK });
    await refresh();
  };

  return (
    <nav className="task-list" aria-label={UI.tasksHeading}>
      {!loaded && tasks.length === 0 ? <p className="task-list__empty">{UI.loading}</p> : null}
      {loaded && tasks.length === 0 ? <p className="task-list__empty">{UI.noTasks}</p> : null}
      <ul>
        {tasks.map((task) => (
          <TaskListItem
            key={task.id}
            task={task}
            active={task.id === activeId}
            onDelete={canDelete ? onDelete : undefined}
            checked={selection?.selected.has(task.id)}
            onToggle={selection?.selecting ? selection.toggle : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}
