import { useParams } from 'react-router-dom';
import { UI } from '@app/contracts';
import { TaskEditor } from '../../features/task-editor/components/task-editor';
import { useTask } from '../../features/task-editor/hooks/use-task';

/** `/task/:id`: a loading placeholder until the task has been fetched; a missing task says so. */
export function TaskRoute() {
  const { id = '' } = useParams();
  const { load, replace } = useTask(id);

  if (load.status === 'ready') return <TaskEditor key={load.task.id} task={load.task} onTaskChange={replace} />;
  if (load.status === 'loading') return <p className="placeholder">{UI.loading}</p>;
  return (
    <div className="empty-state">
      <h1 className="empty-state__title">{UI.taskNotFound}</h1>
      <p className="empty-state__hint">{UI.taskNotFoundHint}</p>
    </div>
  );
}
