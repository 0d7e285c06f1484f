import { isNumeric, isYearLike } from './cell-value';
import type { HeaderAnalysis } from './header-band';
import type { Piece } from './merge-symbols';

/**
 * Where the value columns begin: the leftmost grid column at which quantities start in at
 * least two rows (one row suffices for one-row tables). A number in column 0, or first in
 * its row at column 0, is a row label (a year in a maturity schedule), not a value.
 * Infinity when the table holds no quantities at all.
 */
export function firstValueColumn(rows: Piece[][]): number {
  const rowsByCol = new Map<number, Set<number>>();
  for (const pieces of rows) {
    pieces.forEach((p, i) => {
      if (!isNumeric(p.parsed) || isYearLike(p.text) || (i === 0 && p.firstCol === 0)) return;
      let set = rowsByCol.get(p.firstCol);
      if (set === undefined) rowsByCol.set(p.firstCol, (set = new Set()));
      set.add(p.row);
    });
  }
  const cols = [...rowsByCol.keys()].sort((a, b) => a - b);
  if (cols.length === 0) return Infinity;
  const multi = cols.find((c) => (rowsByCol.get(c)?.size ?? 0) >= 2);
  return multi ?? (cols[0] as number);
}

export interface LayoutVerdict {
  data: boolean;
  reason: string;
}

const tocLabel = /^(?:part\s+[ivx]+|item\s+\d+[a-z]?)\b/i;

/**
 * Data tables hold quantities in a grid: at least two body rows with numbers, or one under a
 * header. Everything else (signature blocks, bullet and footnote layouts, check-box cover
 * pages, single-column boxes) is layout, and so is a table of contents, whose numbers are
 * page numbers.
 */
export function judgeTable(
  rows: Piece[][],
  colCount: number,
  firstValueCol: number,
  headers: HeaderAnalysis,
): LayoutVerdict {
  if (colCount < 2) return { data: false, reason: 'single column' };
  if (!Number.isFinite(firstValueCol)) return { data: false, reason: 'no numbers' };
  let numericRows = 0;
  let labels = 0;
  let tocLabels = 0;
  rows.forEach((pieces, r) => {
    if (headers.headerRows.has(r) || pieces.length === 0) return;
    if (pieces.some((p) => p.firstCol >= firstValueCol && p.parsed.kind === 'number')) {
      numericRows++;
    }
    const label = pieces[0];
    if (label !== undefined && label.firstCol < firstValueCol) {
      labels++;
      if (tocLabel.test(label.text)) tocLabels++;
    }
  });
  const pageHeader = headers.bands.some((b) =>
    b.pieces.some((ps) => ps.some((p) => /^pages?(?:\s+no\.?)?$/i.test(p.text))),
  );
  if (pageHeader || (labels >= 3 && tocLabels * 2 >= labels)) {
    return { data: false, reason: 'table of contents' };
  }
  if (numericRows >= 2) return { data: true, reason: `${numericRows} rows of numbers` };
  if (numericRows === 1 && headers.bands.length > 0) {
    return { data: true, reason: 'one row of numbers under a header' };
  }
  return { data: false, reason: 'too few numbers' };
}
