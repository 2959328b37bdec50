import type { FastifyReply } from 'fastify';

/** A CSV export (RFC 4180), safe to open in a spreadsheet. Any admin list can answer `?format=csv` with it. */

export type CsvCell = string | number | bigint | null | undefined;

/** Text that a spreadsheet would run as a formula (CSV injection): = + - @, and tab / carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text starting like a formula gets a leading `'` so a spreadsheet shows it as text;
 * a cell holding a comma, a quote or a line break is quoted, its quotes doubled. Numbers are the
 * report's own figures and are written as they are (a negative amount stays a number).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The file: a UTF-8 byte-order mark (so spreadsheets read names with accents right), the header
 * row, then one line per row, CRLF line ends.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Sends a CSV file as a download named `filename` (reduced to letters, digits, dot, dash, underscore). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  const safeName = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(csv, 'utf8'));
}
