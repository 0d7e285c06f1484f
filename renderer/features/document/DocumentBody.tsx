import type { Document } from '../../../shared/model';
import { evidenceKey } from '../../../shared/document/evidence';
import { LazyMount } from '../../components/LazyMount';
import type { CellRef } from '../../stores/document/document-store';
import type { GoldMarks } from './gold-marks';
import { gridHeightEstimate } from './grid-model';
import { Highlight } from './Highlight';
import { TableGrid } from './TableGrid';

interface Props {
  model: Document;
  marks: ReadonlySet<string>;
  query: string;
  selected?: CellRef;
  focusTableId?: string;
  /** A question's gold evidence, outlined (question screen only). */
  gold?: GoldMarks;
  /** Cells the shown ask's program read ("tableId:sourceRow:sourceCol"), framed in the grid. */
  readCells?: ReadonlySet<string>;
  onSelect: (cell: CellRef) => void;
  onToggleParagraph: (blockId: string) => void;
}

/** Class names for a block that is gold evidence (and the one the user went to). */
function goldClass(
  gold: GoldMarks | undefined,
  target: { type: 'paragraph'; blockId: string } | { type: 'table'; tableId: string },
): string {
  if (!gold) return '';
  const isGold =
    target.type === 'paragraph' ? gold.blocks.has(target.blockId) : gold.tables.has(target.tableId);
  if (!isGold) return '';
  return gold.activeKey === evidenceKey(target) ? ' gold gold-active' : ' gold';
}

/** The document in reading order. Filing HTML is never rendered: only the parsed text is. */
export function DocumentBody({
  model,
  marks,
  query,
  selected,
  focusTableId,
  gold,
  readCells,
  onSelect,
  onToggleParagraph,
}: Props) {
  const tables = new Map(model.tables.map((t) => [t.id, t]));
  return (
    <article className="document-body">
      {model.blocks.map((b) => {
        switch (b.type) {
          case 'heading':
            return (
              <h3
                key={b.id}
                id={b.id}
                className={`doc-heading level-${b.level}${goldClass(gold, { type: 'paragraph', blockId: b.id })}`}
              >
                <Highlight text={b.text} query={query} />
              </h3>
            );
          case 'paragraph': {
            const marked = marks.has(evidenceKey({ type: 'paragraph', blockId: b.id }));
            return (
              <div
                key={b.id}
                id={b.id}
                className={`${marked ? 'doc-paragraph evidence' : 'doc-paragraph'}${goldClass(gold, { type: 'paragraph', blockId: b.id })}`}
              >
                <p>
                  <Highlight text={b.text} query={query} />
                </p>
                <button
                  className="link evidence-toggle"
                  aria-pressed={marked}
                  aria-label={
                    marked ? 'Unmark paragraph as evidence' : 'Mark paragraph as evidence'
                  }
                  onClick={() => onToggleParagraph(b.id)}
                >
                  {marked ? '★' : '☆'}
                </button>
              </div>
            );
          }
          case 'table': {
            const t = tables.get(b.id);
            if (!t) return null;
            return (
              <section
                key={b.id}
                id={b.id}
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
                <LazyMount placeholderHeight={gridHeightEstimate(t)} force={focusTableId === t.id}>
                  <TableGrid
                    table={t}
                    marks={marks}
                    query={query}
                    selected={selected}
                    gold={gold}
                    readCells={readCells}
                    widthKey={`${model.source.name}/${t.id}`}
                    onSelect={onSelect}
                  />
                </LazyMount>
              </section>
            );
          }
        }
      })}
    </article>
  );
}
