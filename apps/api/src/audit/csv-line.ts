/**
 * One CSV line, `;`-separated as Excel in a Russian locale expects; a field is quoted when it holds
 * a separator, a quote or a line break, and one that starts like a formula (= + - @) gets a leading
 * apostrophe, so opening the file never runs what a user typed.
 */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
