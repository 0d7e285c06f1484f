import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  RowAutoHeightModule,
  RowStyleModule,
  TooltipModule,
  type CellClassParams,
  type ColDef,
  type ColGroupDef,
  type ColumnResizedEvent,
  type ICellRendererParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cellSentence, type Cell, type Table } from '../../../shared/document';
import { evidenceKey } from '../../../shared/document/evidence';
import type { CellRef } from '../../stores/document/document-store';
import {
  fittedLabelWidth,
  gridLayout,
  headerGroups,
  isColumn,
  labelColumnWidth,
  labelWordFloor,
  LABEL_MIN_WIDTH,
  valueColumnWidth,
  visibleRows,
  type MeasureText,
  type GridColumn,
  type GridRow,
  type HeaderGroup,
} from './grid-view';
import { isGoldCell, isGoldRow, type GoldMarks } from './gold-marks';

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

/**
 * Text widths as the grid draws them (13 px, the page's font: styles.css gives the grid the
 * app's font, so what is measured here is what is drawn; bold for sections and totals).
 */
function canvasMeasure(): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d');
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const cache = new Map<string, number>();
  return (text, bold) => {
    const key = `${bold ? 'b' : 'n'}${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      if (ctx) {
        ctx.font = `${bold ? 600 : 400} 13px ${family}`;
        w = ctx.measureText(text).width;
      } else w = text.length * 7.5;
      cache.set(key, w);
    }
    return w;
  };
}

const labelWidthKey = (key: string) => `workbench.grid.labelWidth:${key}`;

/** The label width the user chose for this table, if any (localStorage; absent in private mode). */
function rememberedLabelWidth(key: string | undefined): number | undefined {
  if (!key) return undefined;
  try {
    const n = Number(window.localStorage.getItem(labelWidthKey(key)));
    return Number.isFinite(n) && n >= LABEL_MIN_WIDTH ? n : undefined;
  } catch {
    return undefined;
  }
}

function rememberLabelWidth(key: string | undefined, width: number): void {
  if (!key) return;
  try {
    window.localStorage.setItem(labelWidthKey(key), String(Math.round(width)));
  } catch {
    // Storage full or disabled: the width lasts as long as the view.
  }
}

interface Props {
  table: Table;
  marks: ReadonlySet<string>;
  query: string;
  selected?: CellRef;
  /** A question's gold evidence: its cells and rows are outlined. */
  gold?: GoldMarks;
  /** Cells an ask's program read ("tableId:sourceRow:sourceCol"), framed (the Ask panel). */
  readCells?: ReadonlySet<string>;
  /** Where the user's label-column width is remembered (document and table); none: not kept. */
  widthKey?: string;
  onSelect: (cell: CellRef) => void;
}

interface LabelParams {
  onToggle: (rowId: string) => void;
}

/**
 * Row label with indentation by depth and a disclosure button on rows that have children. A
 * label longer than its column wraps onto more lines (the row grows), so it is read whole in
 * place, without a tooltip over the rows below.
 */
function LabelCell({ data, onToggle }: ICellRendererParams<GridRow, string> & LabelParams) {
  if (!data) return null;
  const open = data.expanded;
  return (
    <span className={`row-label row-${data.kind}`} style={{ paddingLeft: `${data.level * 16}px` }}>
      {data.hasChildren ? (
        <button
          className="disclosure"
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${data.label}`}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(data.id);
          }}
        >
          {open ? '▾' : '▸'}
        </button>
      ) : (
        <span className="disclosure-spacer" />
      )}
      <span className="row-label-text">{data.label}</span>
    </span>
  );
}

