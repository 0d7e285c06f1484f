import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Block, Document } from '../../../shared/document';
import { evidenceKey } from '../../../shared/document/evidence';
import { LazyMount } from '../../components/LazyMount';
import type { CellRef } from '../../stores/document/document-store';
import type { GoldMarks } from './gold-marks';
import { gridHeightEstimate } from './grid-view';
import { Highlight } from './Highlight';
import type { TableGrid as TableGridComponent } from './TableGrid';

/**
 * The grid (ag-grid, most of the renderer's code) in a chunk of its own: the app starts and asks
 * for the document without waiting for it, and it loads while the document is read. Kept here
 * once loaded, so a view drawn after that creates its grids in its first commit (React.lazy
 * would suspend once more, and React holds a revealed fallback for 300 ms).
 */
type GridModule = { TableGrid: typeof TableGridComponent };
let gridModule: GridModule | undefined;
let gridLoading: Promise<GridModule> | undefined;
function loadTableGrid(): Promise<GridModule> {
  gridLoading ??= import('./TableGrid').then(
    (m) => (gridModule = m),
    (e: unknown) => {
      gridLoading = undefined;
      throw e;
    },
  );
  return gridLoading;
}

/** Starts fetching the grid's code before a table needs it (a document is being opened). */
export function preloadTableGrid(): void {
  loadTableGrid().catch(() => undefined);
}

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
  /**
   * Draw the first blocks at once and the rest in idle time (the document view): a 10-K has
   * ~1,300 blocks, and laying them all out before the first grid delayed it by a second.
   */
  progressive?: boolean;
}

/** Blocks in the first commit: the first screen and more (30 blocks), and the first 3 tables. */
const FIRST_BLOCKS = 30;
const FIRST_TABLES = 3;
/** Blocks added per idle callback after the first commit. */
const CHUNK = 150;

/** How many blocks the first commit draws: see FIRST_BLOCKS; through the focus block too. */
export function firstBlockCount(blocks: readonly Block[], focusId?: string): number {
  let n = 0;
  let tables = 0;
  while (n < blocks.length && (n < FIRST_BLOCKS || tables < FIRST_TABLES)) {
    if (blocks[n]!.type === 'table') tables++;
    n++;
  }
  return Math.max(n, throughBlock(blocks, focusId));
}

/** The number of blocks up to and including `id` (0 when absent). */
const throughBlock = (blocks: readonly Block[], id: string | undefined) =>
  id === undefined ? 0 : blocks.findIndex((b) => b.id === id) + 1;

/** Draws every block of the progressive document body now (set while one is mounted). */
let revealAll: (() => void) | undefined;

/**
 * Makes every block of the document view present in the DOM before a caller looks one up by
 * id to scroll to it (find, the outline's headings, evidence, Ask's targets). Call it from an
 * event handler or a frame callback, not while React renders.
 */
export function revealDocument(): void {
  revealAll?.();
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
  progressive = false,
}: Props) {
  const [grid, setGrid] = useState(() => gridModule);
  useEffect(() => {
    let live = true;
    if (!grid)
      loadTableGrid().then(
        (m) => live && setGrid(m),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [grid]);
  const TableGrid = grid?.TableGrid;
  const total = model.blocks.length;
  // How many blocks are drawn, per model (a new document starts over: React's "adjust state
  // on prop change" pattern), never fewer than through the table the route names.
  const [drawn, setDrawn] = useState(() => ({
    model,
    count: progressive ? firstBlockCount(model.blocks, focusTableId) : total,
  }));
  if (drawn.model !== model)
    setDrawn({
      model,
      count: progressive ? firstBlockCount(model.blocks, focusTableId) : total,
    });
  const count = Math.max(
    drawn.model === model ? drawn.count : 0,
    throughBlock(model.blocks, focusTableId),
  );
  useEffect(() => {
    if (count >= total) return;
    // The rest in idle time, a chunk per callback (at the latest every 100 ms), after the
    // first paint.
    const next = () => setDrawn((d) => (d.model === model ? { model, count: count + CHUNK } : d));
    const handle = window.requestIdleCallback(next, { timeout: 100 });
    return () => window.cancelIdleCallback(handle);
  }, [model, count, total]);
  useEffect(() => {
    if (count >= total) return;
    const reveal = () => flushSync(() => setDrawn({ model, count: total }));
    revealAll = reveal;
    return () => {
      if (revealAll === reveal) revealAll = undefined;
    };
  }, [model, count, total]);

  const tables = new Map(model.tables.map((t) => [t.id, t]));
  // The first table, when it is among the first blocks (on the first screen or near it), is
  // created with them rather than a frame later when it is seen.
  const firstTableId = model.blocks.slice(0, FIRST_BLOCKS).find((b) => b.type === 'table')?.id;
  const blocks = count >= total ? model.blocks : model.blocks.slice(0, count);
  return (
    <article className="document-body">
      {blocks.map((b) => {
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
                <LazyMount
                  placeholderHeight={gridHeightEstimate(t)}
                  force={focusTableId === t.id || (progressive && firstTableId === t.id)}
                >
                  {TableGrid ? (
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
                  ) : (
                    <div style={{ height: gridHeightEstimate(t) }} />
                  )}
                </LazyMount>
              </section>
            );
          }
        }
      })}
    </article>
  );
}
