import type { CellAddress, CellInfo, SandboxCell, SandboxTable } from './types';

/**
 * How `cell(tableId, row, col)` finds a cell, by grid position (two whole numbers, the
 * coordinates the document view shows) or by header paths. Header labels are compared after
 * trimming, collapsing whitespace and lower-casing (models rarely copy a label byte for byte).
 * A path may also be the tail of the real one (["Revenue"] finds ["Segment A", "Revenue"]) when
 * that tail is unique, because models often drop the section headers above a row. A miss or
 * an ambiguous path fails with the nearest candidates and their positions.
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
const showAddress = (a: CellAddress): string => (typeof a === 'number' ? String(a) : showPath(a));

/** Positions fit in one number key: columns stay far below 2^20. */
const COL_SPAN = 2 ** 20;
const posKey = (row: number, col: number) => row * COL_SPAN + col;

/** Path lookups remembered per table. */
const MAX_ANSWERED = 4096;

/** How many candidates an error lists. */
const SHOWN = 3;

const hasPosition = (c: SandboxCell): c is SandboxCell & { row: number; col: number } =>
  c.row !== undefined && c.col !== undefined;

const isNumeric = (c: SandboxCell): c is SandboxCell & { value: number } =>
  c.value !== null && Number.isFinite(c.value);

/** `["Revenue"] × ["2024"] at row 3, column 1 = 812.3`: one candidate in an error message. */
function describeCell(c: SandboxCell): string {
  const at = hasPosition(c) ? ` at row ${c.row}, column ${c.col}` : '';
  const shown = c.text ?? (c.value === null ? 'empty' : String(c.value));
  return `${showPath(c.rowPath)} × ${showPath(c.colPath)}${at} = ${shown}`;
}

const words = (path: readonly string[]): Set<string> =>
  new Set(
    path
      .join(' ')
      .toLowerCase()
      .split(/[^a-z0-9%]+/)
      .filter((w) => w !== ''),
  );

/** Share of the asked words a path has (0..1); how "near" a header path is to a query. */
function overlap(asked: Set<string>, path: readonly string[]): number {
  if (asked.size === 0) return 0;
  const have = words(path);
  let n = 0;
  for (const w of asked) if (have.has(w)) n++;
  return n / asked.size;
}

/**
 * value × scale without binary rounding noise: for a power-of-ten scale (1e6, 0.01) the decimal
 * shift is done on the number's text, so 55.8 at 0.01 is 0.558, not 0.5579999999999999.
 */
export function baseValue(value: number, scale: number): number {
  const exponent = Math.log10(scale);
  if (Number.isInteger(exponent) && Number.isFinite(value)) {
    const shifted = Number(`${value}e${exponent}`);
    if (Number.isFinite(shifted)) return shifted;
  }
  return value * scale;
}

/** What cellInfo() answers for a found cell. */
export function cellInfoOf(tableId: string, cell: SandboxCell & { value: number }): CellInfo {
  const scale = cell.scale ?? 1;
  return {
    tableId,
    row: cell.row ?? null,
    col: cell.col ?? null,
    value: cell.value,
    scale,
    unit: cell.unit ?? null,
    base: baseValue(cell.value, scale),
    text: cell.text ?? null,
    rowPath: cell.rowPath,
    colPath: cell.colPath,
    xbrl: cell.xbrl ?? null,
  };
}

/** One table, indexed on first use; lookups are then a map hit in the common case. */
export class TableIndex {
  private readonly exact = new Map<string, SandboxCell[]>();
  private positions: Map<number, SandboxCell> | undefined;
  /** Path lookups answered before (tail matches scan the table); bounded. */
  private readonly answered = new Map<string, CellLookup>();

  constructor(readonly table: SandboxTable) {
    for (const cell of table.cells) {
      const key = `${pathKey(cell.rowPath)}\u0001${pathKey(cell.colPath)}`;
      const list = this.exact.get(key);
      if (list) list.push(cell);
      else this.exact.set(key, [cell]);
    }
  }

  /** Cells by grid position, built on the first positional read. */
  private byPosition(): Map<number, SandboxCell> {
    if (!this.positions) {
      this.positions = new Map();
      for (const c of this.table.cells)
        if (hasPosition(c)) this.positions.set(posKey(c.row, c.col), c);
    }
    return this.positions;
  }

