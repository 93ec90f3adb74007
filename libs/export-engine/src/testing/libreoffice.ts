import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Many workbooks read back in few LibreOffice runs: every sheet of every file as CSV rows, by file
 * name (as given, `.xlsx`) and sheet name. The files are split over `processes` soffice runs side by
 * side, each with a profile of its own; one run converts its whole share (start-up is most of the cost).
 */
export async function libreOfficeSheets(files: ReadonlyMap<string, Buffer>, processes = 2): Promise<Map<string, Map<string, string[][]>>> {
  const dir = mkdtempSync(join(tmpdir(), 'lo-batch-'));
  try {
    const names = [...files.keys()];
    const shares = Array.from({ length: Math.max(1, Math.min(processes, names.length)) }, (_, k) => names.filter((_n, i) => i % processes === k));
    const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1';
    await Promise.all(
      shares.map(async (share, k) => {
        const inDir = join(dir, `in${k}`);
        mkdirSync(inDir);
        for (const n of share) writeFileSync(join(inDir, n), files.get(n)!);
        const args = [`-env:UserInstallation=file://${join(dir, `profile${k}`)}`, '--headless', '--convert-to', filter, '--outdir', join(dir, 'out')];
        await run(SOFFICE, [...args, ...share.map((n) => join(inDir, n))], { timeout: 110_000, maxBuffer: 16 << 20 });
      }),
    );
    const out = new Map<string, Map<string, string[][]>>();
    const csvs = existsSync(join(dir, 'out')) ? readdirSync(join(dir, 'out')) : [];
    for (const n of names) {
      const base = n.replace(/\.xlsx$/i, '');
      const sheets = new Map<string, string[][]>();
      // `<base>-<sheet>.csv`; a base that is a prefix of another file's is told apart by the exact sheet name later.
      for (const f of csvs) if (f.startsWith(`${base}-`) && f.endsWith('.csv')) sheets.set(f.slice(base.length + 1, -4), parseCsv(readFileSync(join(dir, 'out', f), 'utf8')));
      out.set(n, sheets);
    }
    return out;
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
