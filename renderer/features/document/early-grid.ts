import { createGrid, type ColumnResizedEvent } from 'ag-grid-community';
import type { Table } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';
import { canvasMeasure } from './canvas-measure';
import { offerEarlyGrid, earlyGridWanted } from './early-grid-slot';
import { gridColumnDefs, type ColumnsInput } from './grid-columns';
import { documentGridOptions, type GridHandlers } from './grid-options';
import { layoutOf, valueColumnWidth, visibleRows, type GridRow } from './grid-view';
import { fitLabelWidth, rememberedLabelWidth } from './label-width';

/**
 * The first table's grid, made by the boot script as soon as it has drawn the first screen
 * (a cached filing opened in a new window), in the picture's place of that table's cells: ag-grid
 * itself, as the view makes it (TableGrid.tsx), while the app (React, the stores, the view) is
 * still to be evaluated and committed. The view's grid of that table takes it over when it
 * mounts (early-grid-slot.ts): the same element, rows and columns, no second grid. Until then
 * the grid is ag-grid's own (focus, keys, text selection, tooltips); a click, Enter, a toggle
 * or a resize made meanwhile is passed to the view's handlers when it takes the grid over (the
 * cell panel opens then). Made as the view's first render makes it: no evidence marks, no
 * find text, no selection, the grid's width not measured yet (the labels' own width, or the
 * user's remembered one); the view then goes on as it does with its own grid.
 * `documentName` and `table` are the first screen's; `box` holds the picture's cells of it.
 */
export function createEarlyGrid(documentName: string, table: Table, box: HTMLElement): void {
  if (!earlyGridWanted()) return;
  const key = `${documentName}/${table.id}`;
  const layout = layoutOf(table);
  const rows = layout.rows;
  const measure = canvasMeasure();
  const valueWidths = new Map(
    layout.columns.map((c) => [c.field, valueColumnWidth(c, rows, measure)]),
  );
  const { labelWidth } = fitLabelWidth(rows, measure, valueWidths, 0, rememberedLabelWidth(key));

  // Calls made before the view has taken the grid over, passed on to it then.
  const waiting: ((h: GridHandlers) => void)[] = [];
  let view: (() => GridHandlers) | undefined;
  const meanwhile: GridHandlers = {
    table,
    collapsed: new Set(),
    toggle: (id: string) => void waiting.push((h) => h.toggle(id)),
    onSelect: (cell: CellRef) => void waiting.push((h) => h.onSelect(cell)),
    onColumnResized: (e: ColumnResizedEvent<GridRow>) =>
      void waiting.push((h) => h.onColumnResized(e)),
  };
  const latest = () => (view ? view() : meanwhile);
  let drawn = false;
  let onDrawn: (() => void) | undefined;

  const input: ColumnsInput = {
    table,
    layout,
    marks: new Set(),
    needle: '',
    selected: undefined,
    gold: undefined,
    readCells: undefined,
    toggle: (id) => latest().toggle(id),
    valueWidths,
    labelWidth,
  };
  const columnDefs = gridColumnDefs(input);
  const shown = visibleRows(rows, meanwhile.collapsed);

  // In the picture's place of the table's cells, styled as the view's grid (styles.css).
  const outer = document.createElement('div');
  outer.className = 'table-grid';
  outer.dataset.tableId = table.id;
  const host = document.createElement('div');
  outer.append(host);
  box.replaceWith(outer);
  const api = createGrid(host, {
    ...documentGridOptions(latest, () => {
      drawn = true;
      onDrawn?.();
    }),
    rowData: shown,
    columnDefs,
  });
  const kept = offerEarlyGrid({
    key,
    api,
    host,
    input,
    rows: shown,
    columnDefs,
    connect(handlers, whenDrawn) {
      view = handlers;
      for (const call of waiting.splice(0)) call(handlers());
      if (drawn) whenDrawn();
      else onDrawn = whenDrawn;
    },
  });
  if (!kept) {
    api.destroy();
    outer.replaceWith(box);
  }
}
