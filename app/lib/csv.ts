import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * CSV per RFC 4180 (comma separated, CRLF line ends, fields quoted when they hold a quote,
 * comma, CR or LF; quotes doubled), made safe for spreadsheets: a text cell that starts a
 * formula gets a leading apostrophe (OWASP "CSV injection"). Decision record 019: = @ tab CR
 * always count; + and - only when more than a number or a phone number follows, so
 * "+91 98200 11111" and "-5.25" stay readable (digits, spaces, dots, dashes and brackets
 * cannot call a function or reach another cell or program).
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_OR_PHONE = /^[+-]?\d[\d\s().-]*$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** UTF-8 byte order mark: without it, spreadsheet apps guess the encoding and garble non-ASCII names. */
export const CSV_BOM = "\uFEFF";

/** Instants with their offset, in the given zone (the console's business timezone), else UTC. */
function text(value: CsvValue, timeZone = "UTC"): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? "" : format(new TZDate(value, timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
  }
  return String(value);
}

/** True when a spreadsheet would run the text as a formula (see the rule above). */
export function isFormula(cell: string): boolean {
  if (!FORMULA_START.test(cell)) return false;
  return !NUMBER_OR_PHONE.test(cell);
}

/** One field, neutralised and quoted as needed. */
export function csvCell(value: CsvValue, timeZone?: string): string {
  let cell = text(value, timeZone);
  // Only text can smuggle a formula; numbers, booleans and dates are written as they are.
  if (typeof value === "string" && isFormula(cell)) cell = `'${cell}`;
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export function csvRow(values: readonly CsvValue[], timeZone?: string): string {
  return values.map((value) => csvCell(value, timeZone)).join(",");
}

/** A whole document: header row, then one row per record, each line ended by CRLF. */
export function toCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  { timeZone }: { timeZone?: string } = {},
): string {
  const lines = [
    csvRow(columns.map((c) => c.header)),
    ...rows.map((row) =>
      csvRow(
        columns.map((c) => c.value(row)),
        timeZone,
      ),
    ),
  ];
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
