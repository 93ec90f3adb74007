import { PRICE_DIFF_UI, PRICE_DIFF_XLSX, columnLetter } from '@app/contracts';
import type { DiffChange } from '@app/contracts';
import { formatCount } from '../../../lib/format';
import { formatDiffPct, formatDiffValue } from '../lib/diff-format';

const COLUMNS = PRICE_DIFF_UI.columns;

/** The changed values of a comparison, one row each: code, column, было → стало, Δ % (the first DIFF_LIST_MAX). */
export function DiffChangesTable({ changes, total }: { changes: DiffChange[]; total: number }) {
  return (
    <div className="price-diff__changes">
      {changes.length < total ? <p className="note">{PRICE_DIFF_UI.firstOf(formatCount(changes.length), formatCount(total))}</p> : null}
      <div className="table-wrap price-diff__table-wrap">
        <table className="data-table" aria-label={PRICE_DIFF_UI.changed(formatCount(total))}>
          <thead>
            <tr>
              <th>{COLUMNS.code}</th>
              <th>{COLUMNS.column}</th>
              <th className="data-table__num">{COLUMNS.was}</th>
              <th className="data-table__num">{COLUMNS.now}</th>
              <th className="data-table__num">{COLUMNS.pct}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={`${c.code}:${c.column}`} data-code={c.code}>
                <td>{c.code}</td>
                <td>{PRICE_DIFF_XLSX.column(columnLetter(c.column), c.header)}</td>
                <td className="data-table__num" data-testid="diff-was">
                  {formatDiffValue(c.was)}
                </td>
                <td className="data-table__num" data-testid="diff-now">
                  {formatDiffValue(c.now)}
                </td>
                <td className="data-table__num" data-testid="diff-pct">
                  {formatDiffPct(c.pct)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
