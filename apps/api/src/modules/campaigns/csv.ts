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

/** A time as spreadsheets read it without help: 'YYYY-MM-DD HH:MM:SS' in UTC ('' when none). */
export const csvTime = (d: Date | null): string =>
  d ? d.toISOString().slice(0, 19).replace('T', ' ') : '';
