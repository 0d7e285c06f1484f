import type { SandboxCell, SandboxTable } from './types';

/**
 * How `cell(tableId, rowPath, colPath)` finds a cell. Header labels are compared after trimming,
 * collapsing whitespace and lower-casing (models rarely copy a label byte for byte). A path may
 * also be the tail of the real one (["Revenue"] finds ["Segment A", "Revenue"]) when that tail
 * is unique, because models often drop the section headers above a row.
 */

export type CellLookup =
  { ok: true; value: number; cell: SandboxCell } | { ok: false; message: string };

const normalizeLabel = (label: string): string => label.trim().replace(/\s+/g, ' ').toLowerCase();

const pathKey = (path: readonly string[]): string => path.map(normalizeLabel).join('\u0000');

function endsWith(path: readonly string[], tail: readonly string[]): boolean {
  if (tail.length === 0 || tail.length > path.length) return false;
  const offset = path.length - tail.length;
  return tail.every((label, i) => normalizeLabel(path[offset + i] ?? '') === normalizeLabel(label));
}

const showPath = (path: readonly string[]): string => JSON.stringify(path);

/** One table, indexed on first use; lookups are then a map hit in the common case. */
export class TableIndex {
  private readonly exact = new Map<string, SandboxCell[]>();

  constructor(readonly table: SandboxTable) {
    for (const cell of table.cells) {
      const key = `${pathKey(cell.rowPath)}\u0001${pathKey(cell.colPath)}`;
      const list = this.exact.get(key);
      if (list) list.push(cell);
      else this.exact.set(key, [cell]);
    }
  }

  find(rowPath: readonly string[], colPath: readonly string[]): CellLookup {
    const where = `cell(${JSON.stringify(this.table.id)}, ${showPath(rowPath)}, ${showPath(colPath)})`;
    let matches = this.exact.get(`${pathKey(rowPath)}\u0001${pathKey(colPath)}`) ?? [];
    if (matches.length === 0) {
      matches = this.table.cells.filter(
        (c) =>
          (endsWith(c.rowPath, rowPath) || pathKey(c.rowPath) === pathKey(rowPath)) &&
          (endsWith(c.colPath, colPath) || pathKey(c.colPath) === pathKey(colPath)),
      );
    }
    const [first, second] = matches;
    if (!first) return { ok: false, message: `${where}: no such cell` };
    if (second) {
      const shown = matches
        .slice(0, 3)
        .map((c) => `${showPath(c.rowPath)} × ${showPath(c.colPath)}`)
        .join('; ');
      return {
        ok: false,
        message: `${where}: ${matches.length} cells match (${shown}${matches.length > 3 ? '; …' : ''}); give a longer path`,
      };
    }
    if (first.value === null || !Number.isFinite(first.value)) {
      return { ok: false, message: `${where}: the cell is empty or not a number` };
    }
    return { ok: true, value: first.value, cell: first };
  }
}

/** The tables of one job, by id. */
export class TableSet {
  private readonly byId = new Map<string, SandboxTable>();
  private readonly indexes = new Map<string, TableIndex>();

  constructor(tables: readonly SandboxTable[]) {
    for (const t of tables) this.byId.set(t.id, t);
  }

  get(tableId: string): SandboxTable | undefined {
    return this.byId.get(tableId);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  findCell(tableId: string, rowPath: readonly string[], colPath: readonly string[]): CellLookup {
    const table = this.byId.get(tableId);
    if (!table) {
      const known = this.ids();
      return {
        ok: false,
        message: `cell(${JSON.stringify(tableId)}, …): no table with that id (${
          known.length === 0 ? 'no tables were given' : `tables: ${known.join(', ')}`
        })`,
      };
    }
    let index = this.indexes.get(tableId);
    if (!index) {
      index = new TableIndex(table);
      this.indexes.set(tableId, index);
    }
    return index.find(rowPath, colPath);
  }
}
