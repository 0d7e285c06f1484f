import type { Cell } from '../../../shared/document';
import { labelKey } from './repeated-labels';

/**
 * Rows told apart by a column of words rather than by their label: Amazon's properties list
 * "Office space" twice, once per "Location" ("North America", "International"), with the square
 * footage between. Rows whose paths are the same, each with a word cell in one column where
 * the words all differ, are named by that word too (`["Office space", "North America"]`): the
 * leftmost such column. Mutates `rows[].path` and the rowPath of the cells of those rows.
 */

interface PathRow {
  sourceRow: number;
  path: string[];
}

const isWord = (c: Cell) => c.kind === 'text' && /[a-z]{2}/i.test(c.text);

export function qualifyByKeyColumn(rows: PathRow[], cells: Cell[]): void {
  if (!cells.some(isWord)) return; // most tables: no column of words to tell rows apart by
  const cellsOf = new Map<number, Cell[]>();
  for (const c of cells) {
    const list = cellsOf.get(c.sourceRow);
    if (list) list.push(c);
    else cellsOf.set(c.sourceRow, [c]);
  }
  const groups = new Map<string, PathRow[]>();
  for (const r of rows) {
    if (r.path.length === 0) continue;
    const own = cellsOf.get(r.sourceRow) ?? [];
    if (!own.some((c) => c.value !== null)) continue; // only rows with values need an address
    const key = labelKey(r.path);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const wordsAt = (r: PathRow) =>
      new Map((cellsOf.get(r.sourceRow) ?? []).filter(isWord).map((c) => [c.sourceCol, c]));
    const perRow = group.map(wordsAt);
    const cols = [...(perRow[0]?.keys() ?? [])].sort((a, b) => a - b);
    const col = cols.find((k) => {
      const texts = perRow.map((m) => m.get(k)?.text.trim());
      return (
        texts.every((t) => t !== undefined) &&
        new Set(texts.map((t) => t?.toLowerCase())).size === texts.length
      );
    });
    if (col === undefined) continue;
    group.forEach((r, i) => {
      const word = (perRow[i]?.get(col)?.text ?? '').trim();
      const old = labelKey(r.path);
      const path = [...r.path, word];
      r.path = path;
      for (const c of cellsOf.get(r.sourceRow) ?? [])
        if (labelKey(c.rowPath) === old) c.rowPath = path;
    });
  }
}
