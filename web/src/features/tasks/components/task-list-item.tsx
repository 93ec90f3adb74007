import { Link } from 'react-router-dom';
import { PRICE_LIST_UI, UI } from '@app/contracts';
import type { TaskSummary } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { taskPath } from '../../../lib/navigation';

interface Props {
  task: TaskSummary;
  active: boolean;
  /** Absent for a role that may not delete tasks: no ✕. */
  onDelete?: (task: TaskSummary) => void;
  /** In `Выбрать` mode: whether the task is ticked, and how to tick it (the row is then a checkbox). */
  checked?: boolean;
  onToggle?: (id: string) => void;
}

function TaskText({ task }: { task: TaskSummary }) {
  return (
    <>
      <span className="task-item__name">
        {task.stale ? <span className="stale-dot" role="img" aria-label={PRICE_LIST_UI.stale} title={PRICE_LIST_UI.stale} /> : null}
        {task.name}
      </span>
      <span className="task-item__date">{formatDateTime(task.createdAt)}</span>
    </>
  );
}

export function TaskListItem({ task, active, onDelete, checked = false, onToggle }: Props) {
  const classes = ['task-item', active ? 'task-item--active' : '', task.stale ? 'task-item--stale' : ''].join(' ').trim();
  if (onToggle) {
    return (
      <li className={classes} data-task-id={task.id}>
        <label className="task-item__link task-item__check">
          <input type="checkbox" checked={checked} onChange={() => onToggle(task.id)} />
          <span className="task-item__text">
            <TaskText task={task} />
          </span>
        </label>
      </li>
    );
  }
  return (
    <li className={classes} data-task-id={task.id}>
      <Link to={taskPath(task.id)} className="task-item__link" aria-current={active ? 'page' : undefined}>
        <TaskText task={task} />
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
