import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  RowAutoHeightModule,
  RowStyleModule,
  TooltipModule,
  type ColumnResizedEvent,
  type GridOptions,
} from 'ag-grid-community';
import type { Table } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';
import { onGridKey, selectClickedCell } from './grid-events';
import type { GridRow } from './grid-view';

// Only the features the document grid uses (column groups, pinning, flex, wrapped header text
// and value getters are core): rowData, tooltips (tooltipValueGetter, headerTooltip),
// cellClassRules, getRowClass, rows as tall as their wrapped labels (autoHeight); column
// resizing is core too. A feature used without its module logs ag-grid's error #200 to the
// console (e2e tests fail on it).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
  RowAutoHeightModule,
]);

/** What the grid's callbacks call: the latest props of the view's grid. */
export interface GridHandlers {
  table: Table;
  collapsed: ReadonlySet<string>;
  toggle: (id: string) => void;
  onSelect: (cell: CellRef) => void;
  onColumnResized: (e: ColumnResizedEvent<GridRow>) => void;
}

/**
 * The document grid's own options. Its callbacks call the handlers `latest` answers when they
 * are called (the grid keeps the functions it was given at its creation; the view's props
 * change after it).
 */
export function documentGridOptions(
  latest: () => GridHandlers,
  onFirstDataRendered: () => void,
): GridOptions<GridRow> {
  return {
    getRowId: (p) => p.data.id,
    getRowClass: (p) => (p.data ? `row-kind-${p.data.kind}` : undefined),
    domLayout: 'autoHeight',
    rowHeight: 28,
    // Rows move at once: a row sliding into place over another (its label re-wrapped when
    // the split or the panel changes the width) would cover that row's text meanwhile.
    animateRows: false,
    onColumnResized: (e) => latest().onColumnResized(e),
    onFirstDataRendered,
    suppressMovableColumns: true,
    enableCellTextSelection: true,
    tooltipShowDelay: 300,
    onCellClicked: (e) => {
      const l = latest();
      selectClickedCell(e, l.table, l.onSelect);
    },
    onCellKeyDown: (e) => {
      const l = latest();
      onGridKey(e, l.table, l.collapsed, l.toggle, l.onSelect);
    },
  };
}
