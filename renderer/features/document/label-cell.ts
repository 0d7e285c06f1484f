import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { GridRow } from './grid-view';

export interface LabelParams {
  onToggle: (rowId: string) => void;
}

/**
 * Row label with indentation by depth and a disclosure button on rows that have children. A
 * label longer than its column wraps onto more lines (the row grows), so it is read whole in
 * place, without a tooltip over the rows below. Plain DOM (ag-grid's own cell renderer, the grid
 * being ag-grid without React: TableGrid.tsx); the label is untrusted text, set only as
 * `textContent`.
 */
export class LabelCell implements ICellRendererComp<GridRow> {
  private gui: HTMLElement = document.createElement('span');

  init(params: ICellRendererParams<GridRow, string> & LabelParams): void {
    const data = params.data;
    if (!data) return;
    const gui = this.gui;
    gui.className = `row-label row-${data.kind}`;
    gui.style.paddingLeft = `${data.level * 16}px`;
    if (data.hasChildren) {
      const open = data.expanded;
      const button = document.createElement('button');
      button.className = 'disclosure';
      button.setAttribute('aria-expanded', String(open));
      button.setAttribute('aria-label', `${open ? 'Collapse' : 'Expand'} ${data.label}`);
      button.textContent = open ? '▾' : '▸';
      const onToggle = params.onToggle;
      button.addEventListener('click', (e) => {
        e.stopPropagation();
        onToggle(data.id);
      });
      gui.append(button);
    } else {
      const spacer = document.createElement('span');
      spacer.className = 'disclosure-spacer';
      gui.append(spacer);
    }
    const text = document.createElement('span');
    text.className = 'row-label-text';
    text.textContent = data.label;
    gui.append(text);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  /** Drawn again (a collapsed row, another toggle): ag-grid makes a new one. */
  refresh(): boolean {
    return false;
  }
}
