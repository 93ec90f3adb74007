import type { ReactNode } from 'react';
import { AUTH_UI, PRICE_LIST_UI, UI } from '@app/contracts';
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
  /** A viewer's page: no Сохранить, Проверить, Сформировать; the profile shown, not chosen. */
  readOnly?: boolean;
  /** The followed price list has a version newer than the last export. */
  stale?: boolean;
}

export function TaskHeader({ task, dirty, saving, generating, onSave, onGenerate, onProfileChange, checkButton, readOnly = false, stale = false }: Props) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <div className="page-header__title-row">
          <h1 className="page-header__title">{task.name}</h1>
          <TaskProfile profileId={task.profileId} onChange={onProfileChange} disabled={readOnly} />
          {readOnly ? <span className="badge">{AUTH_UI.readOnly}</span> : null}
        </div>
        <p className="page-header__meta">
          {UI.createdAt} {formatDateTime(task.createdAt)}
          {dirty ? <span className="page-header__dirty">•&nbsp;{UI.unsavedMark}</span> : null}
        </p>
        {stale ? (
          <p className="page-header__stale" data-testid="task-stale">
            <span aria-hidden="true" className="stale-dot" />
            {PRICE_LIST_UI.stale}
          </p>
        ) : null}
      </div>
      {readOnly ? null : (
        <div className="page-header__actions">
          <button type="button" className="btn" onClick={onSave} disabled={saving}>
            {saving ? UI.saving : UI.save}
          </button>
          {checkButton}
          <button type="button" className="btn btn--primary" onClick={onGenerate} disabled={generating}>
            {generating ? UI.generating : UI.generate}
          </button>
        </div>
      )}
    </header>
  );
}
