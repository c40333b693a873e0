/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF. A cell a spreadsheet would run as
 * a formula (starting with = + - @, or a tab / CR) gets a leading apostrophe first (CSV injection).
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;
