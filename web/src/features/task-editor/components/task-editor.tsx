import type { Task } from '@app/contracts';
import { useExportHistory } from '../hooks/use-export-history';
import { useItemsEditor } from '../hooks/use-items-editor';
import { useTaskActions } from '../hooks/use-task-actions';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import { ExportHistory } from './export-history';
import { FilesSection } from './files-section';
import { ItemsSection } from './items-section';
import { TaskHeader } from './task-header';

/** The page of one task; mounted per task id, so its item rows start from that task's items. */
export function TaskEditor({ task }: { task: Task }) {
  const editor = useItemsEditor(task.items ?? []);
  const history = useExportHistory(task.id);
  const actions = useTaskActions(task, editor, history);
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
      <FilesSection task={task} />
      <ItemsSection editor={editor} />
      <ExportHistory taskId={task.id} exports={history.exports} />
    </div>
  );
}
