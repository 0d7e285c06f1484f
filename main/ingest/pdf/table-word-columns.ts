import type { CellLine, LineCell } from './line-cells';

/**
 * Columns of words between the row labels and the numbers: a balance-sheet location ("Other
 * current assets"), a maturity bucket ("< 5 Years"), a rating ("Aa3"). pdf.js gives no ruling,
 * so such a word reads as the end of the label unless the column is recognised: words set
 * apart from the label by a wide gap, at the same place on several rows.
 */

/** A gap this wide (ems) after a label phrase leaves the label column. */
const columnGapEm = 2;
/** Rows that must put words in the same place before they are called a column. */
const minRows = 2;

interface Span {
  x0: number;
  x1: number;
  rows: Set<CellLine>;
}

const overlaps = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;

const labelCells = (l: CellLine): LineCell[] =>
  l.cells.slice(0, l.firstValue < 0 ? l.cells.length : l.firstValue);

/** Word cells that stand apart from the label phrase before them on a row with values. */
function apartCells(l: CellLine): LineCell[] {
  const label = labelCells(l);
  return label.filter(
    (c, i) =>
      i > 0 &&
      /[A-Za-z]/.test(c.text) &&
      c.x0 - (label[i - 1] as LineCell).x1 > columnGapEm * l.line.size,
  );
}

/** The x-extents of the word columns of a table body; empty when it has none. */
function wordColumns(rows: CellLine[]): Span[] {
  const spans: Span[] = [];
  for (const l of rows) {
    for (const c of apartCells(l)) {
      const s = spans.find((x) => overlaps(x, c));
      if (s) {
        s.x0 = Math.min(s.x0, c.x0);
        s.x1 = Math.max(s.x1, c.x1);
        s.rows.add(l);
      } else spans.push({ x0: c.x0, x1: c.x1, rows: new Set([l]) });
    }
  }
  return spans.filter((s) => s.rows.size >= minRows);
}

/**
 * The body with word columns moved out of the labels: on each row, the first label cell that
 * sits in a word column starts the row's values. A row that starts in the column (a group label
 * printed once, on the row above) has no label of its own.
 */
export function withWordColumns(body: CellLine[]): CellLine[] {
  const rows = body.filter((l) => l.role === 'row');
  const spans = wordColumns(rows);
  if (spans.length === 0) return body;
  const labelLeft = Math.min(...body.map((l) => l.line.x0));
  return body.map((l) => {
    if (l.role !== 'row') return l;
    const k = labelCells(l).findIndex(
      (c) => c.x0 > labelLeft + columnGapEm * l.line.size && spans.some((s) => overlaps(s, c)),
    );
    return k < 0 ? l : { ...l, firstValue: k };
  });
}
