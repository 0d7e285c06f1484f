import { useEffect, useState, useSyncExternalStore } from 'react';
import { removeFirstPaint } from './first-paint';

/**
 * The document view's first grid is what a user opening a filing waits for. What the view
 * draws besides it (the outline's entries, the blocks below the first screen) waits until a
 * grid has drawn its rows, or `timeoutMs` at most: drawn meanwhile, it took the main thread
 * between the grid's creation and the frame that draws its rows (docs/BENCHMARKS.md).
 */
let drawnAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const lastDrawn = () => drawnAt;

/** Calls `listener` each time a grid has drawn its rows; answers the way to stop. */
export const onGridDrawn = (listener: () => void): (() => void) => subscribe(listener);

/** A grid's rows are in the DOM (ag-grid's `firstDataRendered`). */
export function gridDrawn(): void {
  drawnAt = performance.now();
  // The boot script's picture of the first screen gives way to the view (first-paint.ts).
  removeFirstPaint();
  for (const listener of [...listeners]) listener();
}

/**
 * False until a grid has been drawn since the calling component mounted, or `timeoutMs` have
 * passed; true at once when `wait` is false (no grid comes first).
 */
export function useAfterFirstGrid(wait: boolean, timeoutMs = 600): boolean {
  const [since] = useState(() => performance.now());
  const drawn = useSyncExternalStore(subscribe, lastDrawn);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [wait, timeoutMs]);
  return !wait || timedOut || drawn >= since;
}
