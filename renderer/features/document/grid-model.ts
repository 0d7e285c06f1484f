import type { Cell, HeaderNode, Table, TableRow } from '../../../shared/model';

/**
 * Turns a Table into what the grid shows: leaf columns with their header paths (for column
 * groups) and rows with their place in the row-header tree (for indentation and collapsing).
 * Pure, so it is unit-tested without a browser.
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

export interface HeaderGroup {
  header: string;
  children: (HeaderGroup | GridColumn)[];
}

export const isColumn = (n: HeaderGroup | GridColumn): n is GridColumn => 'field' in n;

interface Leaf {
  path: string[];
  firstCol: number;
  lastCol: number;
}

/** Leaves of the column-header tree with the texts above them, left to right. */
function headerLeaves(table: Table): Leaf[] {
  const out: Leaf[] = [];
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
 * it, not to its raw column. Cells under no header get a column of their own (their colPath).
 */
export function gridLayout(table: Table): GridLayout {
  const leaves = headerLeaves(table);
  const columns = new Map<number, GridColumn>();
  const fieldOf = (cell: Cell): string => {
    const leaf = leaves.find((l) => l.firstCol <= cell.sourceCol && cell.sourceCol <= l.lastCol);
    const key = leaf ? leaf.firstCol : cell.sourceCol;
    if (!columns.has(key))
      columns.set(key, {
        field: `c${key}`,
        sourceCol: key,
        headerPath: leaf ? leaf.path : cell.colPath,
      });
    return `c${key}`;
  };

  const cellsByRow = new Map<number, Record<string, Cell>>();
  for (const cell of table.cells) {
    const row = cellsByRow.get(cell.sourceRow) ?? {};
    row[fieldOf(cell)] = cell;
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
 * Rows left visible when the rows in `collapsed` hide their descendants. Returns new objects for
 * rows whose `expanded` flag changed, so the grid re-renders their disclosure buttons.
 */
export function visibleRows(rows: GridRow[], collapsed: ReadonlySet<string>): GridRow[] {
  return rows
    .filter((r) => !r.ancestors.some((a) => collapsed.has(a)))
    .map((r) =>
      collapsed.has(r.id) === !r.expanded ? r : { ...r, expanded: !collapsed.has(r.id) },
    );
}
