/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF. A cell a spreadsheet would run as
 * a formula (starting with = + - @, or a tab / CR) gets a leading apostrophe first (CSV injection).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
