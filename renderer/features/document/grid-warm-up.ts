import { createGrid } from 'ag-grid-community';
import { openedOnCachedFirstScreen } from '../../stores/document/early-open';
import { onGridDrawn } from './first-grid';

/**
 * ag-grid's first grid in a window injects its theme's CSS and measures it, which recalculates
 * the styles of the whole page: over a document's first screen (the outline, the first blocks)
 * that was a good part of the first grid's cost. While the window is idle waiting for the
 * document (its parse, or its answer), a one-cell grid out of sight pays it on a near-empty
 * page instead; it is removed once a grid of the document has drawn its rows (or after 10 s).
 * Nothing is done when a grid is already there, the window never idles before one is, or the
 * window opened on a cached document's first screen (its grid comes next, nothing is waited for:
 * a grid more would only add its own creation).
 */
export function warmUpGrids(): void {
  const whenIdle = (f: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(f)
      : window.setTimeout(f, 50);
  whenIdle(() => {
    if (document.querySelector('.ag-root-wrapper') || openedOnCachedFirstScreen()) return;
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.inert = true;
    // Laid out (ag-grid measures it), never seen.
    host.style.cssText =
      'position:fixed;left:-10000px;top:0;width:200px;height:120px;visibility:hidden';
    document.body.append(host);
    // ag-grid itself, as the document's grids are (TableGrid.tsx): not ag-grid-react.
    const api = createGrid(host, { columnDefs: [{ field: 'warmUp' }], rowData: [{ warmUp: '' }] });
    let timer = 0;
    const remove = () => {
      stop();
      clearTimeout(timer);
      api.destroy();
      host.remove();
    };
    // Not from within ag-grid's event (maybe during a render): on a task of its own.
    const stop = onGridDrawn(() => {
      stop();
      clearTimeout(timer);
      timer = window.setTimeout(remove, 0);
    });
    // No document grid comes (a PDF whose first table is far in): not kept for ever.
    timer = window.setTimeout(remove, 10_000);
  });
}
