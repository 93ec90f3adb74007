import { useState } from 'react';
import { GUARD_UI, columnLetter, headerChangeText } from '@app/contracts';
import type { HeaderChange } from '@app/contracts';

interface Props {
  changes: readonly HeaderChange[];
  /** `Исправить`: resolves once the rule was re-pointed (or refused). */
  /** Absent for a role that may not change rules: no `Исправить`. */
  onFix?: (change: HeaderChange) => Promise<unknown>;
}

const keyOf = (c: HeaderChange) => `${c.file}:${c.column}`;

/** The guard's warning near the files: each changed header, and `Исправить` where it moved. */
export function HeaderChanges({ changes, onFix }: Props) {
  const [fixing, setFixing] = useState<string | null>(null);
  if (changes.length === 0) return null;

  const fix = async (change: HeaderChange) => {
    setFixing(keyOf(change));
    try {
      await onFix?.(change);
    } finally {
      setFixing(null);
    }
  };

  return (
    <div className="header-changes" role="alert" data-testid="header-changes">
      <p className="header-changes__title">{GUARD_UI.title}</p>
      <p className="header-changes__hint">{GUARD_UI.hint}</p>
      <ul className="header-changes__list">
        {changes.map((change) => (
          <li key={keyOf(change)} className="header-changes__item" data-file={change.file} data-column={change.column}>
            <span className="header-changes__text">{headerChangeText(change)}</span>
            {change.movedTo !== undefined && onFix ? (
              <button
                type="button"
                className="btn"
                title={GUARD_UI.fixTitle(columnLetter(change.movedTo))}
                disabled={fixing !== null}
                onClick={() => void fix(change)}
              >
                {GUARD_UI.fix}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
