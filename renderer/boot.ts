/**
 * The window's script, a small entry of its own (the page's only script; vite.config.mts
 * preloads the app's chunks beside it). Opening the app on a document (a reload, a link), the
 * document's model is asked for at once (stores/document/early-open.ts), and once it is here
 * its first screen is drawn with plain DOM (features/document/first-paint.ts) before the app's
 * script (React, the stores, the screens) is evaluated: evaluated first, it held the first
 * table's cells back by its own time and then the view's, ag-grid's and the first commit's
 * (docs/BENCHMARKS.md). ag-grid's chunk is asked for at once too, and the first table's grid is
 * made in the picture (features/document/early-grid.ts) before the app is evaluated; the view
 * takes that grid over. The app starts right after that, or after `WAIT_MS` when the model
 * takes longer (a parse): it does not wait for a parse. The view's chunk is asked for with the
 * app; the store takes the same answer.
 */
import './styles.css';
import { prepareCanvasMeasure } from './features/document/canvas-measure';
import { paintFirstScreen } from './features/document/first-paint';
import { loadDocumentScreen } from './features/shell/document-screen-chunk';
import { earlyFirstScreen } from './stores/document/early-open';
import { openEarly as openPdfEarly } from './stores/document/pdf-original';
import { parseRoute } from './stores/navigation/navigation-store';

/** How long the app waits for a cached model before it starts anyway. */
const WAIT_MS = 250;
/** How long the app, once the first screen is drawn, waits for ag-grid's code to make its grid. */
const GRID_WAIT_MS = 300;

/**
 * The boot script's steps on a document route, as `performance` marks (`boot:…`, ms from the
 * navigation): test/bench/document-first-paint.ts reports where a window's first grid waited.
 */
const mark = (step: string) => performance.mark(`boot:${step}`);

mark('start');
const startApp = () => {
  mark('app');
  void import('./main');
};
const route = parseRoute(window.location.hash);
const firstScreen = earlyFirstScreen();
// The document's kind, and for a PDF its original, pdf.js and pdf.js's worker, asked for now
// too (stores/document/pdf-original.ts).
if (route.screen === 'document') openPdfEarly(route.id);

if (route.screen === 'document' && firstScreen) {
  // Fetched and compiled while the first screen is on its way (a failure: the view makes the
  // grid, as it would anyway).
  const gridCode = import('./features/document/early-grid').then(
    (code) => {
      mark('grid-code');
      return code;
    },
    () => undefined,
  );
  let painted = false;
  // Not a partial screen (a filing still read): the view shows that, with the read's progress.
  const drawn = firstScreen.then(async (screen) => {
    mark('first-screen');
    if (!screen || screen.partial) return;
    const table = paintFirstScreen(screen, route.tableId);
    mark('picture');
    // The grid's text measurer reads the page's font now, while the picture's styles are
    // computed anyway, not inside the first grid's render (canvas-measure.ts).
    prepareCanvasMeasure();
    if (!table) return;
    painted = true;
    // The first table's grid, before the app is evaluated and committed (it would take the
    // main thread first): the app starts once it is made, or if ag-grid's code is late, then;
    // the grid is still made when the code comes, unless the view has made its own by then.
    const make = (code: Awaited<typeof gridCode>) => {
      code?.createEarlyGrid(screen.document.name, table.table, table.cells);
      mark('grid');
    };
    const late = new Promise<'late'>((r) => window.setTimeout(() => r('late'), GRID_WAIT_MS));
    // The picture on screen first (a frame), not held back by the grid's making (a hidden
    // window draws no frames: not waited for long then).
    await new Promise((r) => {
      requestAnimationFrame(() => window.setTimeout(r, 0));
      window.setTimeout(r, 100);
    });
    mark('frame');
    const code = await Promise.race([gridCode, late]);
    if (code === 'late') void gridCode.then(make);
    else make(code);
  });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startApp();
    void loadDocumentScreen().catch(() => undefined);
    void import('./features/document/TableGrid').catch(() => undefined);
  };
  drawn.then(start, start);
  // The first screen not here yet (a filing being read, a slow answer): the app does not wait.
  window.setTimeout(() => painted || start(), WAIT_MS);
} else startApp();
