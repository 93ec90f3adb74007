import type { Entry } from 'yauzl';
import { ENGINE_ERR, type EngineFileKind } from '@app/contracts';
import { EngineError } from './engine-error';
import { isWellFormedXml, requireWellFormed } from './xml-check';
import { findStartTags, parseAttributes } from './xml-text';
import type { ZipSource } from './zip-source';

export const DATA_SHEET_NAME = 'Данные';

export interface SheetRef {
  name: string;
  /** Zip entry name of the worksheet part, e.g. `xl/worksheets/sheet2.xml`. */
  path: string;
  entry: Entry;
  /** The workbook's `sheetId`, by which calcChain.xml names the sheet. */
  sheetId: number;
}

export interface WorkbookParts {
  workbookPath: string;
  sheets: SheetRef[];
  dataSheet: SheetRef;
  sharedStrings?: Entry;
  styles?: Entry;
  calcChain?: Entry;
  /** 1904 date system: serials count from 1904-01-01 (old Mac workbooks). */
  date1904: boolean;
}

const DEFAULT_WORKBOOK = 'xl/workbook.xml';

/**
 * The workbook part, as the package's own relationships (`_rels/.rels`, officeDocument) name it:
 * hand-made and some generated files keep it at the zip root or in another folder. Files whose
 * package relationships are missing or unreadable get the usual `xl/workbook.xml`.
 */
export async function findWorkbook(zip: ZipSource): Promise<Entry | undefined> {
  const relsEntry = zip.find('_rels/.rels');
  if (relsEntry) {
    try {
      for (const rel of parseRelationships(await zip.readText(relsEntry), '').values()) {
        if (!rel.external && rel.type.endsWith('/officeDocument')) {
          const entry = zip.find(rel.target);
          if (entry) return entry;
        }
      }
    } catch {
      // A broken package relationships part: the workbook may still be where it usually is.
    }
  }
  return zip.find(DEFAULT_WORKBOOK);
}

/**
 * Finds the parts through the workbook and its relationships, never by guessing file names:
 * writers differ (`/xl/worksheets/sheet1.xml` absolute targets, `SharedStrings.xml` capitalised).
 * `requireXml`: a workbook part that is not well-formed XML is refused (templates: see xml-check).
 */
export async function locateParts(zip: ZipSource, kind?: EngineFileKind, requireXml = false): Promise<WorkbookParts> {
  const unreadable = () => new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable, kind);
  const wbEntry = await findWorkbook(zip);
  if (!wbEntry) throw new EngineError('FILE_NOT_WORKBOOK', ENGINE_ERR.fileNotWorkbook, kind);
  const workbookPath = wbEntry.fileName;
  let workbookXml: string;
  let relsXml = '';
  try {
    workbookXml = await zip.readText(wbEntry);
    const relsEntry = zip.find(relsPathFor(workbookPath));
    if (relsEntry) relsXml = await zip.readText(relsEntry);
  } catch {
    throw unreadable();
  }
  if (requireXml) requireWellFormed(isWellFormedXml(workbookXml), workbookPath, kind);

  const rels = parseRelationships(relsXml, workbookPath);
  const sheets: SheetRef[] = [];
  for (const tag of findStartTags(workbookXml, 'sheet')) {
    const attrs = parseAttributes(tag);
    const rid = [...attrs].find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1];
    const rel = rid ? rels.get(rid) : undefined;
    // Chart sheets and dialog sheets have no cells to fill or read.
    if (!rel || !/\/worksheet$/.test(rel.type)) continue;
    const entry = zip.find(rel.target);
    if (!entry) throw unreadable();
    sheets.push({ name: attrs.get('name') ?? '', path: entry.fileName, entry, sheetId: Number(attrs.get('sheetId')) || 0 });
  }
  if (sheets.length === 0) throw new EngineError('NO_SHEETS', ENGINE_ERR.noSheets, kind);

  const wanted = DATA_SHEET_NAME.toLowerCase();
  const dataSheet = sheets.find((s) => s.name.trim().toLowerCase() === wanted) ?? sheets[0];
  const byType = (suffix: string) => {
    for (const rel of rels.values()) if (rel.type.endsWith(suffix)) return zip.find(rel.target);
    return undefined;
  };
  const workbookPr = findStartTags(workbookXml, 'workbookPr')[0];
  const date1904 = workbookPr ? /^(1|true)$/.test(parseAttributes(workbookPr).get('date1904') ?? '') : false;
  return { workbookPath, sheets, dataSheet, sharedStrings: byType('/sharedStrings'), styles: byType('/styles'), calcChain: byType('/calcChain'), date1904 };
}

export interface Relationship {
  type: string;
  /** Resolved zip path (no leading slash). */
  target: string;
  external: boolean;
}

export function parseRelationships(xml: string, sourcePath: string): Map<string, Relationship> {
  const out = new Map<string, Relationship>();
  for (const tag of findStartTags(xml, 'Relationship')) {
    const a = parseAttributes(tag);
    const id = a.get('Id');
    const target = a.get('Target');
    if (!id || target === undefined) continue;
    const external = a.get('TargetMode') === 'External';
    out.set(id, { type: a.get('Type') ?? '', target: external ? target : resolvePartPath(sourcePath, target), external });
  }
  return out;
}

/** `xl/worksheets/sheet1.xml` → `xl/worksheets/_rels/sheet1.xml.rels`. */
export function relsPathFor(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

/** A relationship target relative to the folder of its source part, or absolute from the root. */
export function resolvePartPath(sourcePath: string, target: string): string {
  const base = target.startsWith('/') ? [] : sourcePath.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') base.pop();
    else base.push(seg);
  }
  return base.join('/');
}
