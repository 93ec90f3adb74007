import { Navigate } from 'react-router-dom';
import { UI } from '@app/contracts';
import { useTasks } from '../../features/tasks/hooks/tasks-context';
import { taskPath } from '../../lib/navigation';

/** `/`: opens the newest task, or says there are none yet. */
export function HomeRoute() {
  const { tasks, loaded } = useTasks();
  if (tasks.length > 0) return <Navigate to={taskPath(tasks[0].id)} replace />;
  if (!loaded) return <p className="placeholder">{UI.loading}</p>;
  return (
    <div className="empty-state">
      <div className="empty-state__icon" aria-hidden="true">
        ☰
      </div>
      <h1 className="empty-state__title">{UI.noTasks}</h1>
      <p className="empty-state__hint">{UI.noTasksHint}</p>
    </div>
  );
}
