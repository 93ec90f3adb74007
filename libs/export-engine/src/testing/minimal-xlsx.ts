import JSZip from 'jszip';

/** What a minimal workbook's one sheet holds: `<sheetData>`'s rows as XML, and optionally more. */
export interface MinimalSheet {
  /** `<row …>…</row>` elements, written as they are. */
  rows: string;
  /** The sheet's name (default `Данные`). */
  name?: string;
  /** XML after `</sheetData>` (mergeCells, tableParts…). */
  after?: string;
}

/**
 * The smallest workbook a writer such as SheetJS or openpyxl makes: a workbook part, one sheet
 * whose cells are written exactly as given, and no shared strings, styles or calc chain unless
 * given (`styles`: a whole styles.xml). For cells no builder writes: formulas without their
 * value, `t="d"` times, CDATA in `<v>`, locale number formats.
 */
export async function minimalXlsx(sheet: MinimalSheet, styles?: string): Promise<Buffer> {
  const zip = new JSZip();
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${type}.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type}.worksheet+xml"/>` +
      (styles ? `<Override PartName="/xl/styles.xml" ContentType="${type}.styles+xml"/>` : '') +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="${sheet.name ?? 'Данные'}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
      (styles ? `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/>` : '') +
      '</Relationships>',
  );
  zip.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}" xmlns:r="${rel}"><sheetData>${sheet.rows}</sheetData>${sheet.after ?? ''}</worksheet>`);
  if (styles) zip.file('xl/styles.xml', styles);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** An inline-string cell, as streaming writers put text. */
export const inlineCell = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
