import type { Cell, HeaderNode, RowKind } from '../../../shared/document';
import { memoByString } from './memo';

/**
 * Header paths as unique as a table allows, for every reader (SEC HTML, PDF, datasets): a cell
 * is addressed by its row and column header paths (shared/sandbox), so two cells of one table
 * with the same pair could only be told apart by position. Two general rules, each naming a
 * cell the way a reader of the table would.
 */

// Asked of the same few hundred labels many times per table (row anchors look upward)
const normalLabel = memoByString((l) => l.trim().replace(/\s+/g, ' ').toLowerCase());

export function labelKey(path: readonly string[]): string {
  let key = '';
  for (let i = 0; i < path.length; i++) {
    key += i === 0 ? normalLabel(path[i] as string) : `\u0000${normalLabel(path[i] as string)}`;
  }
  return key;
}

type PathRow = { kind: RowKind; label: string; level: number; path: string[] };

const hasValues = (r: PathRow) => (r.kind === 'data' || r.kind === 'total') && r.label !== '';
const isHeading = (r: PathRow) => (r.kind === 'section' || r.kind === 'note') && r.label !== '';
/** Headings that are scale lines "(In millions)" or footnotes "(1) …" name no line of the table. */
const namesALine = (r: PathRow) => hasValues(r) || !r.label.startsWith('(');

/** How often each row's path occurs among the rows of its class (with values / headings). */
function repeats(rows: readonly PathRow[]): (i: number) => boolean {
  const keys = rows.map((r) => `${hasValues(r) ? 'v' : 'h'}\u0001${labelKey(r.path)}`);
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return (i) => (counts.get(keys[i] as string) ?? 0) > 1;
}

/** An opening or closing balance: the line a roll-forward's movements are read against. */
const isBalance = (r: PathRow) =>
  /^(?:balances?|(?:beginning|opening|ending|closing) balance)\b/i.test(r.label.trim());

/**
 * The line above row `i` under the same parent that names it: a row with values or a heading,
 * with a label of its own that is not repeated, looking no further than the row's own section
 * heading or the previous occurrence of its label. The nearest such line, except in a
 * roll-forward: there the nearest balance line ("Balance June 30, 2022") names the movements
 * below it, even past a unique movement ("Dividends ($3.68 per share)").
 */
function anchorAbove(
  rows: readonly PathRow[],
  i: number,
  repeated: (i: number) => boolean,
  blockOf: (i: number) => number | undefined,
): PathRow | undefined {
  const row = rows[i] as PathRow;
  const own = labelKey(row.path);
  const parent = labelKey(row.path.slice(0, -1));
  let nearest: PathRow | undefined;
  for (let j = i - 1; j >= 0; j--) {
    // A header band restated in the body starts a new block: no line above it names a row below.
    const [blockAbove, block] = [blockOf(j), blockOf(i)];
    if (blockAbove !== undefined && block !== undefined && blockAbove !== block) break;
    const above = rows[j] as PathRow;
    if (!hasValues(above) && labelKey(above.path) === parent) break;
    // The previous occurrence of the same label: the line above it names that one, not this.
    if (labelKey(above.path) === own && hasValues(above) === hasValues(row)) break;
    if (!hasValues(above) && !isHeading(above)) continue;
    if (repeated(j) || !namesALine(above)) continue;
    if (labelKey(above.path.slice(0, -1)) !== parent) continue;
    if (isBalance(above)) return above;
    nearest ??= above;
  }
  return nearest;
}

/**
 * Row paths as unique as the table allows, read the way an accountant reads a statement:
 * - a label repeated among the rows with values under one parent ("% of net revenue" after
 *   each expense line, "Net income" in each year of an equity statement, "Service cost" under
 *   each plan) belongs to the line it follows: each occurrence is qualified with the nearest
 *   line above it under the same parent that has a label of its own, not repeated — a row
 *   with values or a heading (`["Research and development expenses", "% of net revenue"]`,
 *   `["Balances, Jan 29, 2023", "Net income"]`, `["Other Postretirement Benefits", "Service
 *   cost"]`);
 * - a section heading repeated further down (a second panel "Three Months Ended June 30,
 *   2025") is qualified the same way from its second occurrence on, with everything under it.
 * An occurrence with no such line above it in its section keeps its path. Only paths change:
 * levels and the row tree stay as the table shows them. Mutates `rows`.
 */
