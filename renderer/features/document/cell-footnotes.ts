import type { Cell, HeaderNode, Table } from '../../../shared/document';

/**
 * The footnote marks that bear on a cell, where they were printed: on the cell itself, on its
 * row label, and on each column header above it (outermost first). The reader takes marks off
 * labels and headers (so paths stay clean); the cell panel gives them back, because a mark on
 * "Net income (1)" or on a column "2024 (2)" qualifies every number below it.
 */
export function cellFootnotes(table: Table, cell: Cell): string[] {
  const out: string[] = [];
  if (cell.footnotes !== undefined) out.push(`cell ${cell.footnotes.join(', ')}`);
  const labelMarks = table.rows.find((r) => r.sourceRow === cell.sourceRow)?.footnotes;
  if (labelMarks !== undefined) out.push(`row label ${labelMarks.join(', ')}`);
  let level: HeaderNode[] = table.columnHeaders;
  for (;;) {
    const over = level.find((h) => h.firstCol <= cell.sourceCol && cell.sourceCol <= h.lastCol);
    if (over === undefined) break;
    if (over.footnotes !== undefined && over.footnotes.length > 0)
      out.push(`column "${over.text}" ${over.footnotes.join(', ')}`);
    level = over.children;
  }
  return out;
}
