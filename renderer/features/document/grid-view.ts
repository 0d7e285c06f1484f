import {
  gridLayout,
  type GridColumn,
  type GridLayout,
  type GridRow,
} from '../../../shared/document/grid-layout';
import type { Table } from '../../../shared/document';

/**
 * What the grid needs beyond the shared layout (shared/document/grid-layout.ts, the grid
 * coordinates programs address too): column groups and collapsing. Pure, so it is
 * unit-tested without a browser.
 */
export {
  gridLayout,
  type GridColumn,
  type GridLayout,
  type GridRow,
} from '../../../shared/document/grid-layout';

const layouts = new WeakMap<Table, GridLayout>();

/**
 * A table's layout, made once per table object: the boot script's grid of the first table
 * (early-grid.ts) and the view's grid that takes it over (TableGrid.tsx) then hold the same rows,
 * so the view has nothing to give the grid anew.
 */
export function layoutOf(table: Table): GridLayout {
  let layout = layouts.get(table);
  if (!layout) layouts.set(table, (layout = gridLayout(table)));
  return layout;
}

export interface HeaderGroup {
  header: string;
  children: (HeaderGroup | GridColumn)[];
}

export const isColumn = (n: HeaderGroup | GridColumn): n is GridColumn => 'field' in n;

/**
 * Nests adjacent columns that share header prefixes ("Revenue" over "2025" and "2024"), which
 * is how multi-row headers built from colspans read. Non-adjacent repeats stay separate groups.
 */
export function headerGroups(columns: GridColumn[], depth = 0): (HeaderGroup | GridColumn)[] {
  const out: (HeaderGroup | GridColumn)[] = [];
  let i = 0;
  while (i < columns.length) {
    const col = columns[i]!;
    if (col.headerPath.length <= depth + 1) {
      out.push(col);
      i++;
      continue;
    }
    const head = col.headerPath[depth]!;
    let j = i + 1;
    while (
      j < columns.length &&
      columns[j]!.headerPath.length > depth + 1 &&
      columns[j]!.headerPath[depth] === head
    )
      j++;
    out.push({ header: head, children: headerGroups(columns.slice(i, j), depth + 1) });
    i = j;
  }
  return out;
}

/**
 * Rows left visible when the rows in `collapsed` hide their descendants. A total that closes a
 * collapsed group (a `total` row directly under it) stays visible: collapsing "Operating
 * expenses" hides its items, not "Total operating expenses". Returns new objects for rows whose
 * `expanded` flag changed, so the grid re-renders their disclosure buttons.
 */
export function visibleRows(rows: GridRow[], collapsed: ReadonlySet<string>): GridRow[] {
  return rows
    .filter((r) =>
      r.ancestors.every(
        (a, i) => !collapsed.has(a) || (r.kind === 'total' && i === r.ancestors.length - 1),
      ),
    )
    .map((r) =>
      collapsed.has(r.id) === !r.expanded ? r : { ...r, expanded: !collapsed.has(r.id) },
    );
}

/** Width of a text in CSS pixels (the browser measures with a canvas; tests estimate). */
export type MeasureText = (text: string, bold: boolean) => number;

/** Padding of a grid cell (ag-grid's default 2 × 8 px) plus a little air. */
const CELL_PADDING = 22;
/** Indent per level and the disclosure button, as label-cell.ts draws them. */
const INDENT = 16;
const DISCLOSURE = 24;

export const LABEL_MIN_WIDTH = 140;
export const LABEL_MAX_WIDTH = 460;
const VALUE_MIN_WIDTH = 64;
const VALUE_MAX_WIDTH = 260;
/** Headers up to this wide stay on one line. */
const HEADER_ONE_LINE = 110;

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.ceil(n)));

/**
 * The row-label column's width: its longest label with its indent and disclosure, between 140
 * and 460 px (a longer label wraps onto more lines; the user can widen the column).
 */
export function labelColumnWidth(rows: readonly GridRow[], measure: MeasureText): number {
  let widest = 0;
  for (const r of rows) {
    const bold = r.kind === 'section' || r.kind === 'total';
    widest = Math.max(widest, r.level * INDENT + DISCLOSURE + measure(r.label, bold));
  }
  return clamp(widest + CELL_PADDING, LABEL_MIN_WIDTH, LABEL_MAX_WIDTH);
}

