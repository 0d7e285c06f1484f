import type { Cell } from '../../../shared/document';
import { labelKey } from './repeated-labels';

/**
 * Tables printed as side-by-side panels to save space: Home Depot's store counts run
 * "Alabama | 28 | Kentucky | 14 | Ohio | 70" under "U.S. | Stores | U.S. | Stores | U.S. |
 * Stores". Each panel's numbers belong to the name at the start of that panel, not to the
 * row's first label. A column is a panel's label column when, in at least three rows, it
 * holds words and the next number to its right stands under the same column header as a
 * number left of it (the panel repeats the one before it). Every number after such a name in
 * its row, up to the next one, takes the name as its row path. Mutates the cells' rowPath.
 */

const isName = (c: Cell) => c.kind === 'text' && /[a-z]{2}/i.test(c.text);
const isNumber = (c: Cell) => c.value !== null && Number.isFinite(c.value);

/** How many rows must show the pattern before a column counts as a panel's labels. */
const MIN_ROWS = 3;

export function panelRowPaths(cells: Cell[]): void {
  if (!cells.some(isName)) return; // no names among the values: no panels
  const rows = new Map<number, Cell[]>();
  for (const c of cells) {
    const list = rows.get(c.sourceRow);
    if (list) list.push(c);
    else rows.set(c.sourceRow, [c]);
  }
  for (const list of rows.values()) list.sort((a, b) => a.sourceCol - b.sourceCol);
  const evidence = new Map<number, number>();
  for (const list of rows.values()) {
    list.forEach((c, i) => {
      if (!isName(c)) return;
      const next = list.slice(i + 1).find(isNumber);
      if (next === undefined) return;
      const key = labelKey(next.colPath);
      if (list.slice(0, i).some((l) => isNumber(l) && labelKey(l.colPath) === key))
        evidence.set(c.sourceCol, (evidence.get(c.sourceCol) ?? 0) + 1);
    });
  }
  const labelCols = new Set([...evidence].filter(([, n]) => n >= MIN_ROWS).map(([col]) => col));
  if (labelCols.size === 0) return;
  for (const list of rows.values()) {
    let name: string | null = null;
    for (const c of list) {
      if (labelCols.has(c.sourceCol)) name = isName(c) ? c.text.trim() : null;
      else if (name !== null && isNumber(c)) c.rowPath = [name];
    }
  }
}
