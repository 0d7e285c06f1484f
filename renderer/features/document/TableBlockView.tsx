import type { Table } from '../../../shared/document';
import { LazyMount } from '../../components/LazyMount';
import type { CellRef } from '../../stores/document/document-store';
import { goldClass } from './gold-class';
import type { GoldMarks } from './gold-marks';
import { gridHeightEstimate } from './grid-view';
import { Highlight } from './Highlight';
import type { TableGrid as TableGridComponent } from './TableGrid';

interface Props {
  table: Table;
  /** The grid's component; absent while its chunk loads (the grid's room is kept). */
  TableGrid: typeof TableGridComponent | undefined;
  /** Create the grid now, not when it comes into view. */
  force: boolean;
  widthKey: string;
  marks: ReadonlySet<string>;
  query: string;
  selected?: CellRef | undefined;
  gold?: GoldMarks | undefined;
  readCells?: ReadonlySet<string> | undefined;
  onSelect: (cell: CellRef) => void;
}

/** A table of the document body: its caption, scale, page and row count over its grid. */
export function TableBlockView({
  table: t,
  TableGrid,
  force,
  widthKey,
  marks,
  query,
  selected,
  gold,
  readCells,
  onSelect,
}: Props) {
  return (
    <section
      id={t.id}
      className={`doc-table${goldClass(gold, { type: 'table', tableId: t.id })}`}
      aria-label={t.caption || `Table ${t.sourceIndex + 1}`}
    >
      <header>
        <h4>
          <Highlight text={t.caption || `Table ${t.sourceIndex + 1}`} query={query} />
        </h4>
        <span className="hint">
          {t.scaleNote ? `${t.scaleNote} · ` : ''}
          {t.page ? `page ${t.page} · ` : ''}
          {t.rows.filter((r) => r.kind !== 'header').length} rows
        </span>
        {gold?.tables.has(t.id) && <span className="gold-badge">gold evidence</span>}
      </header>
      <LazyMount placeholderHeight={gridHeightEstimate(t)} force={force}>
        {TableGrid ? (
          <TableGrid
            table={t}
            marks={marks}
            query={query}
            selected={selected}
            gold={gold}
            readCells={readCells}
            widthKey={widthKey}
            onSelect={onSelect}
          />
        ) : (
          <div style={{ height: gridHeightEstimate(t) }} />
        )}
      </LazyMount>
    </section>
  );
}