/**
 * The narrowest the row-label column may be made while labels wrap: no word is cut (the longest
 * word of each label with its indent and disclosure), and never under the minimum.
 */
export function labelWordFloor(rows: readonly GridRow[], measure: MeasureText): number {
  let widest = 0;
  for (const r of rows) {
    const bold = r.kind === 'section' || r.kind === 'total';
    for (const word of r.label.split(/\s+/))
      widest = Math.max(widest, r.level * INDENT + DISCLOSURE + measure(word, bold));
  }
  return clamp(widest + CELL_PADDING, LABEL_MIN_WIDTH, LABEL_MAX_WIDTH);
}

/**
 * A value column's minimum width: its widest value as filed, whole ("1,005,123" never cut to
 * "1,005,1…"), and its header (a short one whole, a long one by its longest word: headers wrap).
 */
export function valueColumnWidth(
  column: GridColumn,
  rows: readonly GridRow[],
  measure: MeasureText,
): number {
  let widest = 0;
  for (const r of rows) {
    const cell = r.cells[column.field];
    if (cell) widest = Math.max(widest, measure(cell.text, r.kind === 'total'));
  }
  // A short header ("Jan 26, 2025") on one line; a long one wraps between its words.
  const header = column.headerPath.at(-1) ?? '';
  const whole = measure(header, true);
  widest = Math.max(widest, whole <= HEADER_ONE_LINE ? whole : 0);
  for (const word of header.split(/\s+/)) widest = Math.max(widest, measure(word, true));
  return clamp(widest + CELL_PADDING, VALUE_MIN_WIDTH, VALUE_MAX_WIDTH);
}

/**
 * The label column's width in a grid `available` px wide: the labels' own width when every value
 * column fits beside it; otherwise narrower, down to `floor` (3/4 of it by default; the grid
 * passes the width at which wrapped labels still cut no word), so more columns fit; and never
 * so wide that fewer than the first two value columns stay in view (the cell panel narrows the
 * grid). Never under the minimum. A width the user chose by dragging is kept as chosen, but for
 * that last rule.
 */
export function fittedLabelWidth(
  wanted: number,
  valueWidths: readonly number[],
  available: number,
  chosenByUser = false,
  floor = 0.75 * wanted,
): number {
  if (available <= 0) return wanted;
  const all = valueWidths.reduce((a, b) => a + b, 0);
  const firstTwo = valueWidths.slice(0, 2).reduce((a, b) => a + b, 0);
  const fitAll = available - all - 2;
  const keepTwo = available - firstTwo - 2;
  const width = Math.min(
    wanted,
    keepTwo,
    chosenByUser ? wanted : Math.max(fitAll, Math.min(floor, wanted)),
  );
  return Math.max(LABEL_MIN_WIDTH, Math.floor(width));
}

/** ag-grid's heights as the grid is styled here: a header row, a body row, the body's minimum. */
const HEADER_ROW_HEIGHT = 49;
const BODY_ROW_HEIGHT = 28;
const BODY_MIN_HEIGHT = 150;

/**
 * The height a table's grid will take, for the space kept before it is mounted (LazyMount): a
 * header row per level of its column headers, its body rows (at least ag-grid's 150 px body),
 * at most 900 px. Wrapped labels can make it taller; everything else is as drawn, so jumping to
 * a part of the document does not leave it moving as the grids around it appear.
 */
export function gridHeightEstimate(table: Pick<Table, 'rows' | 'columnHeaders'>): number {
  const depth = (nodes: Table['columnHeaders']): number =>
    nodes.reduce((d, n) => Math.max(d, 1 + depth(n.children)), 0);
  const headerRows = Math.max(1, depth(table.columnHeaders));
  const bodyRows = table.rows.filter((r) => r.kind !== 'header').length;
  return Math.min(
    2 + headerRows * HEADER_ROW_HEIGHT + Math.max(BODY_MIN_HEIGHT, bodyRows * BODY_ROW_HEIGHT),
    900,
  );
}
