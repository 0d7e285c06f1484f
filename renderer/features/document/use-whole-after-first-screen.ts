import { useEffect } from 'react';
import type { Document } from '../../../shared/document';
import { documentStore, useDocument } from '../../stores/document';
import { useAfterFirstGrid } from './first-grid';
import { firstGridTableId } from './progressive-blocks';

/**
 * A cached filing opened in a new window shows its first screen (the store's `partial`, a few kB)
 * before its whole model (a 10-K: 2.7 MB of JSON, ~50–100 ms of the main thread to parse). The
 * store takes the whole once that first screen is on screen: its first grid's rows drawn (or at
 * once when it has no table), then a frame painted, so the parse comes after the grid a user
 * waits for, not between its creation and its rows.
 */
export function useWholeAfterFirstScreen(model: Document | undefined): void {
  const prefix = useDocument((s) => s.status === 'loading' && s.partialOf === 'first-screen');
  const hasGrid = model !== undefined && firstGridTableId(model.blocks) !== undefined;
  const drawn = useAfterFirstGrid(prefix && hasGrid);
  useEffect(() => {
    if (!prefix || !drawn) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => documentStore.getState().firstScreenDrawn(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [prefix, drawn]);
}
