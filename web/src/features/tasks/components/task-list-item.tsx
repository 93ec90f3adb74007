import { Link } from 'react-router-dom';
import { UI } from '@app/contracts';
import type { TaskSummary } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { taskPath } from '../../../lib/navigation';

interface Props {
  task: TaskSummary;
  active: boolean;
  /** Absent for a role that may not delete tasks: no ✕. */
  onDelete?: (task: TaskSummary) => void;
}

export function TaskListItem({ task, active, onDelete }: Props) {
  return (
    <li className={active ? 'task-item task-item--active' : 'task-item'} data-task-id={task.id}>
      <Link to={taskPath(task.id)} className="task-item__link" aria-current={active ? 'page' : undefined}>
        <span className="task-item__name">{task.name}</span>
        <span className="task-item__date">{formatDateTime(task.createdAt)}</span>
      </Link>
      {onDelete ? (
        <button
          type="button"
          className="task-item__delete"
          title={UI.deleteTask}
          aria-label={`${UI.deleteTask} ${task.name}`}
          onClick={() => onDelete(task)}
        >
          ✕
        </button>
      ) : null}
    </li>
  );
}
