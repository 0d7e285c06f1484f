import type { Table } from '../document';
import { parseNumber } from '../numbers';
import { findCell } from './evidence';

/**
 * MultiHiertt's `table_description` entries ("0-2-4": "Table 0 shows Group retirement products
 * of Total Revenues is 2275 .") state, for one grid cell, its value and its header texts. They
 * were generated with pandas, so the header text carries pandas artefacts; we strip exactly
 * those and nothing else. The check then asks our table for the cell at (row, col) and
 * requires the same value and every header word somewhere in its rowPath + colPath (or in the
 * table's scale note, where a pure "(in millions)" header row is moved to).
 */
export interface TableDescription {
  key: string;
  table: number;
  row: number;
  col: number;
  /** Row and column header texts as the sentence gives them. */
  header: string;
  /** The value as shown ("$-451", "2275", "nan" for an empty cell). */
  value: string;
}

export function parseTableDescription(key: string, sentence: string): TableDescription | null {
  const k = /^(\d+)-(\d+)-(\d+)$/.exec(key);
  const s = /^Table (\d+) shows (.*) is (.*?) \.$/s.exec(sentence.trim());
  if (!k || !s) return null;
  return {
    key,
    table: Number(k[1]),
    row: Number(k[2]),
    col: Number(k[3]),
    header: s[2] ?? '',
    value: s[3] ?? '',
  };
}

/**
 * Pandas artefacts: "[EMPTY]" for an empty header cell, "data 3" for a column pandas had to
 * name itself, and the ".1"/".2" it appends to repeated column names ("Value.1",
 * "December 2018.1"). A decimal such as "4.3" or "$65.1" is kept: the suffix only counts after
 * a letter, a bracket or a year.
 */
export function stripPandasArtefacts(header: string): string {
  return header
    .replace(/(?<=[A-Za-z)\]:*]|\b(?:19|20)\d\d)\.\d{1,2}(?=\s|$)/g, ' ')
    .replace(/\[EMPTY\]/g, ' ')
    .replace(/\bdata \d+\b/g, ' ');
}

export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/**
 * The header words a description states. Its template is "<row headers> of <column headers>",
 * so one "of" is the template's own; when "of" occurs only once it is that connector.
 */
export function describedHeaderWords(header: string): string[] {
  const words = wordsOf(stripPandasArtefacts(header));
  return words.filter((w) => w === 'of').length === 1 ? words.filter((w) => w !== 'of') : words;
}

const plain = (s: string) => s.replace(/[\s$,]/g, '').toLowerCase();

/** The same displayed value, allowing for dropped thousands separators and "(1)" for "-1". */
export function sameShownValue(described: string, shown: string): boolean {
  if (plain(described) === plain(shown)) return true;
  const a = parseNumber(described);
  const b = parseNumber(shown);
  return a !== undefined && b !== undefined && a.value === b.value && a.unit === b.unit;
}

/** Cell texts pandas reads as missing and so describes as "nan" (its default na_values). */
const pandasMissing = new Set([
  '',
  'N/A',
  'n/a',
  'NA',
  '#N/A',
  'NaN',
  'nan',
  'NULL',
  'null',
  '-NaN',
  '-nan',
  '#NA',
  '<NA>',
  'None',
]);

export type DescriptionVerdict = { ok: true } | { ok: false; reason: string };

export function checkDescription(
  d: TableDescription,
  table: Table | undefined,
): DescriptionVerdict {
  if (!table) return { ok: false, reason: `no table ${d.table}` };
  const cell = findCell(table, d.row, d.col);
  if (d.value === 'nan') {
    return cell === undefined || pandasMissing.has(cell.text)
      ? { ok: true }
      : { ok: false, reason: `described as empty, but our cell shows "${cell.text}"` };
  }
  if (!cell) {
    const row = table.rows.find((r) => r.sourceRow === d.row);
    const where = row ? `row ${d.row} is a ${row.kind} row` : `row ${d.row} has no entry`;
    return { ok: false, reason: `no value cell at (${d.row}, ${d.col}); ${where}` };
  }
  if (!sameShownValue(d.value, cell.text))
    return { ok: false, reason: `value "${cell.text}", described "${d.value}"` };
  const have = new Set(
    wordsOf([...cell.rowPath, ...cell.colPath, table.scaleNote ?? ''].join(' ')),
  );
  const missing = [...new Set(describedHeaderWords(d.header))].filter((w) => !have.has(w));
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `header words missing: ${missing.join(', ')} (rowPath ${JSON.stringify(cell.rowPath)}, colPath ${JSON.stringify(cell.colPath)})`,
    };
  }
  return { ok: true };
}
