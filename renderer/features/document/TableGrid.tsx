import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  RowStyleModule,
  TooltipModule,
  type CellClassParams,
  type ColDef,
  type ColGroupDef,
  type ICellRendererParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useState } from 'react';
import { cellSentence, type Cell, type Table } from '../../../shared/model';
import { evidenceKey } from '../../../shared/document/evidence';
import type { CellRef } from '../../stores/document/document-store';
import {
  gridLayout,
  headerGroups,
  isColumn,
  visibleRows,
  type GridColumn,
  type GridRow,
  type HeaderGroup,
} from './grid-model';
import { isGoldCell, isGoldRow, type GoldMarks } from './gold-marks';

// Only the features this grid uses (column groups, pinning, flex and value getters are core):
// rowData, tooltips (tooltipValueGetter, headerTooltip), cellClassRules and getRowClass. A
// feature used without its module logs ag-grid's error #200 to the console (e2e tests fail on it).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
]);

interface Props {
  table: Table;
  marks: ReadonlySet<string>;
  query: string;
  selected?: CellRef;
  /** A question's gold evidence: its cells and rows are outlined. */
  gold?: GoldMarks;
  onSelect: (cell: CellRef) => void;
}

interface LabelParams {
  onToggle: (rowId: string) => void;
}

/** Row label with indentation by depth and a disclosure button on rows that have children. */
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
      {data.label}
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
      : { headerName: n.header, marryChildren: true, children: toColDefs(n.children, leaf) },
  );
}

/**
 * One table in ag-grid (Community): multi-level headers as column groups, the row hierarchy as
 * indented rows collapsed by filtering (tree data is Enterprise-only), numbers right-aligned
 * and shown exactly as filed, each cell's full header path and unit in its tooltip.
 */
export function TableGrid({ table, marks, query, selected, gold, onSelect }: Props) {
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
      minWidth: 90,
      flex: 1,
      sortable: false,
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
      minWidth: 240,
      flex: 2,
      sortable: false,
      cellRenderer: LabelCell,
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
  }, [table, layout, marks, needle, selected, gold, toggle]);

  return (
    <div className="table-grid" data-table-id={table.id}>
      <AgGridReact<GridRow>
        rowData={shown}
        columnDefs={columnDefs}
        getRowId={(p) => p.data.id}
        getRowClass={(p) => (p.data ? `row-kind-${p.data.kind}` : undefined)}
        domLayout="autoHeight"
        rowHeight={28}
        headerHeight={30}
        groupHeaderHeight={30}
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