function toColDefs(
  nodes: (HeaderGroup | GridColumn)[],
  leaf: (c: GridColumn) => ColDef<GridRow>,
): (ColDef<GridRow> | ColGroupDef<GridRow>)[] {
  return nodes.map((n) =>
    isColumn(n)
      ? leaf(n)
      : {
          headerName: n.header,
          marryChildren: true,
          wrapHeaderText: true,
          autoHeaderHeight: true,
          children: toColDefs(n.children, leaf),
        },
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
  const layout = useMemo(() => gridLayout(table), [table]);
  const rows = layout.rows;
  const shown = useMemo(() => visibleRows(rows, collapsed), [rows, collapsed]);
  const needle = query.trim().toLowerCase();

  // Column widths from the texts they hold: labels whole, numbers never cut.
  const measure = useMemo(() => canvasMeasure(), []);
  const valueWidths = useMemo(
    () => new Map(layout.columns.map((c) => [c.field, valueColumnWidth(c, rows, measure)])),
    [layout, rows, measure],
  );
  const [chosenLabelWidth, setChosenLabelWidth] = useState(() => rememberedLabelWidth(widthKey));
  const wantedLabelWidth = chosenLabelWidth ?? labelColumnWidth(rows, measure);
  // The grid's own width: a narrow grid (the cell panel open) still shows two value columns.
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Labels wrap, so they may narrow (to 40% of their width, no word cut) to keep columns in view.
  const wordFloor = useMemo(() => labelWordFloor(rows, measure), [rows, measure]);
  const labelWidth = fittedLabelWidth(
    wantedLabelWidth,
    [...valueWidths.values()],
    available,
    chosenLabelWidth !== undefined,
    Math.max(wordFloor, 0.4 * wantedLabelWidth),
  );
  // Wider than the grid: the values scroll sideways under the pinned labels.
  const scrollsSideways =
    available > 0 && labelWidth + [...valueWidths.values()].reduce((a, b) => a + b, 0) > available;
  const onColumnResized = useCallback(
    (e: ColumnResizedEvent<GridRow>) => {
      if (!e.finished || e.source !== 'uiColumnResized' || e.column?.getColId() !== 'label') return;
      const width = e.column.getActualWidth();
      setChosenLabelWidth(width);
      rememberLabelWidth(widthKey, width);
    },
    [widthKey],
  );

  const columnDefs = useMemo(() => {
    const cellOf = (c: GridColumn, row: GridRow | undefined): Cell | undefined =>
      row?.cells[c.field];
    const leaf = (c: GridColumn): ColDef<GridRow> => ({
      colId: c.field,
      headerName: c.headerPath.at(-1) ?? '',
      headerTooltip: c.headerPath.join(' › '),
      valueGetter: (p) => cellOf(c, p.data)?.text ?? '',
      tooltipValueGetter: (p) => {
        const cell = cellOf(c, p.data);
        return cell ? cellSentence(cell) : undefined;
      },
      type: 'rightAligned',
      minWidth: valueWidths.get(c.field) ?? 90,
      flex: 1,
      sortable: false,
      resizable: false,
      wrapHeaderText: true,
      autoHeaderHeight: true,
      cellClassRules: {
        'cell-negative': (p: CellClassParams<GridRow>) => (cellOf(c, p.data)?.value ?? 0) < 0,
        'cell-evidence': (p: CellClassParams<GridRow>) => {
          const cell = cellOf(c, p.data);
          return (
            cell !== undefined &&
            marks.has(
              evidenceKey({
                type: 'cell',
                tableId: table.id,
                sourceRow: cell.sourceRow,
                sourceCol: cell.sourceCol,
              }),
            )
          );
        },
        'cell-match': (p: CellClassParams<GridRow>) =>
          needle !== '' && (cellOf(c, p.data)?.text.toLowerCase().includes(needle) ?? false),
        'cell-gold': (p: CellClassParams<GridRow>) => {
          const cell = cellOf(c, p.data);
          return !!gold && !!cell && isGoldCell(gold, table.id, cell.sourceRow, cell.sourceCol);
        },
        'cell-read': (p: CellClassParams<GridRow>) => {
          const cell = cellOf(c, p.data);
          return (
            !!readCells &&
            !!cell &&
            readCells.has(`${table.id}:${cell.sourceRow}:${cell.sourceCol}`)
          );
        },
        'cell-selected': (p: CellClassParams<GridRow>) => {
          const cell = cellOf(c, p.data);
          return (
            selected?.tableId === table.id &&
            selected.sourceRow === cell?.sourceRow &&
            selected.sourceCol === cell.sourceCol
          );
        },
      },
    });
    const label: ColDef<GridRow> = {
      colId: 'label',
      headerName: '',
      field: 'label',
      pinned: 'left',
      width: labelWidth,
      minWidth: LABEL_MIN_WIDTH,
      resizable: true,
      sortable: false,
      cellRenderer: LabelCell,
      // A label longer than the column (or the user's width) wraps and its row grows: read
      // whole in place, not in a tooltip covering the rows below.
      wrapText: true,
      autoHeight: true,
      // The label text stays the same when a row is collapsed; always re-render the disclosure.
      equals: () => false,
      cellRendererParams: { onToggle: toggle } satisfies LabelParams,
      cellClassRules: {
        'cell-match': (p: CellClassParams<GridRow>) =>
          needle !== '' && (p.data?.label.toLowerCase().includes(needle) ?? false),
        'cell-gold': (p: CellClassParams<GridRow>) =>
          !!gold && !!p.data && isGoldRow(gold, table.id, p.data.sourceRow),
      },
    };
    return [label, ...toColDefs(headerGroups(layout.columns), leaf)];
  }, [table, layout, marks, needle, selected, gold, readCells, toggle, valueWidths, labelWidth]);

  return (
    <div
      className={scrollsSideways ? 'table-grid scrolls-sideways' : 'table-grid'}
      data-table-id={table.id}
      ref={box}
    >
      <AgGridReact<GridRow>
        rowData={shown}
        columnDefs={columnDefs}
        getRowId={(p) => p.data.id}
        getRowClass={(p) => (p.data ? `row-kind-${p.data.kind}` : undefined)}
        domLayout="autoHeight"
        rowHeight={28}
        // Rows move at once: a row sliding into place over another (its label re-wrapped when
        // the split or the panel changes the width) would cover that row's text meanwhile.
        animateRows={false}
        onColumnResized={onColumnResized}
        suppressMovableColumns
        enableCellTextSelection
        tooltipShowDelay={300}
        onCellClicked={(e) => {
          const col = e.column.getColId();
          if (!e.data || col === 'label') return;
          const cell = e.data.cells[col];
          if (cell)
            onSelect({ tableId: table.id, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol });
        }}
        onCellKeyDown={(e) => {
          if (!('column' in e) || !e.data) return;
          const key = (e.event as KeyboardEvent | null)?.key;
          const colId = e.column.getColId();
          if (key === 'Enter' && colId !== 'label') {
            const cell = e.data.cells[colId];
            if (cell)
              onSelect({ tableId: table.id, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol });
          }
          // Left collapses an open section, Right opens a closed one (as in a tree view).
          if (
            (key === 'ArrowLeft' || key === 'ArrowRight') &&
            e.data.hasChildren &&
            colId === 'label'
          ) {
            const isOpen = !collapsed.has(e.data.id);
            if ((key === 'ArrowLeft') === isOpen) toggle(e.data.id);
          }
        }}
      />
    </div>
  );
}
