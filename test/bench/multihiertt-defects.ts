import { describedHeaderWords, wordsOf, type TableDescription } from '../../shared/datasets';
import type { Table } from '../../shared/document';
import { readHtmlTable } from '../../main/ingest/datasets/table/html-table';
import { layoutGrid } from '../../main/ingest/table/table-grid';

/**
 * Faults of MultiHiertt's generated descriptions, recognised mechanically so a failed check can
 * be told apart from a parser error. The check itself stays strict; this only explains why an
 * entry failed, and each rule needs evidence from the table itself:
 * - values-as-header: the header words missing from our paths are the shown values of body
 *   cells above the described one in the same column (pandas read data rows as header rows:
 *   "Entergy Arkansas (In Thousands) -$1,375,502");
 * - section-past-total: the missing words are the label of the nearest section row above, and
 *   a total row between them closed that section (the generator carries a section label down
 *   until the next section: "Total interest-bearing liabilities" under "Long-term debt");
 * - rowspan-fill: the missing words are a header whose rowspan reaches the lowest header row in
 *   another column ("Change 2017 vs. 2016" copied over the "2017" column);
 * - label-as-value: the described value is the row's own label, spread by a colspan over the
 *   value columns of a section row.
 */
export type DescriptionDefect =
  'values-as-header' | 'section-past-total' | 'rowspan-fill' | 'label-as-value';

function missingWords(d: TableDescription, table: Table): string[] | null {
  const cell = table.cells.find((c) => c.sourceRow === d.row && c.sourceCol === d.col);
  if (!cell) return null;
  const have = new Set(
    wordsOf([...cell.rowPath, ...cell.colPath, table.scaleNote ?? ''].join(' ')),
  );
  return [...new Set(describedHeaderWords(d.header))].filter((w) => !have.has(w));
}

const within = (words: string[], text: string) => {
  const have = new Set(wordsOf(text));
  return words.length > 0 && words.every((w) => have.has(w));
};

export function classifyDescriptionDefect(
  d: TableDescription,
  table: Table,
  html: string,
): DescriptionDefect | null {
  const row = table.rows.find((r) => r.sourceRow === d.row);
  if (
    row?.kind === 'section' &&
    d.value.trim() === row.label.trim().slice(0, d.value.trim().length)
  )
    return 'label-as-value';
  const missing = missingWords(d, table);
  if (missing === null || missing.length === 0) return null;
  const above = table.cells
    .filter((c) => c.sourceCol === d.col && c.sourceRow < d.row)
    .map((c) => c.text)
    .join(' ');
  if (within(missing, above)) return 'values-as-header';
  const section = table.rows.findLast((r) => r.kind === 'section' && r.sourceRow < d.row);
  if (
    section &&
    within(missing, section.label) &&
    table.rows.some(
      (r) => r.kind === 'total' && r.sourceRow > section.sourceRow && r.sourceRow < d.row,
    )
  )
    return 'section-past-total';
  const grid = layoutGrid(readHtmlTable(html, d.table));
  const headerRows = table.rows.filter((r) => r.kind === 'header').map((r) => r.sourceRow);
  const lowest = Math.max(...headerRows);
  const spanning = grid.rows
    .flat()
    .filter(
      (c) =>
        c.raw.rowspan > 1 &&
        c.row + c.raw.rowspan - 1 >= lowest &&
        (d.col < c.col || d.col > c.lastCol),
    );
  if (spanning.some((c) => within(missing, c.text))) return 'rowspan-fill';
  return null;
}
