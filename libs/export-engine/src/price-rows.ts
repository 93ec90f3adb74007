import { openPriceHead } from './column-reader';
import { guardFile } from './package/engine-error';
import { CsvScanner, detectSeparator } from './price/csv-scanner';
import { countSheetRows, DataRowCounter } from './price/data-rows';

/**
 * DESIGN §12: how many data rows a price list has (`rows` of its version), read as the export
 * reads it: the used sheet of a workbook, or a CSV through the same decoder and scanner; the rows
 * below the header row `readColumns` finds that hold a value (see DataRowCounter for what counts).
 * One pass over the sheet besides the header's; a second only for a workbook with blank shared
 * strings in rows of nothing but shared strings.
 */
export async function countPriceRows(file: string | Buffer): Promise<number> {
  return guardFile('price', async () => {
    const head = await openPriceHead(file);
    if (!head.zip) {
      const counter = new DataRowCounter(head.headerRow);
      new CsvScanner(counter).scan(head.text, detectSeparator(head.text));
      return counter.rows;
    }
    try {
      return await countSheetRows(head.zip, head.parts, head.headerRow);
    } finally {
      head.zip.close();
    }
  });
}
