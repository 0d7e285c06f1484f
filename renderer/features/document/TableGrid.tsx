import {
  CellStyleModule,
  ClientSideRowModelModule,
  createGrid,
  ModuleRegistry,
  RowAutoHeightModule,
  RowStyleModule,
  TooltipModule,
  type ColDef,
  type ColGroupDef,
  type ColumnResizedEvent,
  type GridApi,
  type GridOptions,
} from 'ag-grid-community';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Table } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';
import { canvasMeasure } from './canvas-measure';
import { gridDrawn } from './first-grid';
import type { GoldMarks } from './gold-marks';
import { gridColumnDefs } from './grid-columns';
import { onGridKey, selectClickedCell } from './grid-events';
import { gridLayout, valueColumnWidth, visibleRows, type GridRow } from './grid-view';
import { useElementWidth } from './use-element-width';
import { useLabelWidth } from './use-label-width';

// Loaded with the grid's chunk (table-grid-chunk.ts calls it): ag-grid stays out of the others.
export { warmUpGrids } from './grid-warm-up';

// Only the features this grid uses (column groups, pinning, flex, wrapped header text and value
// getters are core): rowData, tooltips (tooltipValueGetter, headerTooltip), cellClassRules,
// getRowClass, rows as tall as their wrapped labels (autoHeight); column resizing is core too.
// A feature used without its module logs ag-grid's error #200 to the console (e2e tests fail on
// it).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
  RowAutoHeightModule,
]);

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

/**
 * ag-grid itself (`createGrid`, its own DOM) in `host`, made as the component is committed and
 * destroyed with it; new rows and columns go to `api.updateGridOptions`. Not ag-grid-react: that
 * draws every row and cell as React components and, on React 19, draws the rows only after a
 * timer; a filing's first table came ~70 ms later through it (docs/BENCHMARKS.md).
 */
function useAgGrid(
  host: RefObject<HTMLDivElement | null>,
  options: GridOptions<GridRow>,
  rowData: GridRow[],
  columnDefs: (ColDef<GridRow> | ColGroupDef<GridRow>)[],
): void {
  const api = useRef<GridApi<GridRow> | undefined>(undefined);
  const applied = useRef({ rowData, columnDefs });
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    api.current = createGrid(el, { ...options, ...applied.current });
    return () => {
      api.current?.destroy();
      api.current = undefined;
    };
  }, [host, options]);
  useLayoutEffect(() => {
    const prev = applied.current;
    applied.current = { rowData, columnDefs };
    const changed: GridOptions<GridRow> = {};
    if (rowData !== prev.rowData) changed.rowData = rowData;
    if (columnDefs !== prev.columnDefs) changed.columnDefs = columnDefs;
    if (api.current && Object.keys(changed).length > 0) api.current.updateGridOptions(changed);
  }, [rowData, columnDefs]);
}

interface Handlers {
  table: Table;
  collapsed: ReadonlySet<string>;
  toggle: (id: string) => void;
  onSelect: (cell: CellRef) => void;
  onColumnResized: (e: ColumnResizedEvent<GridRow>) => void;
}

/**
 * The grid's own options, made once: its callbacks call the latest props' handlers (the grid
 * keeps the functions it was given at its creation).
 */
function useGridOptions(handlers: Handlers): GridOptions<GridRow> {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  return useMemo<GridOptions<GridRow>>(
    () => ({
      getRowId: (p) => p.data.id,
      getRowClass: (p) => (p.data ? `row-kind-${p.data.kind}` : undefined),
      domLayout: 'autoHeight',
      rowHeight: 28,
      // Rows move at once: a row sliding into place over another (its label re-wrapped when
      // the split or the panel changes the width) would cover that row's text meanwhile.
      animateRows: false,
      onColumnResized: (e) => latest.current.onColumnResized(e),
      onFirstDataRendered: gridDrawn,
      suppressMovableColumns: true,
      enableCellTextSelection: true,
      tooltipShowDelay: 300,
      onCellClicked: (e) => selectClickedCell(e, latest.current.table, latest.current.onSelect),
      onCellKeyDown: (e) => {
        const l = latest.current;
        onGridKey(e, l.table, l.collapsed, l.toggle, l.onSelect);
      },
    }),
    [],
  );
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
  const layout = useMemo(() => gridLayout(table), [table]);
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

  const columnDefs = useMemo(
    () =>
      gridColumnDefs({
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

  const options = useGridOptions({ table, collapsed, toggle, onSelect, onColumnResized });
  const grid = useRef<HTMLDivElement>(null);
  useAgGrid(grid, options, shown, columnDefs);

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
