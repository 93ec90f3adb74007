import type { FileKind, HeaderChange, Task, UploadResponse } from '@app/contracts';
import { CheckButton, CheckPanel } from '../../check-preview/components/check-panel';
import { useCheckPreview, useItemFocus } from '../../check-preview/hooks/use-check-preview';
import { useExportHistory } from '../hooks/use-export-history';
import { useHeaderChanges } from '../hooks/use-header-changes';
import { useItemsEditor } from '../hooks/use-items-editor';
import { useTaskActions } from '../hooks/use-task-actions';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import { showsStale } from '../lib/stale';
import { ExportHistory } from './export-history';
import { FilesSection } from './files-section';
import { ItemsSection } from './items-section';
import { TaskHeader } from './task-header';
import { useCan } from '../../auth/hooks/auth-context';
import { TaskJournal } from '../../audit/components/task-journal';
import { DeliveryCard } from '../../delivery/components/delivery-card';
import { DeliveryLog } from '../../delivery/components/delivery-log';
import { SendExportButton } from '../../delivery/components/send-export-button';
import { useDeliveries } from '../../delivery/hooks/use-deliveries';

interface Props {
  task: Task;
  /** A fresher copy of the task from an answer (save, upload), for the page to show. */
  onTaskChange: (task: Task) => void;
}

/** The page of one task; mounted per task id, so its item rows start from that task's items. */
export function TaskEditor({ task, onTaskChange }: Props) {
  const editor = useItemsEditor(task.items ?? []);
  const history = useExportHistory(task.id);
  const delivery = useDeliveries(task.id);
  const actions = useTaskActions(task, editor, history, onTaskChange);
  const guard = useHeaderChanges(task.id, task.profileId);
  useUnsavedGuard(editor.dirty);
  const preview = useCheckPreview(task.id, {
    saveFirst: () => actions.persist(editor.dirty),
    editVersion: editor.currentVersion,
    inputs: task,
    markChecked: editor.markChecked,
  });
  const focus = useItemFocus();
  // A viewer reads the task: no saves, uploads, checks or exports (the API refuses them too).
  const readOnly = !useCan('staff');
  const stale = showsStale(task, history.exports);
  const journalKey = `${task.updatedAt}:${history.exports?.length ?? 0}:${preview.checking}:${delivery.deliveries?.filter((d) => d.status !== 'queued').length ?? 0}`;

  const onUploaded = ({ headerChanges, ...fresh }: UploadResponse, kind: FileKind) => {
    onTaskChange(fresh);
    guard.acceptUpload(kind, headerChanges);
  };
  // Refused or not, the guard is read again: a refusal (409) means the file's headers moved on.
  const onFix = async (change: HeaderChange) => {
    await actions.fixHeader(change);
    await guard.reload();
  };

  return (
    <div className="page">
      <TaskHeader
        task={task}
        dirty={editor.dirty}
        saving={actions.saving}
        generating={actions.generating}
        onSave={() => void actions.save()}
        onGenerate={() => void actions.generate()}
        onProfileChange={actions.changeProfile}
        checkButton={<CheckButton checking={preview.checking} onCheck={() => void preview.run()} />}
        readOnly={readOnly}
        stale={stale}
      />
      {preview.check ? (
        <CheckPanel check={preview.check} stale={preview.stale} focused={focus.focused} onFocusItem={focus.focusItem} onClose={preview.close} />
      ) : null}
      <FilesSection
        task={task}
        onUploaded={onUploaded}
        onPriceList={actions.changePriceList}
        headerChanges={guard.changes}
        onFix={readOnly ? undefined : onFix}
        readOnly={readOnly}
      />
      <ItemsSection editor={editor} focused={focus.focused} readOnly={readOnly} />
      <DeliveryCard taskId={task.id} readOnly={readOnly} />
      <ExportHistory
        taskId={task.id}
        exports={history.exports}
        action={(e) => (
          <SendExportButton record={e} last={delivery.deliveries?.find((d) => d.exportId === e.id)} readOnly={readOnly} onQueued={delivery.refresh} />
        )}
      />
      <DeliveryLog deliveries={delivery.deliveries} />
      <TaskJournal taskId={task.id} changeKey={journalKey} />
    </div>
  );
}
