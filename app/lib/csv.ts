/**
 * CSV per RFC 4180 (comma separated, CRLF line ends, fields quoted when they hold a quote,
 * comma, CR or LF; quotes doubled), made safe for spreadsheets: a text cell that starts with
 * a character a spreadsheet reads as a formula (= + - @, tab, CR) gets a leading apostrophe
 * (OWASP "CSV injection").
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** UTF-8 byte order mark: without it, spreadsheet apps guess the encoding and garble non-ASCII names. */
export const CSV_BOM = "\uFEFF";

function text(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value);
}

/** One field, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  let cell = text(value);
  // Only text can smuggle a formula; numbers, booleans and dates are written as they are.
  if (typeof value === "string" && FORMULA_START.test(cell)) cell = `'${cell}`;
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** A whole document: header row, then one row per record, each line ended by CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [csvRow(columns.map((c) => c.header)), ...rows.map((row) => csvRow(columns.map((c) => c.value(row))))];
  return `${lines.join("\r\n")}\r\n`;
}

/** A download response for a CSV document. */
export function csvResponse(filename: string, csv: string) {
  return new Response(CSV_BOM + csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
