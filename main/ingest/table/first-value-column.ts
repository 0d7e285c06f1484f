import { isNumeric, isYearLike } from './cell-value';
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
