/**
 * What the CSV tests share: a strict RFC 4180 reader, the hostile texts every CSV writer path is
 * tested with, and the formula rule of shared/export/csv.ts stated once more, as the tests see
 * it (a second, independent statement: a change to the writer's rule shows up as a failure).
 */

/** A strict RFC 4180 reader: CRLF records (the last one too), quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\r')
          throw new Error(`${JSON.stringify(next)} after a closing quote at ${i}`);
      } else {
        field += c;
        i++;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n' || c === '\r' || c === '"') {
      throw new Error(`bare ${JSON.stringify(c)} outside a quoted field at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('a quoted field is not closed');
  if (field !== '' || row.length > 0) throw new Error('the last record does not end with CRLF');
  return rows;
}

/**
 * Texts a spreadsheet would run as formulas (OWASP's CSV injection list and classic payloads),
 * with quotes, commas and line breaks inside that a writer must quote.
 */
export const HOSTILE_CELLS = [
  '=HYPERLINK("http://x","y")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  "=cmd|' /C calc'!A0",
  '=1+1,"2"\r\n=3',
  '-12.5%',
  '=HYPERLINK("http://x?a=1,b=2";"click")\n@x',
] as const;

/** Texts that are not formulas and must come back exactly as they are. */
export const PLAIN_CELLS = [
  '-12.5',
  '-8184',
  'plain text',
  'a, "quoted" word',
  'two\r\nlines',
  "'already quoted",
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** A cell a spreadsheet would run: what no CSV of the app may hold. */
export const runsAsFormula = (cell: string) =>
  FORMULA_START.test(cell) && !PLAIN_NEGATIVE_NUMBER.test(cell);

/** The text a CSV reader gets back for text `s` written by the app: `'` in front of a formula. */
export const guardedText = (s: string) => (runsAsFormula(s) ? `'${s}` : s);

/** Every cell of the rows that a spreadsheet would run as a formula (expected: none). */
export const formulaCells = (rows: readonly (readonly string[])[]) =>
  rows.flatMap((r, i) => r.flatMap((c, j) => (runsAsFormula(c) ? [{ row: i, col: j, c }] : [])));
