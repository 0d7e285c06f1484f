import type {
  CellClickedEvent,
  CellKeyDownEvent,
  FullWidthCellKeyDownEvent,
} from 'ag-grid-community';
import type { Table } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';
import type { GridRow } from './grid-view';

/** A click on a value cell selects it (a click on a label does not). */
export function selectClickedCell(
  e: CellClickedEvent<GridRow>,
  table: Table,
  onSelect: (cell: CellRef) => void,
): void {
  const col = e.column.getColId();
  if (!e.data || col === 'label') return;
  const cell = e.data.cells[col];
  if (cell) onSelect({ tableId: table.id, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol });
}

/**
 * The grid's keys: Enter selects a value cell; on a label, Left collapses an open section and
 * Right opens a closed one (as in a tree view).
 */
export function onGridKey(
  e: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>,
  table: Table,
  collapsed: ReadonlySet<string>,
  toggle: (rowId: string) => void,
  onSelect: (cell: CellRef) => void,
): void {
  if (!('column' in e) || !e.data) return;
  const key = (e.event as KeyboardEvent | null)?.key;
  const colId = e.column.getColId();
  if (key === 'Enter' && colId !== 'label') {
    const cell = e.data.cells[colId];
    if (cell) onSelect({ tableId: table.id, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol });
  }
  if ((key === 'ArrowLeft' || key === 'ArrowRight') && e.data.hasChildren && colId === 'label') {
    const isOpen = !collapsed.has(e.data.id);
    if ((key === 'ArrowLeft') === isOpen) toggle(e.data.id);
  }
}
