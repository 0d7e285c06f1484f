import {
  createGrid,
  type ColDef,
  type ColGroupDef,
  type GridApi,
  type GridOptions,
} from 'ag-grid-community';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Table } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';
import { canvasMeasure } from './canvas-measure';
import { drawsTheSame, takeEarlyGrid } from './early-grid-slot';
import { gridDrawn } from './first-grid';
import type { GoldMarks } from './gold-marks';
import { gridColumnDefs, type ColumnsInput } from './grid-columns';
import { documentGridOptions, type GridHandlers } from './grid-options';
import { layoutOf, valueColumnWidth, visibleRows, type GridRow } from './grid-view';
import { useElementWidth } from './use-element-width';
import { useLabelWidth } from './use-label-width';

// Loaded with the grid's chunk (table-grid-chunk.ts calls it): ag-grid stays out of the others.
export { warmUpGrids } from './grid-warm-up';

interface Props {
  table: Table;
  marks: ReadonlySet<string>;
  query: string;
  selected?: CellRef | undefined;
  /** A question's gold evidence: its cells and rows are outlined. */
  gold?: GoldMarks | undefined;
  /** Cells an ask's program read ("tableId:sourceRow:sourceCol"), framed (the Ask panel). */
  readCells?: ReadonlySet<string> | undefined;
  /** Where the user's label-column width is remembered (document and table); none: not kept. */
  widthKey?: string | undefined;
  onSelect: (cell: CellRef) => void;
}

/** Rows the user collapsed (their children hidden), and the toggle of one. */
function useCollapsedRows() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  // Passed through cellRendererParams (reactive), not the grid context (read once at start).
  const toggle = useCallback(
    (id: string) =>
      setCollapsed((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return { collapsed, toggle };
}

/** What the grid is given: its rows and columns, and what the columns were made from. */
interface Drawn {
  rowData: GridRow[];
  columnDefs: (ColDef<GridRow> | ColGroupDef<GridRow>)[];
  input: ColumnsInput;
}

/**
 * ag-grid itself (`createGrid`, its own DOM) in `host`, made as the component is committed and
 * destroyed with it; new rows and columns go to `api.updateGridOptions`. Not ag-grid-react: that
 * draws every row and cell as React components and, on React 19, draws the rows only after a
 * timer; a filing's first table came ~70 ms later through it (docs/BENCHMARKS.md). The grid the
 * boot script made of this table before the app (early-grid.ts) is taken over instead, its
 * element moved here: given this view's rows and columns only if they differ from its own.
 */
function useAgGrid(
  host: RefObject<HTMLDivElement | null>,
  options: GridOptions<GridRow>,
  latest: () => GridHandlers,
  drawn: Drawn,
  widthKey: string | undefined,
): void {
  const api = useRef<GridApi<GridRow> | undefined>(undefined);
  const applied = useRef(drawn);
  // Read once, as the grid is made (a grid is made once per component).
  const key = useRef(widthKey);
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const now = applied.current;
    const taken = takeEarlyGrid(key.current);
    let grid: GridApi<GridRow>;
    let gridHost: HTMLElement;
    if (taken) {
      ({ api: grid, host: gridHost } = taken);
      el.append(gridHost);
      if (!drawsTheSame(taken, now.input, now.rowData))
        grid.updateGridOptions({ rowData: now.rowData, columnDefs: now.columnDefs });
      taken.connect(latest, gridDrawn);
    } else {
      gridHost = document.createElement('div');
      el.append(gridHost);
      grid = createGrid(gridHost, { ...options, rowData: now.rowData, columnDefs: now.columnDefs });
    }
    api.current = grid;
    return () => {
      grid.destroy();
      gridHost.remove();
      api.current = undefined;
    };
  }, [host, options, latest]);
  useLayoutEffect(() => {
    const prev = applied.current;
    applied.current = drawn;
    const changed: GridOptions<GridRow> = {};
    if (drawn.rowData !== prev.rowData) changed.rowData = drawn.rowData;
    if (drawn.columnDefs !== prev.columnDefs) changed.columnDefs = drawn.columnDefs;
    if (api.current && Object.keys(changed).length > 0) api.current.updateGridOptions(changed);
  }, [drawn]);
}

/** The latest props' handlers, as the grid's callbacks read them when they are called. */
class LatestHandlers {
  constructor(private handlers: GridHandlers) {}
  readonly get = (): GridHandlers => this.handlers;
  set(handlers: GridHandlers): void {
    this.handlers = handlers;
  }
}

/**
 * The grid's own options, made once: its callbacks call the latest props' handlers (`latest`,
 * updated after each commit; the grid keeps the functions it was given at its creation).
 */
function useGridOptions(handlers: GridHandlers) {
  const [latest] = useState(() => new LatestHandlers(handlers));
  useLayoutEffect(() => latest.set(handlers));
  const options = useMemo(() => documentGridOptions(latest.get, gridDrawn), [latest]);
  return { options, latest: latest.get };
}

/**
 * One table in ag-grid (Community): multi-level headers as column groups, the row hierarchy as
 * indented rows collapsed by filtering (tree data is Enterprise-only), numbers right-aligned
 * and shown exactly as filed, each cell's full header path and unit in its tooltip.
 */
export function TableGrid({
  table,
  marks,
  query,
  selected,
  gold,
  readCells,
  widthKey,
  onSelect,
}: Props) {
  const { collapsed, toggle } = useCollapsedRows();
  const layout = useMemo(() => layoutOf(table), [table]);
  const rows = layout.rows;
  const shown = useMemo(() => visibleRows(rows, collapsed), [rows, collapsed]);
  const needle = query.trim().toLowerCase();

  // Column widths from the texts they hold: labels whole, numbers never cut (one measurer for
  // the window: canvas-measure.ts).
  const measure = canvasMeasure();
  const valueWidths = useMemo(
    () => new Map(layout.columns.map((c) => [c.field, valueColumnWidth(c, rows, measure)])),
    [layout, rows, measure],
  );
  // The grid's own width: a narrow grid (the cell panel open) still shows two value columns.
  const box = useRef<HTMLDivElement>(null);
  const available = useElementWidth(box);
  const { labelWidth, scrollsSideways, onColumnResized } = useLabelWidth(
    rows,
    measure,
    valueWidths,
    available,
    widthKey,
  );

  const input = useMemo<ColumnsInput>(
    () => ({
      table,
      layout,
      marks,
      needle,
      selected,
      gold,
      readCells,
      toggle,
      valueWidths,
      labelWidth,
    }),
    [table, layout, marks, needle, selected, gold, readCells, toggle, valueWidths, labelWidth],
  );
  const columnDefs = useMemo(() => gridColumnDefs(input), [input]);
  const drawn = useMemo<Drawn>(
    () => ({ rowData: shown, columnDefs, input }),
    [shown, columnDefs, input],
  );

  const { options, latest } = useGridOptions({
    table,
    collapsed,
    toggle,
    onSelect,
    onColumnResized,
  });
  const grid = useRef<HTMLDivElement>(null);
  useAgGrid(grid, options, latest, drawn, widthKey);

  return (
    <div
      className={scrollsSideways ? 'table-grid scrolls-sideways' : 'table-grid'}
      data-table-id={table.id}
      ref={box}
    >
      <div ref={grid} />
    </div>
  );
}
