import type { CellClassParams, CellClassRules, ColDef, ColGroupDef } from 'ag-grid-community';
import type { Cell, Table } from '../../../shared/document';
import { cellSentence } from '../../../shared/document/cell-sentence';
import { evidenceKey } from '../../../shared/document/evidence-key';
import type { CellRef } from '../../stores/document/document-store';
import { isGoldCell, isGoldRow, type GoldMarks } from './gold-marks';
import {
  headerGroups,
  isColumn,
  LABEL_MIN_WIDTH,
  type GridColumn,
  type GridLayout,
  type GridRow,
  type HeaderGroup,
} from './grid-view';
import { LabelCell, type LabelParams } from './label-cell';

/** What the grid's columns draw: the table, its marks, the find text and the widths. */
export interface ColumnsInput {
  table: Table;
  layout: GridLayout;
  marks: ReadonlySet<string>;
  /** The find query, trimmed and lower-cased ('' when none). */
  needle: string;
  selected: CellRef | undefined;
  gold: GoldMarks | undefined;
  readCells: ReadonlySet<string> | undefined;
  /** Collapses or opens a row (the label's disclosure button). */
  toggle: (rowId: string) => void;
  valueWidths: ReadonlyMap<string, number>;
  labelWidth: number;
}

const cellOf = (c: GridColumn, row: GridRow | undefined): Cell | undefined => row?.cells[c.field];

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

/** The classes of a value cell: negative, evidence, find match, gold, read by Ask, selected. */
function valueClassRules(
  c: GridColumn,
  { table, marks, needle, selected, gold, readCells }: ColumnsInput,
): CellClassRules<GridRow> {
  return {
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
        !!readCells && !!cell && readCells.has(`${table.id}:${cell.sourceRow}:${cell.sourceCol}`)
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
  };
}

/** A value column: the text as filed, right-aligned, its full sentence in the tooltip. */
function valueColumn(c: GridColumn, input: ColumnsInput): ColDef<GridRow> {
  return {
    colId: c.field,
    headerName: c.headerPath.at(-1) ?? '',
    headerTooltip: c.headerPath.join(' › '),
    valueGetter: (p) => cellOf(c, p.data)?.text ?? '',
    tooltipValueGetter: (p) => {
      const cell = cellOf(c, p.data);
      return cell ? cellSentence(cell) : undefined;
    },
    type: 'rightAligned',
    minWidth: input.valueWidths.get(c.field) ?? 90,
    flex: 1,
    sortable: false,
    resizable: false,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    cellClassRules: valueClassRules(c, input),
  };
}

/** The row labels' column, pinned left, resizable, with the disclosure buttons. */
function labelColumn({ table, needle, gold, toggle, labelWidth }: ColumnsInput): ColDef<GridRow> {
  return {
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
}

/** The grid's columns: the labels, then the values under their header groups. */
export function gridColumnDefs(input: ColumnsInput): (ColDef<GridRow> | ColGroupDef<GridRow>)[] {
  return [
    labelColumn(input),
    ...toColDefs(headerGroups(input.layout.columns), (c) => valueColumn(c, input)),
  ];
}
