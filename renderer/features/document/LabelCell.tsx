import type { ICellRendererParams } from 'ag-grid-community';
import type { GridRow } from './grid-view';

export interface LabelParams {
  onToggle: (rowId: string) => void;
}

/**
 * Row label with indentation by depth and a disclosure button on rows that have children. A
 * label longer than its column wraps onto more lines (the row grows), so it is read whole in
 * place, without a tooltip over the rows below.
 */
export function LabelCell({ data, onToggle }: ICellRendererParams<GridRow, string> & LabelParams) {
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
