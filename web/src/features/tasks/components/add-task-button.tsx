import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { TOAST, UI } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { taskPath } from '../../../lib/navigation';
import { createTask } from '../api/tasks-api';
import { useTasks } from '../hooks/tasks-context';

/** `Добавить задачу`: asks for a name, creates the task and opens it. */
export function AddTaskButton() {
  const { refresh, upsert } = useTasks();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    const answer = window.prompt(UI.newTaskPrompt);
    const name = answer?.trim() ?? '';
    if (!name) return;
    setBusy(true);
    try {
      const task = await createTask(name);
      toast.success(TOAST.created);
      upsert(task);
      await refresh();
      navigate(taskPath(task.id));
    } catch (e) {
      toast.error(TOAST.createFailed, { description: serverMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn--primary btn--block" onClick={onClick} disabled={busy}>
      <span aria-hidden="true" className="btn__icon">+</span>
      {UI.addTask}
    </button>
  );
}
