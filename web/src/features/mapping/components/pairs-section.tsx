import { UI } from '@app/contracts';
import type { PairRow } from '../lib/rules-draft';
import { ColumnInput } from './column-input';

interface Props {
  pairs: PairRow[];
  onChange: (key: number, side: 'price' | 'template', value: number) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}

export function PairsSection({ pairs, onChange, onAdd, onRemove }: Props) {
  return (
    <section className="panel">
      <h2 className="panel__title">{UI.priceSection}</h2>
      {pairs.length > 0 ? (
        <div className="pairs">
          <div className="pairs__head" aria-hidden="true">
            <span>{UI.priceColumn}</span>
            <span />
            <span>{UI.templateColumn}</span>
            <span />
          </div>
          {pairs.map((pair, i) => (
            <div className="pairs__row" key={pair.key} data-pair={i}>
              <ColumnInput
                label={`${UI.priceColumn} ${i + 1}`}
                kind="price"
                value={pair.price}
                placeholder="P"
                onChange={(v) => onChange(pair.key, 'price', v)}
              />
              <span className="pairs__arrow" aria-hidden="true">→</span>
              <ColumnInput
                label={`${UI.templateColumn} ${i + 1}`}
                kind="template"
                value={pair.template}
                placeholder="T"
                onChange={(v) => onChange(pair.key, 'template', v)}
              />
              <button type="button" className="btn btn--ghost btn--danger" onClick={() => onRemove(pair.key)}>
                {UI.remove}
              </button>
            </div>
          ))}
        </div>
      ) : null}
      <div className="panel__foot">
        <button type="button" className="btn btn--ghost" onClick={onAdd}>
          {UI.addPair}
        </button>
      </div>
    </section>
  );
}
