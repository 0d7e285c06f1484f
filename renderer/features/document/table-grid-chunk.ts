import { useEffect, useState } from 'react';
import type { TableGrid as TableGridComponent } from './TableGrid';

/**
 * The grid (ag-grid, most of the renderer's code) in a chunk of its own: the app starts and asks
 * for the document without waiting for it, and it loads while the document is read. Kept here
 * once loaded, so a view drawn after that creates its grids in its first commit (React.lazy
 * would suspend once more, and React holds a revealed fallback for 300 ms).
 */
type GridModule = { TableGrid: typeof TableGridComponent; warmUpGrids: () => void };
let gridModule: GridModule | undefined;
let gridLoading: Promise<GridModule> | undefined;
function loadTableGrid(): Promise<GridModule> {
  gridLoading ??= import('./TableGrid').then(
    (m) => {
      m.warmUpGrids();
      return (gridModule = m);
    },
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

/** The TableGrid component once its chunk is loaded (at once when it already is). */
export function useTableGrid(): typeof TableGridComponent | undefined {
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
  return grid?.TableGrid;
}
