import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
// Only the worker's URL (a string), in this chunk: a chunk of its own was one more request,
// queued with the rest, before the worker could be started.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { api } from '../../api/client';
import { parseRoute } from '../navigation/navigation-store';

/*
 * A PDF document's original, opened by pdf.js, for the page view (renderer/features/document/
 * PdfPageView.tsx): fetched through the API here so that the view reads what it shows from
 * this module and never calls the API itself.
 */

type PdfJs = typeof PdfJsModule;
let pdfJs: Promise<PdfJs> | undefined;

/**
 * pdf.js, fetched the first time a PDF page is shown: it is most of the renderer's weight and
 * most documents are not PDFs. A failed fetch is tried again next time.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= import('pdfjs-dist').catch((e: unknown) => {
    pdfJs = undefined;
    throw e;
  });
  return pdfJs;
}

/** `document.original` refused: its message is shown as it is. */
export class OriginalError extends Error {}

/**
 * The PDF of one document being loaded or loaded: kept for the last document asked for, with the
 * pdf.js worker it runs in (started by us, so ended by us too).
 */
interface Entry {
  documentId: number;
  task: Promise<PDFDocumentProxy>;
  port: Worker;
  /** Set as the load goes on; `ended` once let go of. */
  parts: { worker?: PDFWorker; loading?: PDFDocumentLoadingTask; ended?: boolean };
}
let cached: Entry | undefined;

/** Ends an entry's load, its document and its worker. */
function end({ task, port, parts }: Entry): void {
  parts.ended = true;
  void task.then((d) => d.destroy()).catch(() => undefined);
  void (parts.loading?.destroy() ?? Promise.resolve())
    .catch(() => undefined)
    .finally(() => {
      parts.worker?.destroy();
      port.terminate();
    });
}

/**
 * The document's PDF, opened by pdf.js: its bytes, pdf.js and pdf.js's worker (its script is
 * 1.2 MB to fetch and compile) all started at once, once per document (the view mounts again
 * when the parse ends; a PDF known as one starts loading while it is parsed, or at the window's
 * first script: `openEarly`). Opening another document ends the previous one and its worker.
 */
export function loadPdf(documentId: number): Promise<PDFDocumentProxy> {
  if (cached?.documentId === documentId) return cached.task;
  releasePdf(documentId);
  // pdf.js's own module worker, given to pdf.js as its port: the same script pdf.js would start,
  // started before pdf.js itself has arrived.
  const port = new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  const parts: Entry['parts'] = {};
  const task = Promise.all([api.call('document.original', { id: documentId }), loadPdfJs()]).then(
    ([r, lib]) => {
      if (!r.ok) throw new OriginalError(r.error.message);
      if (parts.ended) throw new Error('the PDF was closed');
      parts.worker = lib.PDFWorker.create({ port });
      // pdf.js may transfer the buffer to its worker: give it a copy. No eval (glyphs are
      // drawn without compiled functions) and no scripting: pdf.js runs a PDF's JavaScript
      // only in its viewer's scripting sandbox, which this view does not load.
      parts.loading = lib.getDocument({
        data: r.value.bytes.slice(),
        isEvalSupported: false,
        worker: parts.worker,
      });
      return parts.loading.promise;
    },
  );
  const entry: Entry = { documentId, task, port, parts };
  cached = entry;
  // A failed load is tried again the next time the view asks for it.
  task.catch(() => {
    if (cached === entry) cached = undefined;
    end(entry);
  });
  return task;
}

/** Starts loading a PDF document's page view before the view mounts (while it is parsed). */
export function preloadPdf(documentId: number): void {
  loadPdf(documentId).catch(() => undefined);
}

/** Documents `openEarly` found to be PDFs, and who wants to know. */
const earlyPdfs = new Set<number>();
const listeners = new Set<() => void>();

/** Whether `openEarly` found the document to be a PDF (before its parse says so). */
export function isEarlyPdf(documentId: number): boolean {
  return earlyPdfs.has(documentId);
}

/** Called when `isEarlyPdf` may have changed (for useSyncExternalStore). */
export function onEarlyPdf(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A window opened on a document (a reload, a link), at its first script (renderer/boot.ts): asks
 * what kind of document it is (a small answer, so an HTML filing costs little), and for a PDF
 * starts its page at once (`preloadPdf`) and tells the view it is one, instead of when the
 * parse's first progress (seconds later, the parse worker's start included) says so.
 */
export function openEarly(documentId: number): void {
  void api.call('document.summary', { id: documentId }).then((r) => {
    if (!r.ok || r.value.kind !== 'pdf') return;
    earlyPdfs.add(documentId);
    for (const l of listeners) l();
    // Not if the window has left the document meanwhile: nothing would let go of it.
    const route = parseRoute(window.location.hash);
    if (route.screen === 'document' && route.id === documentId) preloadPdf(documentId);
  });
}

/** Lets go of a loaded PDF (and its pdf.js worker) unless it is this document's. */
export function releasePdf(exceptDocumentId?: number): void {
  const entry = cached;
  if (!entry || entry.documentId === exceptDocumentId) return;
  cached = undefined;
  end(entry);
}
