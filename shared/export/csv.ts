/**
 * The one CSV writer of the app: every CSV file it writes (transcript exports, `workbench report
 * --format csv`, the evidence panel's download) is made of these rows. A test
 * (test/unit/export/one-csv-writer.test.ts) fails when another CSV writer appears in main/,
 * shared/ or renderer/.
 *
 * - RFC 4180: fields separated by commas, records ended by CRLF (also the last one); a field
 *   holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
 * - Spreadsheet formulas (CSV injection, OWASP): a *text* field whose first character is `=`,
 *   `+`, `-`, `@`, tab or CR could be run as a formula by Excel, LibreOffice or Google Sheets
 *   (`=HYPERLINK(…)` in a model's answer, `=cmd|' /C calc'!A0`, `@SUM(…)`, `-2+3`). Such a field
 *   gets a leading apostrophe and is always quoted: `"'=HYPERLINK(…)"`, which every spreadsheet
 *   shows as text and a CSV reader reads back as the original text with a `'` in front.
 * - What is not guarded, and why:
 *   - typed numbers (a JavaScript `number`, finite): the app wrote them itself, they hold no
 *     formula, and `-12.5` must stay a number a spreadsheet can add up;
 *   - a text field that is exactly a plain decimal number with a minus sign (`-12.5`, `-8184`:
 *     `-`, digits, optionally `.` and digits; nothing else): a spreadsheet reads it as that
 *     number and nothing can be hidden in it, while a guard would turn a model's or an expert's
 *     negative answer into text. `-12.5%`, `-1e5`, `-1,234` or `-2+3` are guarded.
 *   Booleans are written `true`/`false`; `null` and `undefined` as an empty field.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** The record separator of every CSV the app writes (RFC 4180). */
export const CSV_EOL = '\r\n';

/** A text field a spreadsheet would read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative plain decimal number written as text: a spreadsheet's number, not a formula. */
const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
/** What makes RFC 4180 quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** One text field: formula-guarded (see above), then quoted when RFC 4180 needs it. */
export function csvText(s: string): string {
  if (FORMULA_START.test(s) && !PLAIN_NEGATIVE_NUMBER.test(s)) return quoted(`'${s}`);
  return NEEDS_QUOTES.test(s) ? quoted(s) : s;
}

/** One field of any value the app writes. */
export function csvField(v: CsvValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // A non-finite number is not one a spreadsheet can read: written as (guarded) text.
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : csvText(String(v));
  return csvText(v);
}

/** One record, with its CRLF. */
export function csvRow(fields: readonly CsvValue[]): string {
  return `${fields.map(csvField).join(',')}${CSV_EOL}`;
}

/** A whole CSV text: the header record, then one record per row. */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
): string {
  let out = csvRow(header);
  for (const r of rows) out += csvRow(r);
  return out;
}