export function qualifyRepeatedRows(
  rows: PathRow[],
  /** The header band block of row i (SEC tables with bands restated in the body). */
  blockOf: (i: number) => number | undefined = () => undefined,
): void {
  const headingRepeated = repeats(rows);
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    if (!isHeading(r) || r.kind !== 'section') return;
    const key = labelKey(r.path);
    const first = !seen.has(key);
    seen.add(key);
    if (first || !headingRepeated(i)) return;
    const anchor = anchorAbove(rows, i, headingRepeated, blockOf);
    if (!anchor) return;
    const old = r.path.length;
    const path = [...anchor.path, r.label];
    for (let k = i; k < rows.length; k++) {
      const d = rows[k] as PathRow;
      if (k > i && d.level <= r.level) break;
      d.path = [...path, ...d.path.slice(old)];
    }
  });
  const repeated = repeats(rows);
  const anchors = rows.map((r, i) =>
    hasValues(r) && repeated(i) ? anchorAbove(rows, i, repeated, blockOf) : undefined,
  );
  rows.forEach((r, i) => {
    const anchor = anchors[i];
    // the path's own last label: a row printed with its parent ("Humira United States") is
    // named by its part under that parent
    if (anchor) r.path = [...anchor.path, r.path.at(-1) ?? r.label];
  });
}

const UNIT_LABELS: Record<string, string> = {
  '%': '%',
  USD: '$',
  'USD/share': '$ per share',
  shares: 'shares',
  x: 'x',
};

/**
 * Two values of one row under one column header ("Change" over "$(2,743)" and "(15)%", a year
 * over an amount and its share of the total): the first keeps the header's path, each other
 * whose unit differs from it gets its unit as a last column label (`["Change", "%"]`). Values
 * of the same unit are left alone (they differ only by position). Mutates the cells' colPath.
 */
export function qualifyRepeatedColumns(cells: Cell[]): void {
  const groups = new Map<string, Cell[]>();
  for (const c of cells) {
    const key = `${c.sourceRow}\u0001${labelKey(c.colPath)}`;
    const list = groups.get(key);
    if (list) list.push(c);
    else groups.set(key, [c]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.sourceCol - b.sourceCol);
    const first = group[0] as Cell;
    const taken = new Set([labelKey(first.colPath)]);
    for (const c of group.slice(1)) {
      const label = c.unit === null ? undefined : UNIT_LABELS[c.unit];
      if (label === undefined || c.unit === first.unit) continue;
      const path = [...c.colPath, label];
      if (taken.has(labelKey(path))) continue;
      taken.add(labelKey(path));
      c.colPath = path;
    }
  }
}

/**
 * A column header repeated among its siblings ("Change" after the three-month columns and
 * again after the six-month ones; "%" after each year) belongs to the header on its left: each
 * occurrence is qualified with the nearest sibling to its left whose text is not repeated
 * (`["Three Months Ended June 30", "Change"]`, `["2025", "%"]`). An occurrence with no such
 * sibling keeps its path. Cells under it get the qualified column path; the header tree stays
 * as the table draws it. Mutates the cells' colPath.
 */
export function qualifyRepeatedHeaders(headers: readonly HeaderNode[], cells: Cell[]): void {
  const walk = (siblings: readonly HeaderNode[], above: string[]) => {
    const keys = siblings.map((n) => labelKey([n.text]));
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    const repeated = (i: number) => (counts.get(keys[i] as string) ?? 0) > 1;
    siblings.forEach((node, i) => {
      if (node.text !== '' && repeated(i)) {
        let anchor: HeaderNode | undefined;
        for (let j = i - 1; j >= 0 && !anchor; j--) {
          const left = siblings[j] as HeaderNode;
          // The previous occurrence of the same header: what is left of it names that one.
          if (keys[j] === keys[i]) break;
          if (left.text !== '' && !repeated(j)) anchor = left;
        }
        if (anchor) {
          const at = above.length;
          const prefix = labelKey([...above, node.text]);
          for (const c of cells) {
            if (c.sourceCol < node.firstCol || c.sourceCol > node.lastCol) continue;
            if (labelKey(c.colPath.slice(0, at + 1)) !== prefix) continue;
            c.colPath = [...c.colPath.slice(0, at), anchor.text, ...c.colPath.slice(at)];
          }
        }
      }
      walk(node.children, node.text === '' ? above : [...above, node.text]);
    });
  };
  walk(headers, []);
}
