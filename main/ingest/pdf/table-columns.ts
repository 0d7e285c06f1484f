import type { CellLine, LineCell } from './line-cells';

/** A value column recovered from the x-extents of the cells stacked in it. */
export interface ValueColumn {
  x0: number;
  x1: number;
  /** Median right edge: numbers are set flush right, so this is the column's anchor. */
  right: number;
  count: number;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.min(a1, b1) - Math.max(a0, b0);

/** The value cells of a row: its first value and everything after it. */
export const valueCells = (l: CellLine): LineCell[] =>
  l.firstValue < 0 ? [] : l.cells.slice(l.firstValue);

/**
 * Finds value columns. Rows with the most values are placed first, because a full row shows
 * every column; each later cell joins the column it overlaps most (a cell overlaps its column
 * even when "(2.2 %)" hangs past the right edge of "(79)"), or the column whose right edge is
 * within a font size of its own, or else opens a column of its own.
 */
export function findColumns(rows: CellLine[]): ValueColumn[] {
  const cols: Array<ValueColumn & { rights: number[] }> = [];
  const order = [...rows].sort((a, b) => valueCells(b).length - valueCells(a).length);
  for (const row of order) {
    const used = new Set<number>();
    for (const cell of valueCells(row)) {
      let best = -1;
      let bestScore = 0;
      cols.forEach((c, i) => {
        if (used.has(i)) return;
        const o = overlap(c.x0, c.x1, cell.x0, cell.x1);
        const edge = Math.abs(c.right - cell.x1) <= row.line.size ? row.line.size : 0;
        const score = Math.max(o, edge);
        if (score > bestScore) {
          best = i;
          bestScore = score;
        }
      });
      if (best < 0) {
        cols.push({ x0: cell.x0, x1: cell.x1, right: cell.x1, count: 1, rights: [cell.x1] });
        used.add(cols.length - 1);
        continue;
      }
      const c = cols[best] as ValueColumn & { rights: number[] };
      c.x0 = Math.min(c.x0, cell.x0);
      c.x1 = Math.max(c.x1, cell.x1);
      c.rights.push(cell.x1);
      c.rights.sort((a, b) => a - b);
      c.right = c.rights[Math.floor(c.rights.length / 2)] ?? c.right;
      c.count++;
      used.add(best);
    }
  }
  cols.sort((a, b) => a.x0 - b.x0);
  return cols.map(({ x0, x1, right, count }) => ({ x0, x1, right, count }));
}

/** Column index for each value cell of a row (cells matched left to right, one per column). */
export function placeCells(
  row: CellLine,
  cols: ValueColumn[],
): Array<{ cell: LineCell; col: number }> {
  const out: Array<{ cell: LineCell; col: number }> = [];
  let from = 0;
  for (const cell of valueCells(row)) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = from; i < cols.length; i++) {
      const c = cols[i] as ValueColumn;
      const o = overlap(c.x0, c.x1, cell.x0, cell.x1);
      const score = o > 0 ? o : -Math.abs(c.right - cell.x1);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    if (best < 0) break;
    out.push({ cell, col: best });
    from = best + 1;
  }
  return out;
}
