import type { Cell, HeaderNode, Table, TableRow } from './index';

/**
 * A table as the document view's grid shows it: leaf columns with their header paths and the
 * body rows with their place in the row-header tree. This is also the coordinate system a
 * program addresses (`cell(tableId, row, col)`), so what the user sees and what a program
 * reads are the same cells. Pure: used by the renderer, the sandbox mapping and the tests.
 *
 * Grid position: `row` is the 0-based index among the table's non-header rows (in source
 * order, section and note rows included), `col` the 0-based index among the grid's leaf
 * columns, left to right.
 */
export interface GridColumn {
  field: string;
  /** First grid column of the header leaf (or the cell's own column when it has no header). */
  sourceCol: number;
  headerPath: string[];
}

export interface GridRow {
  id: string;
  sourceRow: number;
  label: string;
  kind: TableRow['kind'];
  level: number;
  /** ids of the rows this one is nested under, outermost first */
  ancestors: string[];
  hasChildren: boolean;
  /** false when the user collapsed this row's children (set by visibleRows) */
  expanded: boolean;
  /** cells by GridColumn.field */
  cells: Record<string, Cell>;
}

export interface GridLayout {
  columns: GridColumn[];
  rows: GridRow[];
}

/** Where a cell sits in the grid: 0-based body row and 0-based leaf column. */
export interface GridPosition {
  row: number;
  col: number;
}

export interface HeaderLeaf {
  path: string[];
  firstCol: number;
  lastCol: number;
}

/** Leaves of the column-header tree with the texts above them, left to right. */
export function headerLeaves(table: Table): HeaderLeaf[] {
  const out: HeaderLeaf[] = [];
  const walk = (nodes: HeaderNode[], above: string[]) => {
    for (const n of nodes) {
      const path = n.text === '' ? above : [...above, n.text];
      if (n.children.length === 0) out.push({ path, firstCol: n.firstCol, lastCol: n.lastCol });
      else walk(n.children, path);
    }
  };
  walk(table.columnHeaders, []);
  return out.sort((a, b) => a.firstCol - b.firstCol);
}

/**
 * Filings put one column's numbers in different grid columns from row to row ("$" in its own
 * cell on one row, a colspan on the next), so a cell goes to the header leaf whose span covers
 * it, not to its raw column. Cells under no header get a column of their own (their colPath),
 * and so does a second cell of one row under the same leaf (a leaf spanning two values), so
 * no cell is ever hidden behind another.
 */
export function gridLayout(table: Table): GridLayout {
  const leaves = headerLeaves(table);
  const columns = new Map<number, GridColumn>();
  const columnAt = (key: number, headerPath: string[]): string => {
    if (!columns.has(key)) columns.set(key, { field: `c${key}`, sourceCol: key, headerPath });
    return `c${key}`;
  };

  const cellsByRow = new Map<number, Record<string, Cell>>();
  for (const cell of table.cells) {
    const row = cellsByRow.get(cell.sourceRow) ?? {};
    const leaf = leaves.find((l) => l.firstCol <= cell.sourceCol && cell.sourceCol <= l.lastCol);
    const field = columnAt(leaf ? leaf.firstCol : cell.sourceCol, leaf ? leaf.path : cell.colPath);
    const taken = row[field];
    if (taken === undefined || !leaf) {
      row[field] = cell;
    } else {
      // Two values of one row under one leaf: the one off the leaf's first column moves to a
      // grid column of its own.
      const [stays, moves] = taken.sourceCol === leaf.firstCol ? [taken, cell] : [cell, taken];
      row[field] = stays;
      row[columnAt(moves.sourceCol, moves.colPath)] = moves;
    }
    cellsByRow.set(cell.sourceRow, row);
  }

  const rows: GridRow[] = [];
  const stack: GridRow[] = [];
  for (const r of table.rows) {
    if (r.kind === 'header') continue;
    while (stack.length && stack.at(-1)!.level >= r.level) stack.pop();
    const row: GridRow = {
      id: `r${r.sourceRow}`,
      sourceRow: r.sourceRow,
      label: r.label,
      kind: r.kind,
      level: r.level,
      ancestors: stack.map((s) => s.id),
      hasChildren: false,
      expanded: true,
      cells: cellsByRow.get(r.sourceRow) ?? {},
    };
    const parent = stack.at(-1);
    if (parent) parent.hasChildren = true;
    rows.push(row);
    stack.push(row);
  }
  return { columns: [...columns.values()].sort((a, b) => a.sourceCol - b.sourceCol), rows };
}

/** Key of a cell by its place in the source table (unique within a table). */
const sourceKey = (c: Pick<Cell, 'sourceRow' | 'sourceCol'>) => `${c.sourceRow}:${c.sourceCol}`;

/**
 * Grid positions of the table's cells, by source cell (`sourceRow:sourceCol`). A cell the grid
 * does not show (its row is a header row or missing from `rows`) has no position.
 */
export function gridPositions(table: Table, layout: GridLayout = gridLayout(table)) {
  const colIndex = new Map(layout.columns.map((c, i) => [c.field, i]));
  const byCell = new Map<string, GridPosition>();
  layout.rows.forEach((row, r) => {
    for (const [field, cell] of Object.entries(row.cells)) {
      const col = colIndex.get(field);
      if (col !== undefined) byCell.set(sourceKey(cell), { row: r, col });
    }
  });
  return {
    layout,
    of: (cell: Pick<Cell, 'sourceRow' | 'sourceCol'>): GridPosition | undefined =>
      byCell.get(sourceKey(cell)),
  };
}

/** "row 12, column 3": a grid position as the details panel and error messages write it. */
export const positionText = (p: GridPosition) => `row ${p.row}, column ${p.col}`;

/** The source cell at a grid position (what `gridPositions(…).of` maps to it), if one is there. */
export function cellAt(
  table: Table,
  row: number,
  col: number,
): Pick<Cell, 'sourceRow' | 'sourceCol'> | undefined {
  const layout = gridLayout(table);
  const column = layout.columns[col];
  const cell = column ? layout.rows[row]?.cells[column.field] : undefined;
  return cell ? { sourceRow: cell.sourceRow, sourceCol: cell.sourceCol } : undefined;
}

/**
 * Grid positions (a program's `cell(tableId, row, col)`, the sandbox trace's coordinates) to
 * source cells, over a document's tables, one layout per table built on first use: what the
 * Ask panel marks, the gap's evidence units and a run's trace all map through.
 */
export function gridToSource(document: { tables: readonly Table[] }) {
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const layouts = new Map<string, GridLayout>();
  return (
    tableId: string,
    row: number | null | undefined,
    col: number | null | undefined,
  ): { type: 'cell'; tableId: string; sourceRow: number; sourceCol: number } | undefined => {
    if (row === null || row === undefined || col === null || col === undefined) return undefined;
    const table = tables.get(tableId);
    if (!table) return undefined;
    let layout = layouts.get(tableId);
    if (!layout) layouts.set(tableId, (layout = gridLayout(table)));
    const field = layout.columns[col]?.field;
    const cell = field === undefined ? undefined : layout.rows[row]?.cells[field];
    return cell
      ? { type: 'cell', tableId, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol }
      : undefined;
  };
}
