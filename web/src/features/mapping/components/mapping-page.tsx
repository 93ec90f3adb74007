import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { COLUMNS_UI, UI } from '@app/contracts';
import { useUnsavedGuard } from '../../task-editor/hooks/use-unsaved-guard';
import { ColumnSourceProvider } from '../hooks/column-source';
import { useMappingForm } from '../hooks/use-mapping-form';
import { useProfileSwitcher } from '../hooks/use-profile-switcher';
import { useRulesLocation } from '../hooks/use-rules-location';
import { useTaskColumns } from '../hooks/use-task-columns';
import { autoMatch } from '../lib/auto-match';
import { AutoMatchReport } from './auto-match-report';
import { KeysSection } from './keys-section';
import { ManualSection } from './manual-section';
import { PairsSection } from './pairs-section';
import { ProfileSwitcher } from './profile-switcher';
import { TaskColumnsPicker } from './task-columns-picker';
import { useCan } from '../../auth/hooks/auth-context';

/** `/settings/mapping`: the column-transfer rules of one rule profile (`?profile=`), the default at first. */
export function MappingPage() {
  const location = useRulesLocation();
  const columns = useTaskColumns(location.taskId);
  const dirtyRef = useRef(false);
  const switcher = useProfileSwitcher(location, () => dirtyRef.current);
  const form = useMappingForm(switcher.shown?.id ?? null, columns);
  dirtyRef.current = form.dirty;
  useUnsavedGuard(form.dirty);
  const [filled, setFilled] = useState<string[] | null>(null);
  // Viewers read the rules; staff change them; only admins delete a profile (the API checks it too).
  const canEdit = useCan('staff');
  const canDelete = useCan('admin');

  // The report of `Подобрать по заголовкам` lasts while what it filled is unsaved.
  useEffect(() => {
    if (!form.dirty) setFilled(null);
  }, [form.dirty]);

  const onAutoMatch = () => {
    if (columns.price.status !== 'ready' || columns.template.status !== 'ready') return;
    const result = autoMatch(form.draft, columns.price.columns, columns.template.columns);
    if (result.filled.length === 0) {
      toast.info(COLUMNS_UI.autoMatchNothing);
      return;
    }
    form.setDraft(result.draft);
    setFilled(result.filled);
    toast.success(COLUMNS_UI.autoMatchFilled(result.filled.length));
  };

  const { draft } = form;
  return (
    <div className="page page--narrow" data-conflicts={form.conflicts.join(',')} data-profile={switcher.shown?.id ?? ''}>
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{UI.mappingTitle}</h1>
          <p className="page-header__meta">
            {UI.mappingHint}
            {form.dirty ? <span className="page-header__dirty">•&nbsp;{UI.unsavedMark}</span> : null}
          </p>
        </div>
        {canEdit ? (
          <div className="page-header__actions">
            <button type="button" className="btn btn--primary" onClick={() => void form.save()} disabled={form.saving || !form.loaded}>
              {form.saving ? UI.saving : UI.save}
            </button>
          </div>
        ) : null}
      </header>
      <section className="panel rules-toolbar">
        <ProfileSwitcher switcher={switcher} canEdit={canEdit} canDelete={canDelete} />
        {canEdit ? <TaskColumnsPicker taskId={location.taskId} columns={columns} onTask={location.setTask} onAutoMatch={onAutoMatch} /> : null}
        {filled ? <AutoMatchReport filled={filled} /> : null}
      </section>
      {form.loaded ? (
        <ColumnSourceProvider value={{ columns, headers: draft.headers }}>
          <fieldset className="rules-fieldset" disabled={!canEdit}>
            <ManualSection manual={draft.manual} onChange={form.setManualField} />
            <PairsSection pairs={draft.pairs} onChange={form.setPair} onAdd={form.addPair} onRemove={form.removePair} />
            <KeysSection keys={draft.keys} onChange={form.setKey} />
          </fieldset>
        </ColumnSourceProvider>
      ) : (
        <p className="placeholder">{UI.loading}</p>
      )}
    </div>
  );
}
