import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Block, Document } from '../../../shared/document';
import { useAfterFirstGrid } from './first-grid';

/** Blocks in the first commit: the first screen and more (30 blocks), and the first 3 tables. */
export const FIRST_BLOCKS = 30;
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

/**
 * The table whose grid the document view creates in its first commit: the one the route names,
 * else the first table among the first blocks (undefined: none, the first screen is text).
 */
export function firstGridTableId(blocks: readonly Block[], focusId?: string): string | undefined {
  if (focusId !== undefined) return focusId;
  return blocks.slice(0, FIRST_BLOCKS).find((b) => b.type === 'table')?.id;
}

/** The number of blocks up to and including `id` (0 when absent). */
const throughBlock = (blocks: readonly Block[], id: string | undefined) =>
  id === undefined ? 0 : blocks.findIndex((b) => b.id === id) + 1;

/**
 * Blocks already drawn that stay drawn in the next model: all of them when it begins with the
 * same blocks (a PDF's pages read so far, then more pages, then the whole model: same ids), so
 * nothing the user scrolled to disappears; none for another document (PDFs share ids like p1-b0).
 */
function keptCount(before: Document, count: number, next: Document): number {
  const last = Math.min(count, before.blocks.length) - 1;
  const same = next.source.name === before.source.name;
  return same && last >= 0 && next.blocks[last]?.id === before.blocks[last]!.id ? last + 1 : 0;
}

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

/**
 * How many of the model's blocks are drawn: all of them, or (progressive) the first blocks at
 * once and the rest in idle time, never fewer than through the table the route names.
 */
export function useDrawnBlockCount(
  model: Document,
  focusTableId: string | undefined,
  progressive: boolean,
): number {
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
      count: Math.max(
        progressive ? firstBlockCount(model.blocks, focusTableId) : total,
        keptCount(drawn.model, drawn.count, model),
      ),
    });
  const count = Math.max(
    drawn.model === model ? drawn.count : 0,
    throughBlock(model.blocks, focusTableId),
  );
  const afterGrid = useAfterFirstGrid(
    progressive && firstGridTableId(model.blocks, focusTableId) !== undefined,
  );
  useEffect(() => {
    if (count >= total || !afterGrid) return;
    // The rest in idle time, a chunk per callback (at the latest every 100 ms), after the
    // first paint (and the first grid's rows).
    const next = () => setDrawn((d) => (d.model === model ? { model, count: count + CHUNK } : d));
    const handle = window.requestIdleCallback(next, { timeout: 100 });
    return () => window.cancelIdleCallback(handle);
  }, [model, count, total, afterGrid]);
  useEffect(() => {
    if (count >= total) return;
    const reveal = () => flushSync(() => setDrawn({ model, count: total }));
    revealAll = reveal;
    return () => {
      if (revealAll === reveal) revealAll = undefined;
    };
  }, [model, count, total]);
  return count;
}
