import type { Task } from '@app/contracts';
import { useExportHistory } from '../hooks/use-export-history';
import { useItemsEditor } from '../hooks/use-items-editor';
import { useTaskActions } from '../hooks/use-task-actions';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import { ExportHistory } from './export-history';
import { FilesSection } from './files-section';
import { ItemsSection } from './items-section';
import { TaskHeader } from './task-header';

interface Props {
  task: Task;
  /** A fresher copy of the task from an answer (save, upload), for the page to show. */
  onTaskChange: (task: Task) => void;
}

/** The page of one task; mounted per task id, so its item rows start from that task's items. */
export function TaskEditor({ task, onTaskChange }: Props) {
  const editor = useItemsEditor(task.items ?? []);
  const history = useExportHistory(task.id);
  const actions = useTaskActions(task, editor, history, onTaskChange);
  useUnsavedGuard(editor.dirty);

  return (
    <div className="page">
      <TaskHeader
        task={task}
        dirty={editor.dirty}
        saving={actions.saving}
        generating={actions.generating}
        onSave={() => void actions.save()}
        onGenerate={() => void actions.generate()}
      />
      <FilesSection task={task} onUploaded={onTaskChange} />
      <ItemsSection editor={editor} />
      <ExportHistory taskId={task.id} exports={history.exports} />
    </div>
  );
}
