import ExcelJS from 'exceljs';
import { BATCH_UI, type BatchRow } from '@app/contracts';

/**
 * Итоги.xlsx: one row per task, in the batch's order, under BATCH_UI.summaryHeader; `files` gives
 * each row's file name in the archive (empty for a row without a file).
 */
export async function summaryWorkbook(rows: BatchRow[], files: (string | null)[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(BATCH_UI.summarySheet);
  ws.addRow([...BATCH_UI.summaryHeader]);
  ws.getRow(1).font = { bold: true };
  rows.forEach((row, i) => {
    const c = row.changes;
    ws.addRow([
      row.name,
      BATCH_UI.status[row.status],
      row.rows ?? null,
      row.matched ?? null,
      row.unmatched ?? null,
      row.warnings ?? null,
      c?.added ?? null,
      c?.removed ?? null,
      c?.changed ?? null,
      c?.lost ?? null,
      files[i] ?? '',
      row.error ?? '',
    ]);
  });
  ws.columns.forEach((col, i) => (col.width = i === 0 || i >= 10 ? 40 : 14));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
