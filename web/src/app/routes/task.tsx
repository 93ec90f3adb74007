import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { UI } from '@app/contracts';
import { TaskEditor } from '../../features/task-editor/components/task-editor';
import { useTasks } from '../../features/tasks/hooks/tasks-context';

/**
 * `/task/:id`: a loading placeholder until the task is found in the task list; when it is missing
 * the list is fetched once more, and if it is still missing the page says so.
 */
export function TaskRoute() {
  const { id = '' } = useParams();
  const { tasks, loaded, refresh } = useTasks();
  const task = tasks.find((t) => t.id === id);
  const [checkedId, setCheckedId] = useState<string | null>(null);

  useEffect(() => {
    if (task || !loaded || checkedId === id) return;
    let alive = true;
    void refresh().finally(() => {
      if (alive) setCheckedId(id);
    });
    return () => {
      alive = false;
    };
  }, [task, loaded, checkedId, id, refresh]);

  if (task) return <TaskEditor key={task.id} task={task} />;
  if (checkedId !== id) return <p className="placeholder">{UI.loading}</p>;
  return (
    <div className="empty-state">
      <h1 className="empty-state__title">{UI.taskNotFound}</h1>
      <p className="empty-state__hint">{UI.taskNotFoundHint}</p>
    </div>
  );
}
