import { COLUMNS_UI } from '@app/contracts';

/** What `Подобрать по заголовкам` filled, until the rules are saved (or the edits undone). */
export function AutoMatchReport({ filled }: { filled: readonly string[] }) {
  return (
    <div className="auto-match" role="status" data-testid="auto-match-report">
      <p className="auto-match__title">{COLUMNS_UI.autoMatchFilled(filled.length)}</p>
      <ul className="auto-match__list">
        {filled.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="note auto-match__note">{COLUMNS_UI.autoMatchUnsaved}</p>
    </div>
  );
}
