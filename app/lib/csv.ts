import { TZDate } from "@date-fns/tz";
import { type Options, stringify } from "csv-stringify/sync";
import { format } from "date-fns";

/**
 * CSV per RFC 4180, written by csv-stringify (decision record 024): comma separated, CRLF
 * line ends, fields quoted when they hold a quote, comma, CR or LF, quotes doubled; made safe for spreadsheets: a text cell that starts a
 * formula gets a leading apostrophe (OWASP "CSV injection"). Decision record 019: = @ tab CR
 * always count; + and - only when more than a number or a phone number follows, so
 * "+91 98200 11111" and "-5.25" stay readable (digits, spaces, dots, dashes and brackets
 * cannot call a function or reach another cell or program).
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_OR_PHONE = /^[+-]?\d[\d\s().-]*$/;

/** UTF-8 byte order mark: without it, spreadsheet apps guess the encoding and garble non-ASCII names. */
export const CSV_BOM = "\uFEFF";

/** Instants with their offset, in the given zone (the console's business timezone), else UTC. */
function instant(value: Date, timeZone: string): string {
  return Number.isNaN(value.getTime()) ? "" : format(new TZDate(value, timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** True when a spreadsheet would run the text as a formula (see the rule above). */
export function isFormula(cell: string): boolean {
  if (!FORMULA_START.test(cell)) return false;
  return !NUMBER_OR_PHONE.test(cell);
}

/**
 * csv-stringify's options for our dialect: RFC 4180 quoting and CRLF come from the library;
 * the casts keep booleans as words (its default writes 1 and ""), dates with their offset,
 * and neutralise formulas. Only text can smuggle a formula; numbers, booleans and dates are
 * written as they are.
 */
const options = (timeZone = "UTC"): Options => ({
  record_delimiter: "windows",
  // The library quotes only the record delimiter (CRLF); a lone CR or LF breaks a row too.
  quoted_match: /[\r\n]/,
  eof: true,
  cast: {
    string: (value) => (isFormula(value) ? `'${value}` : value),
    boolean: (value) => String(value),
    date: (value) => instant(value, timeZone),
    number: (value) => String(value),
  },
});

/** One field, neutralised and quoted as needed. */
export function csvCell(value: CsvValue, timeZone?: string): string {
  return csvRow([value], timeZone);
}

export function csvRow(values: readonly CsvValue[], timeZone?: string): string {
  return stringify([values as CsvValue[]], { ...options(timeZone), eof: false });
}

/** A whole document: header row, then one row per record, each line ended by CRLF. */
export function toCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  { timeZone }: { timeZone?: string } = {},
): string {
  const records = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))];
  return stringify(records, options(timeZone));
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
