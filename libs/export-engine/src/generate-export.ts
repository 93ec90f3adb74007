import type { ExportDigest, ExportReport, ExportWarning, Item } from '@app/contracts';
import { moveCalcChainRows } from './template/calc-chain';
import { guardFile } from './package/engine-error';
import { buildDigest } from './check/export-digest';
import { withExportInputs, type EngineInput } from './export-inputs';
import { planLayout } from './template/fill-layout';
import { checkColumns, outRow, valueColumns } from './template/out-row';
import type { PriceMatches } from './price/price-reader';
import { StylesPatcher } from './template/styles-patcher';
import { extendTables } from './template/table-extender';
import { taskWarnings } from './check/task-warnings';
import { readBothColumns } from './column-reader';
import { rezip } from './package/template-rezip';
import { followTotalsElsewhere } from './template/totals-references';
import { writeDataRows } from './template/template-writer';

export type { EngineInput } from './export-inputs';

export interface EngineOutput {
  xlsx: Buffer;
  report: ExportReport;
  /** What the export wrote per item, for «changes since the last export» (DESIGN §11). */
  digest: ExportDigest;
  /**
   * Where the items went: the data sheet's name and the first item's row (the rest follow in
   * order). Always set by generateExport; optional for outputs passed on without it (worker threads).
   */
  placement?: { sheet: string; firstRow: number };
  /** Milliseconds per stage, for logs and the benchmark. */
  timings: Record<string, number>;
}

/** DESIGN §5: the template with one row per item, filled from the typed fields and the price list. */
export async function generateExport(input: EngineInput): Promise<EngineOutput> {
  const timings: Record<string, number> = {};
  const started = performance.now();
  checkColumns(input.mapping);
  // The headers (guard, barcode columns) are read alongside the export.
  const columns = readBothColumns(input);

  const out = await withExportInputs(input, timings, true, async (template, tpl, matched) => {
    const { tplParts, sheetXml, stylesXml, sheet, tables, pivots, calcChainXml } = tpl;
    const t = performance.now();
    const styles = stylesXml !== undefined ? new StylesPatcher(stylesXml) : undefined;
    const rows = input.items.map((item, i) => outRow(item, matched.matches[i].values, input.mapping));
    const layout = planLayout(sheetXml, sheet, tables, rows.length, valueColumns(input.mapping), pivots);
    const written = writeDataRows(sheetXml, sheet, rows, styles, tplParts.date1904, layout);
    const replaced = extendTables(tables, layout, written.range);
    const moved = layout.totals;
    if (moved && moved.delta > 0 && calcChainXml !== undefined && tplParts.calcChain) {
      replaced.set(tplParts.calcChain.fileName, moveCalcChainRows(calcChainXml, tplParts.dataSheet.sheetId, moved.top, moved.bottom, moved.delta));
    }
    if (moved && moved.delta > 0) {
      const bodyTop = moved.table.range.top + moved.table.headerRows;
      const elsewhere = await guardFile('template', () => followTotalsElsewhere(template, tplParts, { sheet: tplParts.dataSheet.name, top: moved.top, bottom: moved.bottom, delta: moved.delta, bodyTop }));
      for (const [path, xml] of elsewhere) replaced.set(path, xml);
    }
    timings.templateWrite = performance.now() - t;

    const z = performance.now();
    replaced.set(tplParts.dataSheet.path, written.xml);
    if (styles?.changed && tplParts.styles) replaced.set(tplParts.styles.fileName, styles.toXml());
    const xlsx = await guardFile('template', () => rezip(template, replaced));
    timings.zip = performance.now() - z;
    const w = performance.now();
    // Only counted (report.checkWarnings, the toast): no warning is listed, no message made.
    const { warningCounts, headerChanges } = await taskWarnings(input, template, tpl, matched, rows, layout, columns, 0);
    timings.warnings = performance.now() - w;
    return { xlsx, rows, matched, warningCounts, headerChanges, layoutWarnings: layout.warnings, placement: { sheet: tplParts.dataSheet.name, firstRow: written.range.firstRow } };
  });

  const warnings: ExportWarning[] = [...out.layoutWarnings, ...out.headerChanges.map((c) => ({ kind: 'headerChanged' as const, ...c }))];
  const r = report(input.items, out.matched);
  if (warnings.length > 0) r.warnings = warnings;
  if (Object.keys(out.warningCounts).length > 0) r.checkWarnings = out.warningCounts;
  const digest = buildDigest(input.items, out.rows, out.matched.matches);
  timings.total = performance.now() - started;
  return { xlsx: out.xlsx, report: r, digest, placement: out.placement, timings };
}

function report(items: readonly Item[], matched: PriceMatches): ExportReport {
  const r: ExportReport = { rows: items.length, matchedByMa: 0, matchedByGm: 0, unmatched: [], duplicateKeys: matched.duplicateKeys, keyColumns: matched.keyColumns };
  matched.matches.forEach((m, index) => {
    if (m.by === 'ma') r.matchedByMa++;
    else if (m.by === 'gm') r.matchedByGm++;
    else r.unmatched.push({ index, ma: items[index].ma, gm: items[index].gm });
  });
  return r;
}
