import type { GridColumn, GridRow } from '../../../shared/document/grid-layout';

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
