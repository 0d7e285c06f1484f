import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { api } from '../../api/client';

/*
 * A PDF document's original, opened by pdf.js, for the page view (renderer/features/document/
 * PdfPageView.tsx): fetched through the API here so that the view reads what it shows from
 * this module and never calls the API itself.
 */

type PdfJs = typeof PdfJsModule;
let pdfJs: Promise<PdfJs> | undefined;

/**
 * pdf.js and the URL of its worker, fetched the first time a PDF page is shown: they are most of
 * the renderer's weight and most documents are not PDFs. A failed fetch is tried again next time.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
    (e: unknown) => {
      pdfJs = undefined;
      throw e;
    },
  );
  return pdfJs;
}

/** `document.original` refused: its message is shown as it is. */
export class OriginalError extends Error {}

/** The PDF of one document being loaded or loaded: kept for the last document asked for. */
let cached:
  | { documentId: number; task: Promise<PDFDocumentProxy>; loading?: PDFDocumentLoadingTask }
  | undefined;

/**
 * The document's PDF, opened by pdf.js: its bytes and pdf.js itself fetched side by side, once
 * per document (the view mounts again when the parse ends; a PDF known as one starts loading
 * while it is parsed). Opening another document destroys the previous one and its pdf.js worker.
 */
export function loadPdf(documentId: number): Promise<PDFDocumentProxy> {
  if (cached?.documentId === documentId) return cached.task;
  releasePdf(documentId);
  const entry: NonNullable<typeof cached> = {
    documentId,
    task: Promise.all([api.call('document.original', { id: documentId }), loadPdfJs()]).then(
      ([r, { getDocument }]) => {
        if (!r.ok) throw new OriginalError(r.error.message);
        // pdf.js may transfer the buffer to its worker: give it a copy.
        entry.loading = getDocument({ data: r.value.bytes.slice(), isEvalSupported: false });
        return entry.loading.promise;
      },
    ),
  };
  cached = entry;
  // A failed load is tried again the next time the view asks for it.
  entry.task.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return entry.task;
}

/** Starts loading a PDF document's page view before the view mounts (while it is parsed). */
export function preloadPdf(documentId: number): void {
  loadPdf(documentId).catch(() => undefined);
}

/** Lets go of a loaded PDF (and its pdf.js worker) unless it is this document's. */
export function releasePdf(exceptDocumentId?: number): void {
  const entry = cached;
  if (!entry || entry.documentId === exceptDocumentId) return;
  cached = undefined;
  void entry.task.then((d) => d.destroy()).catch(() => undefined);
  entry.loading?.destroy().catch(() => undefined);
}
