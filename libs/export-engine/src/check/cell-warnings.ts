import { CHECK_WARNING, MANUAL_FIELDS, columnLetter } from '@app/contracts';
import { warning, type CheckFacts, type WarningList } from './check-facts';
import { rulesAt } from './data-validation';
import { gtinDigits, hasValidCheckDigit, isGtinHeader } from './gtin';
import { previewValue, shownValue, storedValue } from '../template/out-row';

/** `validation`: a written value that the template's own data validation for its cell refuses. */
export function validationWarnings({ rows, firstRow, validations }: CheckFacts, out: WarningList): void {
  if (validations.length === 0) return;
  // Per column, the rules over it somewhere; the row is checked per cell.
  const byColumn = new Map<number, typeof validations>();
  rows.forEach((row, i) => {
    for (const [col, v] of row) {
      let rules = byColumn.get(col);
      if (!rules) byColumn.set(col, (rules = rulesAt(validations, 0, col)));
      if (rules.length === 0) continue;
      const stored = storedValue(v);
      if (rulesAt(rules, firstRow + i, col).some((r) => !r.accepts(stored)) && out.take('validation', i)) {
        out.push(warning('validation', CHECK_WARNING.validation(String(shownValue(v)), columnLetter(col)), i, col));
      }
    }
  });
}

/**
 * `bad-gtin`: a barcode with a wrong check digit. A column holds barcodes when its template
 * header says so, or when every value copied into it reads like one (8, 12, 13 or 14 digits);
 * typed columns (codes, name, quantities) only by header. The price list's headers are not read
 * for it: that is a pass over the whole price sheet, and every export counts these warnings.
 */
export function gtinWarnings({ mapping, rows, templateHeaders }: CheckFacts, out: WarningList): void {
  const typed = new Set(MANUAL_FIELDS.map((f) => mapping.manualMapping[f]).filter((c) => c > 0));
  const byHeader = new Set<number>();
  for (const [col, header] of templateHeaders) if (isGtinHeader(header)) byHeader.add(col);

  const columns = new Set(byHeader);
  const byValue = new Set<number>(Object.values(mapping.priceToTemplate).filter((c) => c > 0 && !typed.has(c)));
  for (const row of rows) {
    for (const col of byValue) {
      const v = row.get(col);
      if (v && gtinDigits(previewValue(v)) === undefined) byValue.delete(col);
    }
  }
  for (const col of byValue) if (rows.some((row) => row.has(col))) columns.add(col);

  rows.forEach((row, i) => {
    for (const col of columns) {
      const v = row.get(col);
      const digits = v && gtinDigits(previewValue(v));
      if (digits && !hasValidCheckDigit(digits) && out.take('bad-gtin', i)) out.push(warning('bad-gtin', CHECK_WARNING.badGtin(digits), i, col));
    }
  });
}
