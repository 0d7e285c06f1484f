import { isNumeric, isYearLike } from './cell-value';
import type { Piece } from './merge-symbols';

/**
 * Where the value columns begin: the leftmost grid column at which quantities stand in at
 * least two rows (one row suffices for one-row tables), and the leftmost column a quantity
 * standing there starts at. A quantity stands in every column from its first mark to its
 * number: "$ | 1,234" on the first row and "| 1,000" under it are one column of amounts, as
 * filers print the "$" on a column's first row only (a two-row table would otherwise have no
 * column where two quantities start). A number in column 0, or first in its row at column 0,
 * is a row label (a year in a maturity schedule), not a value. Infinity when the table holds
 * no quantities at all.
 */
export function firstValueColumn(rows: Piece[][]): number {
  const rowsByCol = new Map<number, Set<number>>();
  const startOf = new Map<number, number>();
  for (const pieces of rows) {
    pieces.forEach((p, i) => {
      if (!isNumeric(p.parsed) || isYearLike(p.text) || (i === 0 && p.firstCol === 0)) return;
      for (let c = p.firstCol; c <= Math.max(p.firstCol, p.col); c++) {
        let set = rowsByCol.get(c);
        if (set === undefined) rowsByCol.set(c, (set = new Set()));
        set.add(p.row);
        startOf.set(c, Math.min(startOf.get(c) ?? c, p.firstCol));
      }
    });
  }
  const cols = [...rowsByCol.keys()].sort((a, b) => a - b);
  if (cols.length === 0) return Infinity;
  const multi = cols.find((c) => (rowsByCol.get(c)?.size ?? 0) >= 2);
  return startOf.get(multi ?? (cols[0] as number)) ?? Infinity;
}
