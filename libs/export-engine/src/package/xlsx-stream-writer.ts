import { columnLetter } from '@app/contracts';
import { escapeXmlAttr, escapeXmlText } from './xml-text';
import { ZipFileWriter, type ZipEntryWriter } from './zip-file-writer';

/** Excel's longest cell text; a longer one is cut (Excel would refuse the file). */
export const EXCEL_TEXT_MAX = 32_767;

/** A cell of a streamed sheet: a text, a number, a date (serial day), a number shown with one decimal; null: none. */
export type StreamCell = string | number | null | { date: number } | { oneDecimal: number };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Style indices of STYLES' cellXfs. */
const STYLE = { header: 1, date: 2, oneDecimal: 3 } as const;
const STYLES =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="${NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="0.0"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * A workbook of plain sheets written row by row to a file, for a table too long to hold (every
 * change of a price list): texts inline (no shared-string table to keep), a bold frozen header,
 * dates and one-decimal numbers formatted. Sheets are written one after another.
 */
export class XlsxStreamWriter {
  private sheet?: ZipEntryWriter;
  private row = 0;
  private written = 0;

  private constructor(private readonly zip: ZipFileWriter, private readonly names: readonly string[]) {}

  /** Opens `path` for a workbook whose sheets will be `names`, in this order. */
  static async create(path: string, names: readonly string[]): Promise<XlsxStreamWriter> {
    const zip = await ZipFileWriter.create(path);
    const writer = new XlsxStreamWriter(zip, names);
    try {
      await writer.writeWorkbookParts();
    } catch (err) {
      await zip.abort();
      throw err;
    }
    return writer;
  }

  /** Starts the next sheet with its header row; `widths`: each column's width in characters. */
  async startSheet(header: readonly string[], widths: readonly number[]): Promise<void> {
    await this.endSheet();
    if (this.written >= this.names.length) throw new Error('no more sheets were named');
    this.sheet = await this.zip.openEntry(`xl/worksheets/sheet${++this.written}.xml`);
    this.row = 0;
    const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
    await this.sheet.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}" xmlns:r="${REL}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
    );
    await this.addRow(header, STYLE.header);
  }

  /** A data row of the open sheet. Awaiting it now and then keeps the file up with the rows. */
  addRow(cells: readonly StreamCell[], style = 0): Promise<void> {
    const r = ++this.row;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) xml += cellXml(`${columnLetter(i + 1)}${r}`, cells[i], style);
    return this.sheet!.write(`${xml}</row>`);
  }

  /** Ends the last sheet and the workbook (a sheet named but not started is written empty). */
  async finish(): Promise<void> {
    await this.endSheet();
    while (this.written < this.names.length) {
      await this.startSheet([], []);
      await this.endSheet();
    }
    await this.zip.finish();
  }

  /** Removes what was written: used when the run fails. */
  async abort(): Promise<void> {
    await this.zip.abort();
  }

  private async endSheet(): Promise<void> {
    if (!this.sheet) return;
    const sheet = this.sheet;
    this.sheet = undefined;
    await sheet.write('</sheetData></worksheet>');
    await sheet.end();
  }

  private async writeWorkbookParts(): Promise<void> {
    const sheets = this.names.map((_, i) => i + 1);
    await this.zip.addFile(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>` +
        sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${TYPE}.worksheet+xml"/>`).join('') +
        `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`,
    );
    await this.zip.addFile('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
    await this.zip.addFile(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>` +
        this.names.map((name, i) => `<sheet name="${escapeXmlAttr(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    );
    await this.zip.addFile(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}">` +
        sheets.map((n) => `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    );
    await this.zip.addFile('xl/styles.xml', STYLES);
  }
}

function cellXml(ref: string, cell: StreamCell, style: number): string {
  const s = style > 0 ? ` s="${style}"` : '';
  if (cell === null || cell === '') return '';
  if (typeof cell === 'string') {
    const text = escapeXmlText(cell.length > EXCEL_TEXT_MAX ? cell.slice(0, EXCEL_TEXT_MAX) : cell);
    const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : '';
  if ('date' in cell) return `<c r="${ref}" s="${STYLE.date}"><v>${cell.date}</v></c>`;
  return Number.isFinite(cell.oneDecimal) ? `<c r="${ref}" s="${STYLE.oneDecimal}"><v>${cell.oneDecimal}</v></c>` : '';
}
