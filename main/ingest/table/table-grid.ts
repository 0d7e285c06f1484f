import type { RawCell, RawTable } from './raw-types';

/** A source cell placed on the table grid (HTML table model: colspan and rowspan expanded). */
export interface GridCell {
  /** 0-based `<tr>` index. */
  row: number;
  /** First and last grid column the cell covers. */
  col: number;
  lastCol: number;
  /** Whitespace-collapsed visible text. */
  text: string;
  raw: RawCell;
}

export interface Grid {
  /** Cells that start in each source row, left to right; rows keep their `<tr>` index. */
  rows: GridCell[][];
  colCount: number;
}

/**
 * Places cells the way browsers do: each cell takes the first column not already covered by a
 * rowspan from above, then covers colspan columns (and rowspan rows).
 */
export function layoutGrid(table: RawTable): Grid {
  // For each column, the last row index a rowspanning cell above still covers.
  const coveredUntil: number[] = [];
  let colCount = 0;
  const rows = table.rows.map((row, r) => {
    let col = 0;
    const placed: GridCell[] = [];
    for (const raw of row.cells) {
      while ((coveredUntil[col] ?? -1) >= r) col++;
      const lastCol = col + raw.colspan - 1;
      if (raw.rowspan > 1) {
        for (let c = col; c <= lastCol; c++) coveredUntil[c] = r + raw.rowspan - 1;
      }
      // Most cells of SEC tables are empty spacers: skip the whitespace regex for them.
      const text = raw.chars === 0 ? '' : raw.text.replace(/\s+/g, ' ').trim();
      placed.push({ row: r, col, lastCol, text, raw });
      col = lastCol + 1;
    }
    colCount = Math.max(colCount, col);
    return placed;
  });
  return { rows, colCount };
}
