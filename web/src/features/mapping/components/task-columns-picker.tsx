import { COLUMNS_UI, FILE_KINDS } from '@app/contracts';
import type { FileKind } from '@app/contracts';
import { useTasks } from '../../tasks/hooks/tasks-context';
import type { ColumnsState, TaskColumns } from '../hooks/use-task-columns';

interface Props {
  taskId: string | null;
  columns: TaskColumns;
  onTask: (id: string | null) => void;
  onAutoMatch: () => void;
}

function statusText(kind: FileKind, state: ColumnsState): string | null {
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return `${COLUMNS_UI.listLabel(kind)}: ${COLUMNS_UI.loading}`;
    case 'ready':
      return COLUMNS_UI.loaded(kind, state.columns.length);
    case 'missing':
      return COLUMNS_UI.notUploaded(kind);
    case 'failed':
      return state.message ? `${COLUMNS_UI.failed(kind)} (${state.message})` : COLUMNS_UI.failed(kind);
  }
}

/** `Колонки из задачи`: a task whose files' columns every column input then offers; `Подобрать по заголовкам`. */
export function TaskColumnsPicker({ taskId, columns, onTask, onAutoMatch }: Props) {
  const { tasks } = useTasks();
  const bothReady = columns.price.status === 'ready' && columns.template.status === 'ready';
  const known = !taskId || tasks.some((t) => t.id === taskId);
  return (
    <>
      <div className="rules-toolbar__row">
        <label className="rules-toolbar__label" htmlFor="rules-task">
          {COLUMNS_UI.fromTask}
        </label>
        <select id="rules-task" className="select" value={taskId ?? ''} onChange={(e) => onTask(e.target.value || null)}>
          <option value="">{COLUMNS_UI.noTask}</option>
          {known ? null : <option value={taskId ?? ''}>{taskId}</option>}
          {tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn"
          onClick={onAutoMatch}
          disabled={!bothReady}
          title={bothReady ? undefined : COLUMNS_UI.autoMatchNeedsFiles}
        >
          {COLUMNS_UI.autoMatch}
        </button>
      </div>
      {taskId ? (
        <ul className="rules-toolbar__status">
          {FILE_KINDS.map((kind) => (
            <li key={kind} data-kind={kind} data-status={columns[kind].status} className={`columns-status columns-status--${columns[kind].status}`}>
              {statusText(kind, columns[kind])}
            </li>
          ))}
        </ul>
      ) : (
        <p className="note rules-toolbar__hint">{COLUMNS_UI.hint}</p>
      )}
    </>
  );
}
