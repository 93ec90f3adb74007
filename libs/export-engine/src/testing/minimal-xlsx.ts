import { ZipWriter } from '../package/zip-writer';

/** What a minimal workbook's one sheet holds: `<sheetData>`'s rows as XML, and optionally more. */
export interface MinimalSheet {
  /** `<row …>…</row>` elements, written as they are. */
  rows: string;
  /** The sheet's name (default `Данные`). */
  name?: string;
  /** XML after `</sheetData>` (mergeCells, tableParts…). */
  after?: string;
  /** `<Relationship>` elements of the sheet's .rels (targets relative to xl/worksheets/). */
  rels?: string;
  /** More parts by their path in the zip (pivot tables, tables…). */
  parts?: Record<string, string>;
  /** XML between the sheet's declaration and its root element (a DOCTYPE no writer should write). */
  prolog?: string;
  /** XML inside `<worksheet>` before `<sheetData>` (`<dimension>`, `<cols>`…). */
  before?: string;
  /** The shared strings, as `<si>` texts (XML-escaped already), for cells `t="s"`. */
  strings?: string[];
}

/**
 * The smallest workbook a writer such as SheetJS or openpyxl makes: a workbook part, one sheet
 * whose cells are written exactly as given, and no shared strings, styles or calc chain unless
 * given (`styles`: a whole styles.xml). For cells no builder writes: formulas without their
 * value, `t="d"` times, CDATA in `<v>`, locale number formats.
 */
export function minimalXlsx(sheet: MinimalSheet, styles?: string): Buffer {
  const zip = new ZipWriter();
  const file = (name: string, xml: string) => zip.addFile(name, Buffer.from(xml, 'utf8'));
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${type}.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type}.worksheet+xml"/>` +
      (styles ? `<Override PartName="/xl/styles.xml" ContentType="${type}.styles+xml"/>` : '') +
      (sheet.strings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${type}.sharedStrings+xml"/>` : '') +
      '</Types>',
  );
  file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="${sheet.name ?? 'Данные'}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
      (styles ? `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/>` : '') +
      (sheet.strings ? `<Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
      '</Relationships>',
  );
  file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?>${sheet.prolog ?? ''}<worksheet xmlns="${ns}" xmlns:r="${rel}">${sheet.before ?? ''}<sheetData>${sheet.rows}</sheetData>${sheet.after ?? ''}</worksheet>`,
  );
  if (styles) file('xl/styles.xml', styles);
  if (sheet.strings) {
    const items = sheet.strings.map((t) => `<si><t>${t}</t></si>`).join('');
    file('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="${sheet.strings.length}" uniqueCount="${sheet.strings.length}">${items}</sst>`);
  }
  if (sheet.rels) file('xl/worksheets/_rels/sheet1.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheet.rels}</Relationships>`);
  for (const [path, xml] of Object.entries(sheet.parts ?? {})) file(path, xml);
  return zip.finish();
}

/** An inline-string cell, as streaming writers put text. */
export const inlineCell = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A styles part with one style (index 1: a thin bottom border), for formatted rows. */
export const BORDER_STYLES =
  '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left/><right/><top/><bottom style="thin"/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1"/></cellXfs>' +
  '</styleSheet>';

/**
 * A template «formatted to the bottom»: a header row, then `rows` empty rows whose eight cells
 * carry a border, as a sheet gets when someone formats whole columns down (~170 bytes a row).
 */
export function formattedTemplate(rows: number): Buffer {
  const header = `<row r="1">${['№', 'Код МА', 'Код ГМ', 'Наименование', 'Цена', 'Мин. партия', 'Кратность', 'Штрихкод'].map((h, i) => inlineCell(`${'ABCDEFGH'[i]}1`, h)).join('')}</row>`;
  const body: string[] = [header];
  for (let r = 2; r <= rows + 1; r++) {
    let cells = '';
    for (const c of 'ABCDEFGH') cells += `<c r="${c}${r}" s="1"/>`;
    body.push(`<row r="${r}" spans="1:8">${cells}</row>`);
  }
  return minimalXlsx({ rows: body.join('') }, BORDER_STYLES);
}
