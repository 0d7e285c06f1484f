import type { SandboxCell, SandboxTable } from './types';

/**
 * A table as a prompt shows it to a model, with the grid positions cell(tableId, row, col)
 * takes: one line per row that holds values, led by its row number and row path, then each
 * value as filed under its column number. Column numbers are explained once, in the header
 * line, with the column path most of that column's cells have. A table without positions
 * (made by hand, not from a document) is listed by paths only.
 */
export function listTable(table: SandboxTable, maxRows = Infinity): string {
  const head = `Table ${table.id}${table.caption ? ` — ${table.caption}` : ''}`;
  const placed = table.cells.filter(
    (c): c is SandboxCell & { row: number; col: number } =>
      c.row !== undefined && c.col !== undefined,
  );
  if (placed.length === 0) {
    const lines = table.cells.map(
      (c) => `${c.rowPath.join(' > ')} | ${c.colPath.join(' > ')} | ${c.text ?? c.value ?? ''}`,
    );
    return [head, ...lines.slice(0, maxRows)].join('\n');
  }
  const colPaths = new Map<number, Map<string, number>>();
  const rows = new Map<number, (SandboxCell & { row: number; col: number })[]>();
  for (const c of placed) {
    const counts = colPaths.get(c.col) ?? new Map<string, number>();
    const key = c.colPath.join(' > ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    colPaths.set(c.col, counts);
    const list = rows.get(c.row) ?? [];
    list.push(c);
    rows.set(c.row, list);
  }
  const columns = [...colPaths.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([col, counts]) => {
      const [path] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [''];
      return `col ${col}: ${path || '(no header)'}`;
    });
  const lines = [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(0, maxRows)
    .map(([row, cells]) => {
      const values = cells
        .sort((a, b) => a.col - b.col)
        .map((c) => `[${c.col}] ${c.text ?? c.value ?? ''}`)
        .join('  ');
      return `row ${row}: ${cells[0]?.rowPath.join(' > ') ?? ''} | ${values}`;
    });
  const more = rows.size > maxRows ? [`… ${rows.size - maxRows} more rows`] : [];
  return [head, `columns: ${columns.join('; ')}`, ...lines, ...more].join('\n');
}
