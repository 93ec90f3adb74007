import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const SOFFICE = '/usr/bin/soffice';

export function hasLibreOffice(): boolean {
  return existsSync(SOFFICE);
}

/**
 * Opens an xlsx with LibreOffice (an independent reader) and returns one sheet as CSV rows.
 * `sheet` is 1-based; the CSV filter's 12th token picks it (LibreOffice ≥ 7.2). A fresh user
 * profile per call keeps parallel runs from fighting over one.
 */
export async function libreOfficeCsv(xlsx: Buffer, sheet = 1): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'lo-conv-'));
  try {
    const file = join(dir, 'input.xlsx');
    writeFileSync(file, xlsx);
    const filter = `csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,${sheet}`;
    await run(SOFFICE, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', filter, '--outdir', join(dir, 'out'), file], {
      timeout: 90_000,
    });
    const outs = readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.csv'));
    if (outs.length === 0) throw new Error('LibreOffice produced no CSV');
    return parseCsv(readFileSync(join(dir, 'out', outs[0]), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
