import { useEffect, useSyncExternalStore } from 'react';
import type { Document } from '../../../shared/document';
import { cellAt } from '../../../shared/document/grid-layout';
import { documentStore, useDocument } from '../../stores/document';
import type { DocumentState } from '../../stores/document/document-store';
import { isEarlyPdf, onEarlyPdf, preloadPdf, releasePdf } from '../../stores/document/pdf-original';
import { useLibrary } from '../../stores/library';
import { navigationStore } from '../../stores/navigation';
import { preloadTableGrid, revealDocument } from './DocumentBody';

// The window opened on a document: opened in the store as the view's chunk arrives, not from
// the view's first effect, so that the view's first commit draws its first screen (a cached
// filing's: the first table's grid) instead of a progress line, one commit and frame sooner.
const opening = navigationStore.getState().route;
if (opening.screen === 'document') void documentStore.getState().open(opening.id);

/** Scrolls to a block, drawing the rest of the document first if it is not drawn yet. */
export function scrollToBlock(id: string) {
  if (!document.getElementById(id)) revealDocument();
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
}

/**
 * Whether the document is a PDF. It is known as one before its parse ends (from the library's
 * list, the kind asked for by the window's first script, or the parse's progress, counted in
 * pages): its page is shown while its tables are read.
 */
export function useIsPdf(
  id: number,
  status: DocumentState['status'],
  kind: string | undefined,
): boolean {
  const listedKind = useLibrary((l) => l.documents.find((d) => d.id === id)?.kind);
  const parsingPages = useDocument(
    (st) => st.status === 'loading' && st.openId === id && st.progress?.unit === 'pages',
  );
  const earlyPdf = useSyncExternalStore(onEarlyPdf, () => isEarlyPdf(id));
  return status === 'ready'
    ? kind === 'pdf'
    : status !== 'error' && (listedKind === 'pdf' || earlyPdf || parsingPages);
}

/** Opens the document in the store, and loads what its view will need meanwhile. */
export function useOpenDocument(id: number, isPdf: boolean): void {
  useEffect(() => {
    void documentStore.getState().open(id);
    // The grid's code loads while the document is read.
    preloadTableGrid();
    // Leaving the document lets go of its PDF and pdf.js worker.
    return () => releasePdf();
  }, [id]);

  useEffect(() => {
    if (isPdf) preloadPdf(id);
  }, [isPdf, id]);
}

/**
 * Once the document is read, goes to the route's table, and selects the route's cell in it (a
 * link from the Facts panel).
 */
export function useRouteTarget(
  status: DocumentState['status'],
  model: Document | undefined,
  tableId: string | undefined,
  cell: { row: number; col: number } | undefined,
): void {
  useEffect(() => {
    if (status === 'ready' && tableId) requestAnimationFrame(() => scrollToBlock(tableId));
  }, [status, tableId]);

  const cellRow = cell?.row;
  const cellCol = cell?.col;
  useEffect(() => {
    if (status !== 'ready' || !model || !tableId || cellRow === undefined || cellCol === undefined)
      return;
    const table = model.tables.find((t) => t.id === tableId);
    const at = table ? cellAt(table, cellRow, cellCol) : undefined;
    if (at) documentStore.getState().select({ tableId, ...at });
  }, [status, model, tableId, cellRow, cellCol]);
}
