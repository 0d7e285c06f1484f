/**
 * The window's script, a small entry of its own (the page's only script; vite.config.mts
 * preloads the app's chunks beside it). Opening the app on a document (a reload, a link), the
 * document's model is asked for at once (stores/document/early-open.ts), and once it is here
 * its first screen is drawn with plain DOM (features/document/first-paint.ts) before the app's
 * script (React, the stores, the screens) is evaluated: evaluated first, it held the first
 * table's cells back by its own time and then the view's, ag-grid's and the first commit's
 * (docs/BENCHMARKS.md). The app starts right after that picture, or after `WAIT_MS` when the
 * model takes longer (a parse): it does not wait for a parse. The view's and ag-grid's chunks
 * are asked for with the app; the store takes the same answer.
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

const startApp = () => void import('./main');
const route = parseRoute(window.location.hash);
const firstScreen = earlyFirstScreen();
// The document's kind, and for a PDF its original, pdf.js and pdf.js's worker, asked for now
// too (stores/document/pdf-original.ts).
if (route.screen === 'document') openPdfEarly(route.id);

if (route.screen === 'document' && firstScreen) {
  // Not a partial screen (a filing still read): the view shows that, with the read's progress.
  const painted = firstScreen.then((screen) => {
    if (screen && !screen.partial) {
      paintFirstScreen(screen, route.tableId);
      // The grid's text measurer reads the page's font now, while the picture's styles are
      // computed anyway, not inside the first grid's render (canvas-measure.ts).
      prepareCanvasMeasure();
    }
  });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startApp();
    void loadDocumentScreen().catch(() => undefined);
    void import('./features/document/TableGrid').catch(() => undefined);
  };
  painted.then(start, start);
  window.setTimeout(start, WAIT_MS);
} else startApp();
