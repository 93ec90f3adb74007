import type { CheckResponse, CheckRow, ExportDigest } from '@app/contracts';
import { CHECK_ROWS_MAX, columnLetter } from '@app/contracts';
import { buildDigest } from './check/export-digest';
import { withExportInputs, type EngineInput } from './export-inputs';
import { planLayout } from './template/fill-layout';
import { explainMatch } from './check/match-explainer';
import { checkColumns, outRow, shownValue, valueColumns } from './template/out-row';
import type { PriceCheck } from './price/price-check';
import type { PriceMatches } from './price/price-reader';
import type { OutRow } from './template/template-writer';
import { taskWarnings } from './check/task-warnings';
import { readBothColumns } from './column-reader';

/** What the worker hands back for `POST /api/tasks/{id}/check`, before it compares the digest with the newest export's. */
export type CheckOutput = Omit<CheckResponse, 'changes'> & { digest: ExportDigest };

export interface CheckOptions {
  /** How many rows to show (default CHECK_ROWS_MAX); the warning counts and the digest cover all. */
  rowsMax?: number;
}

/**
 * DESIGN §11: the export as generateExport would write it, without writing it — the same reads of
 * both files, the same rows in the same template rows — with an explanation of every match and the
 * warnings of the whole task. It fails where generate would, with the same errors.
 */
export async function checkExport(input: EngineInput, options: CheckOptions = {}): Promise<CheckOutput> {
  checkColumns(input.mapping);
  const columns = readBothColumns(input);

  return withExportInputs(input, {}, true, async (template, tpl, matched) => {
    const rows = input.items.map((item, i) => outRow(item, matched.matches[i].values, input.mapping));
    const written = valueColumns(input.mapping);
    const layout = planLayout(tpl.sheetXml, tpl.sheet, tpl.tables, rows.length, written, tpl.pivots);
    const { warnings, warningCounts, warnedItems, templateHeaders } = await taskWarnings(input, template, tpl, matched, rows, layout, columns);
    return {
      columns: [...written].sort((a, b) => a - b).map((index) => ({ index, letter: columnLetter(index), header: templateHeaders.get(index) ?? '' })),
      // Check mode always sets `check`.
      rows: previewRows(input, rows, matched, matched.check!, options.rowsMax ?? CHECK_ROWS_MAX),
      rowsTotal: rows.length,
      warnings,
      warningCounts,
      missingItems: matched.matches.flatMap((m, i) => (m.by === null ? [i] : [])),
      warnedItems,
      digest: buildDigest(input.items, rows, matched.matches),
    };
  });
}

/** The first rows as they will be written, each with how its item was found. */
function previewRows(input: EngineInput, rows: readonly OutRow[], matched: PriceMatches, check: PriceCheck, max: number): CheckRow[] {
  return rows.slice(0, Math.max(0, max)).map((row, i) => {
    const { by } = matched.matches[i];
    const detail = check.items[i];
    const code = by === 'gm' ? input.items[i].gm : input.items[i].ma;
    const cells: CheckRow['cells'] = {};
    for (const [col, v] of row) cells[String(col)] = shownValue(v);
    return {
      item: i,
      status: by === null ? 'missing' : 'found',
      by,
      via: detail ? explainMatch(code, detail.key.text) : [],
      priceRow: detail?.row ?? null,
      cells,
    };
  });
}
