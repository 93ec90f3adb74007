import { UI } from '@app/contracts';
import { useMappingForm } from '../hooks/use-mapping-form';
import { KeysSection } from './keys-section';
import { ManualSection } from './manual-section';
import { PairsSection } from './pairs-section';

/** `/settings/mapping`: the global column-transfer rules. */
export function MappingPage() {
  const form = useMappingForm();

  return (
    <div className="page page--narrow" data-conflicts={form.conflicts.join(',')}>
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{UI.mappingTitle}</h1>
          <p className="page-header__meta">{UI.mappingHint}</p>
        </div>
        <div className="page-header__actions">
          <button type="button" className="btn btn--primary" onClick={() => void form.save()} disabled={form.saving || !form.loaded}>
            {form.saving ? UI.saving : UI.save}
          </button>
        </div>
      </header>
      {form.loaded ? (
        <>
          <ManualSection manual={form.manual} onChange={form.setManualField} />
          <PairsSection pairs={form.pairs} onChange={form.setPair} onAdd={form.addPair} onRemove={form.removePair} />
          <KeysSection keys={form.keys} onChange={form.setKey} />
        </>
      ) : (
        <p className="placeholder">{UI.loading}</p>
      )}
    </div>
  );
}