  find(row: CellAddress, col: CellAddress, fn = 'cell'): CellLookup {
    // Only a failure spells the call out.
    const where = () =>
      `${fn}(${JSON.stringify(this.table.id)}, ${showAddress(row)}, ${showAddress(col)})`;
    if (typeof row === 'number' && typeof col === 'number') return this.findAt(row, col, where);
    if (typeof row === 'number' || typeof col === 'number')
      return {
        ok: false,
        message: `${where()}: give both row and col as numbers, or both as paths`,
      };
    // Keyed by the labels as given: a failure's message quotes them.
    const key = `${fn}\u0002${JSON.stringify(row)}\u0001${JSON.stringify(col)}`;
    let found = this.answered.get(key);
    if (!found) {
      found = this.findByPath(row, col, where);
      if (this.answered.size < MAX_ANSWERED) this.answered.set(key, found);
    }
    return found;
  }

  private findAt(row: number, col: number, where: () => string): CellLookup {
    const found = this.byPosition().get(posKey(row, col));
    if (found && isNumeric(found)) return { ok: true, value: found.value, cell: found };
    if (found) {
      return {
        ok: false,
        message: `${where()}: the cell is empty or not a number (${describeCell(found)})`,
      };
    }
    const placed = this.table.cells.filter(hasPosition);
    if (placed.length === 0)
      return {
        ok: false,
        message: `${where()}: this table has no grid positions; use header paths`,
      };
    const near = placed
      .filter(isNumeric)
      .map((c) => ({ c, d: Math.abs(c.row - row) + Math.abs(c.col - col) }))
      .sort((a, b) => a.d - b.d || a.c.row - b.c.row || a.c.col - b.c.col)
      .slice(0, SHOWN)
      .map(({ c }) => describeCell(c));
    const span = (of: (c: { row: number; col: number }) => number) => {
      const all = placed.map(of);
      return `${Math.min(...all)}–${Math.max(...all)}`;
    };
    return {
      ok: false,
      message: `${where()}: no number at row ${row}, column ${col} (values are in rows ${span((c) => c.row)}, columns ${span((c) => c.col)})${
        near.length > 0 ? `; nearest: ${near.join('; ')}` : ''
      }`,
    };
  }

  private findByPath(rowPath: string[], colPath: string[], where: () => string): CellLookup {
    let matches = this.exact.get(`${pathKey(rowPath)}\u0001${pathKey(colPath)}`) ?? [];
    if (matches.length === 0) {
      matches = this.table.cells.filter(
        (c) =>
          (endsWith(c.rowPath, rowPath) || pathKey(c.rowPath) === pathKey(rowPath)) &&
          (endsWith(c.colPath, colPath) || pathKey(c.colPath) === pathKey(colPath)),
      );
    }
    const [first, second] = matches;
    if (!first)
      return { ok: false, message: `${where()}: no such cell${this.nearest(rowPath, colPath)}` };
    if (second) {
      const shown = matches.slice(0, SHOWN).map(describeCell).join('; ');
      const positioned = matches.every(hasPosition);
      return {
        ok: false,
        message: `${where()}: ${matches.length} cells match (${shown}${matches.length > SHOWN ? '; …' : ''}); give a longer path${
          positioned ? ' or the position' : ''
        }`,
      };
    }
    if (!isNumeric(first)) {
      return { ok: false, message: `${where()}: the cell is empty or not a number` };
    }
    return { ok: true, value: first.value, cell: first };
  }

  /** "; nearest: …" — the numeric cells whose header words overlap the query most. */
  private nearest(rowPath: string[], colPath: string[]): string {
    const askedRow = words(rowPath);
    const askedCol = words(colPath);
    const scored = this.table.cells
      .filter(isNumeric)
      .map((c, i) => ({ c, i, s: overlap(askedRow, c.rowPath) + overlap(askedCol, c.colPath) }))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, SHOWN);
    return scored.length === 0
      ? ''
      : `; nearest: ${scored.map((x) => describeCell(x.c)).join('; ')}`;
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

  findCell(tableId: string, row: CellAddress, col: CellAddress, fn = 'cell'): CellLookup {
    const table = this.byId.get(tableId);
    if (!table) {
      const known = this.ids();
      const shown = known.length > 40 ? [...known.slice(0, 40), '…'] : known;
      return {
        ok: false,
        message: `${fn}(${JSON.stringify(tableId)}, …): no table with that id (${
          known.length === 0 ? 'no tables were given' : `tables: ${shown.join(', ')}`
        })`,
      };
    }
    let index = this.indexes.get(tableId);
    if (!index) {
      index = new TableIndex(table);
      this.indexes.set(tableId, index);
    }
    return index.find(row, col, fn);
  }
}
