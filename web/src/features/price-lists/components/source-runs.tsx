import { PRICE_SOURCE_UI } from '@app/contracts';
import type { SourceRun, SourceRunOutcome } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';

const T = PRICE_SOURCE_UI;
const TONE: Record<SourceRunOutcome, string> = { 'new-version': 'ok', unchanged: 'none', held: 'warn', failed: 'danger' };

interface Props {
  runs: SourceRun[] | null;
  /** Opens the versions at the one a run made. */
  onShowVersion: (versionId: string) => void;
}

/** `Последние проверки`: each poll's time, outcome, message and the version it made (the newest 20). */
export function SourceRuns({ runs, onShowVersion }: Props) {
  if (runs === null) return null;
  return (
    <section className="source-runs" aria-label={T.runs}>
      <h4 className="source-runs__title">{T.runs}</h4>
      {runs.length === 0 ? <p className="note">{T.noRuns}</p> : null}
      {runs.length > 0 ? (
        <table className="data-table" aria-label={T.runs}>
          <thead>
            <tr>
              <th>{T.runColumns.at}</th>
              <th>{T.runColumns.outcome}</th>
              <th>{T.runColumns.message}</th>
              <th>{T.runColumns.version}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} data-run-id={run.id} data-outcome={run.outcome ?? 'running'}>
                <td className="audit-table__at">{formatDateTime(run.startedAt)}</td>
                <td>
                  <span className={`badge badge--${run.outcome ? TONE[run.outcome] : 'info'}`} data-testid="run-outcome">
                    {run.outcome ? T.outcomes[run.outcome] : T.running}
                  </span>
                </td>
                <td className="source-runs__message">{run.message ?? ''}</td>
                <td>
                  {run.versionId ? (
                    <a
                      href={`#price-version-${run.versionId}`}
                      onClick={(e) => {
                        e.preventDefault();
                        onShowVersion(run.versionId!);
                      }}
                    >
                      {T.openVersion}
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
