import type { ReactNode } from 'react';
import { UI } from '@app/contracts';
import type { Task } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { TaskProfile } from './task-profile';

interface Props {
  task: Task;
  dirty: boolean;
  saving: boolean;
  generating: boolean;
  onSave: () => void;
  onGenerate: () => void;
  onProfileChange: (profileId: string, name: string) => Promise<boolean>;
  /** `Проверить` (check-preview), shown just before `Сформировать`. */
  checkButton?: ReactNode;
}

export function TaskHeader({ task, dirty, saving, generating, onSave, onGenerate, onProfileChange, checkButton }: Props) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <div className="page-header__title-row">
          <h1 className="page-header__title">{task.name}</h1>
          <TaskProfile profileId={task.profileId} onChange={onProfileChange} />
        </div>
        <p className="page-header__meta">
          {UI.createdAt} {formatDateTime(task.createdAt)}
          {dirty ? <span className="page-header__dirty">•&nbsp;{UI.unsavedMark}</span> : null}
        </p>
      </div>
      <div className="page-header__actions">
        <button type="button" className="btn" onClick={onSave} disabled={saving}>
          {saving ? UI.saving : UI.save}
        </button>
        {checkButton}
        <button type="button" className="btn btn--primary" onClick={onGenerate} disabled={generating}>
          {generating ? UI.generating : UI.generate}
        </button>
      </div>
    </header>
  );
}
