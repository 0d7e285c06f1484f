import type { ColDef, ColGroupDef, GridApi } from 'ag-grid-community';
import type { ColumnsInput } from './grid-columns';
import type { GridHandlers } from './grid-options';
import type { GridRow } from './grid-view';

/**
 * The first table's grid, made by the boot script from the first screen before the app
 * (early-grid.ts), waiting for the view's grid of that table to take it over (TableGrid.tsx):
 * the view moves its element into place and keeps it; no second grid is made. Types only here:
 * the boot script's own chunk (first-paint.ts drops the grid with its picture) holds no ag-grid.
 */
export interface EarlyGrid {
  /** The view's `widthKey` of its table: the document's name and the table's id. */
  key: string;
  api: GridApi<GridRow>;
  /** The element the grid was made in, moved into the view's grid. */
  host: HTMLElement;
  /** What its columns were made from, and its rows (the view compares its own with them). */
  input: ColumnsInput;
  rows: readonly GridRow[];
  columnDefs: (ColDef<GridRow> | ColGroupDef<GridRow>)[];
  /**
   * From now on the grid's callbacks call the handlers `latest` answers (clicks, keys and
   * resizes made before are passed on now, in order); `drawn` is called once its rows are drawn
   * (at once if they are).
   */
  connect(latest: () => GridHandlers, drawn: () => void): void;
}

let offered: EarlyGrid | undefined;
/** The view has made (or taken) a grid: no grid is made before it any more. */
let closed = false;

/** Whether a grid made now could still be taken over (the view has made none yet). */
export const earlyGridWanted = (): boolean => !closed;

/** Keeps `grid` for the view; false (the caller destroys it) when the view no longer wants one. */
export function offerEarlyGrid(grid: EarlyGrid): boolean {
  if (closed || offered) return false;
  offered = grid;
  return true;
}

/**
 * The view's first grid takes the early grid if it is of its table (`key`); either way no
 * early grid is made after this. An early grid of another table is destroyed.
 */
export function takeEarlyGrid(key: string | undefined): EarlyGrid | undefined {
  closed = true;
  const grid = offered;
  offered = undefined;
  if (grid && grid.key === key) return grid;
  grid?.api.destroy();
  return undefined;
}

/** The boot script's picture is gone (the user went elsewhere): its grid with it, if not taken. */
export function dropEarlyGrid(): void {
  closed = true;
  offered?.api.destroy();
  offered = undefined;
}

const sameSet = <T>(a: ReadonlySet<T> | undefined, b: ReadonlySet<T> | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.size === 0 && b.size === 0);

const sameWidths = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  a.size === b.size && [...a].every(([k, w]) => b.get(k) === w);

/**
 * Whether the view's grid would draw what the early grid drew: the same table, rows and
 * columns (the toggle aside: the early grid's calls the view's once connected). Else the view
 * gives the grid its own rows and columns.
 */
export function drawsTheSame(grid: EarlyGrid, input: ColumnsInput, rows: readonly GridRow[]) {
  const a = grid.input;
  return (
    a.table === input.table &&
    a.needle === input.needle &&
    a.selected === input.selected &&
    a.gold === input.gold &&
    a.labelWidth === input.labelWidth &&
    sameSet(a.marks, input.marks) &&
    sameSet(a.readCells, input.readCells) &&
    sameWidths(a.valueWidths, input.valueWidths) &&
    grid.rows.length === rows.length &&
    grid.rows.every((r, i) => r === rows[i])
  );
}
