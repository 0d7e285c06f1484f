/**
 * The window's first script, a small entry of its own (vite.config.mts puts it before the
 * app's): opening the app on a document (a reload, a link), the document's model, the document
 * view's code and the grid's are asked for as soon as this has arrived, while the app's script
 * (React, the stores, the Library) is still being fetched and compiled. The document store
 * takes the answer (stores/document/early-open.ts); the modules are the ones the app imports.
 */
import { loadDocumentScreen } from './features/shell/document-screen-chunk';
import { parseRoute } from './stores/navigation/navigation-store';
import './stores/document/early-open';

if (parseRoute(window.location.hash).screen === 'document') {
  void loadDocumentScreen().catch(() => undefined);
  void import('./features/document/TableGrid').catch(() => undefined);
}
