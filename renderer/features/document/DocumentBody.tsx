import type { Document } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';
import type { GoldMarks } from './gold-marks';
import { firstGridTableId, useDrawnBlockCount } from './progressive-blocks';
import { useTableGrid } from './table-grid-chunk';
import { TableBlockView } from './TableBlockView';
import { HeadingBlockView, ParagraphBlockView } from './TextBlocks';

// Imported from here by the document view (and named in docs/ARCHITECTURE.md).
export { firstBlockCount, revealDocument } from './progressive-blocks';
export { preloadTableGrid } from './table-grid-chunk';

interface Props {
  model: Document;
  marks: ReadonlySet<string>;
  query: string;
  selected?: CellRef | undefined;
  focusTableId?: string | undefined;
  /** A question's gold evidence, outlined (question screen only). */
  gold?: GoldMarks | undefined;
  /** Cells the shown ask's program read ("tableId:sourceRow:sourceCol"), framed in the grid. */
  readCells?: ReadonlySet<string> | undefined;
  onSelect: (cell: CellRef) => void;
  onToggleParagraph: (blockId: string) => void;
  /**
   * Draw the first blocks at once and the rest in idle time (the document view): a 10-K has
   * ~1,300 blocks, and laying them all out before the first grid delayed it by a second.
   */
  progressive?: boolean | undefined;
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
  progressive = false,
}: Props) {
  const TableGrid = useTableGrid();
  const count = useDrawnBlockCount(model, focusTableId, progressive);
  const total = model.blocks.length;

  const tables = new Map(model.tables.map((t) => [t.id, t]));
  // The first table, when it is among the first blocks (on the first screen or near it), is
  // created with them rather than a frame later when it is seen.
  const firstTableId = firstGridTableId(model.blocks);
  const blocks = count >= total ? model.blocks : model.blocks.slice(0, count);
  return (
    <article className="document-body">
      {blocks.map((b) => {
        switch (b.type) {
          case 'heading':
            return <HeadingBlockView key={b.id} block={b} query={query} gold={gold} />;
          case 'paragraph':
            return (
              <ParagraphBlockView
                key={b.id}
                block={b}
                marks={marks}
                query={query}
                gold={gold}
                onToggle={onToggleParagraph}
              />
            );
          case 'table': {
            const t = tables.get(b.id);
            if (!t) return null;
            return (
              <TableBlockView
                key={b.id}
                table={t}
                TableGrid={TableGrid}
                force={focusTableId === t.id || (progressive && firstTableId === t.id)}
                widthKey={`${model.source.name}/${t.id}`}
                marks={marks}
                query={query}
                selected={selected}
                gold={gold}
                readCells={readCells}
                onSelect={onSelect}
              />
            );
          }
        }
      })}
    </article>
  );
}
