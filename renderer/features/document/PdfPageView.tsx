import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Document, Table } from '../../../shared/document';
import { loadPdf, OriginalError } from '../../stores/document/pdf-original';
import { pdfTableTitle } from './outline-entries';
import {
  clampPage,
  effectiveScale,
  fitWidthScale,
  MAX_ZOOM,
  MIN_ZOOM,
  stepZoom,
  zoomKey,
  zoomLabel,
  type PdfZoom,
} from './pdf-zoom';

interface Props {
  documentId: number;
  /** Absent while the document is parsed: the page is shown, its tables not yet. */
  model?: Document;
  focusTableId?: string;
  /** A page to show, before focusTableId's (a question's evidence page). */
  focusPage?: number;
  /** A question's gold evidence pages: marked when shown. */
  goldPages?: ReadonlySet<number>;
}

interface Outline {
  id: string;
  /** What the table is called in the outline ("Consolidated Statements of Income — p. 62"). */
  caption: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

const pageKey = (documentId: number) => `workbench.pdfPage:${documentId}`;

/** The page last shown of this document in this tab (coming back lands where the user was). */
function lastPage(documentId: number): number | undefined {
  try {
    const n = Number(window.sessionStorage.getItem(pageKey(documentId)));
    return Number.isInteger(n) && n >= 1 ? n : undefined;
  } catch {
    return undefined;
  }
}

function rememberPage(documentId: number, page: number): void {
  try {
    window.sessionStorage.setItem(pageKey(documentId), String(page));
  } catch {
    // Storage disabled: the page is not remembered.
  }
}

/** The PDF of one document, or why it cannot be shown; a value from another document is stale. */
type Loaded = { documentId: number } & ({ pdf: PDFDocumentProxy } | { error: string });

/**
 * One PDF page drawn by pdf.js (in its worker) with the tables we detected outlined on it (each
 * outline a link to its table). Opens on page 1, the page asked for (a table chosen in the
 * outline, a question's evidence page) or the page last shown in this tab. Zoom: fit width
 * (the default), − and +, Ctrl+wheel, Ctrl + / Ctrl − / Ctrl 0 (fit) with the focus in the
 * view; drawn at the screen's pixel density so text stays sharp.
 */
export function PdfPageView({
  documentId,
  model,
  focusTableId,
  focusPage: askedPage,
  goldPages,
}: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState<Loaded>();
  const current = loaded?.documentId === documentId ? loaded : undefined;
  const pdf = current && 'pdf' in current ? current.pdf : undefined;
  const error = current && 'error' in current ? current.error : undefined;
  const focusPage = askedPage ?? model?.tables.find((t) => t.id === focusTableId)?.page;
  const firstPage = focusPage ?? lastPage(documentId) ?? 1;
  const [page, setPage] = useState(firstPage);
  const [zoom, setZoom] = useState<PdfZoom>({ mode: 'fit' });
  const [pageWidth, setPageWidth] = useState(612);
  const [available, setAvailable] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const fitScale = fitWidthScale(available - 4, pageWidth);
  const scale = effectiveScale(zoom, fitScale);
  const [pageInput, setPageInput] = useState<string>();
  const [outlines, setOutlines] = useState<{ pdf: PDFDocumentProxy; list: Outline[] }>();

  // Follow the table chosen in the outline, and start over on another document (React's "adjust
  // state on prop change" pattern).
  const [followed, setFollowed] = useState({ documentId, focusPage });
  if (focusPage !== followed.focusPage || documentId !== followed.documentId) {
    setFollowed({ documentId, focusPage });
    if (documentId !== followed.documentId) setPage(firstPage);
    else if (focusPage) setPage(focusPage);
  }

  useEffect(() => {
    let cancelled = false;
    loadPdf(documentId).then(
      (doc) => {
        if (!cancelled) setLoaded({ documentId, pdf: doc });
      },
      (e: unknown) => {
        if (!cancelled)
          setLoaded({
            documentId,
            error:
              e instanceof OriginalError
                ? e.message
                : `cannot display this PDF: ${(e as Error).message}`,
          });
      },
    );
    // The document stays loaded for the next mount (the view mounts again when a parse ends);
    // loading another one destroys it.
    return () => {
      cancelled = true;
    };
  }, [documentId]);

  useEffect(() => rememberPage(documentId, page), [documentId, page]);

  // The view's width, for fit width.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [error]);

  // Ctrl+wheel (and a trackpad pinch, which browsers report as one) zooms the page, not the app.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      setZoom((z) => ({
        mode: 'scale',
        scale: stepZoom(effectiveScale(z, fitScale), e.deltaY < 0 ? 1 : -1),
      }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [fitScale, error]);

  const tablesOnPage = useMemo(
    () => (model?.tables ?? []).filter((t) => t.page === page),
    [model, page],
  );

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const p = await pdf.getPage(Math.min(Math.max(page, 1), pdf.numPages));
        const natural = p.getViewport({ scale: 1 }).width;
        if (natural !== pageWidth) setPageWidth(natural);
        // Drawn at the screen's density, shown at the zoom's CSS size.
        const dpr = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: scale * dpr });
        const c = canvas.current;
        if (!c || cancelled) return;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        c.style.width = `${Math.floor(viewport.width / dpr)}px`;
        c.style.height = `${Math.floor(viewport.height / dpr)}px`;
        task = p.render({ canvas: c, viewport });
        await task.promise;
        if (cancelled) return;
        setOutlines({ pdf, list: outlinesOf(tablesOnPage, viewport) });
      } catch (e) {
        // A cancelled render, or a document destroyed while its page was drawn, is expected.
        if (!cancelled) console.warn(`PDF page ${page}: ${(e as Error).message}`);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, tablesOnPage, scale, pageWidth]);

  const pages = pdf?.numPages ?? 1;
  const goTo = (n: number | undefined) => {
    if (n !== undefined) setPage(n);
    setPageInput(undefined);
  };
  const zoomBy = (direction: 1 | -1) =>
    setZoom({ mode: 'scale', scale: stepZoom(scale, direction) });

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  return (
    <section
      className={goldPages?.has(page) ? 'pdf-page gold' : 'pdf-page'}
      aria-label="PDF page"
      onKeyDown={(e) => {
        const z = zoomKey(e);
        if (z === undefined || e.target instanceof HTMLInputElement) return;
        // The page's zoom, not the browser's (or the app window's).
        e.preventDefault();
        if (z === 'fit') setZoom({ mode: 'fit' });
        else zoomBy(z);
      }}
    >
      <header>
        <button
          onClick={() => setPage((n) => Math.max(1, n - 1))}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          ‹
        </button>
        <button
          onClick={() => setPage((n) => Math.min(pdf?.numPages ?? n, n + 1))}
          disabled={!pdf || page >= pdf.numPages}
          aria-label="Next page"
        >
          ›
        </button>
        <span>
          Page {page}
          {pdf ? ` of ${pdf.numPages}` : ''} · {tablesOnPage.length} table
          {tablesOnPage.length === 1 ? '' : 's'} detected
        </span>
        <input
          className="pdf-page-number"
          type="number"
          min={1}
          max={pages}
          aria-label="Go to page"
          placeholder="Go to"
          value={pageInput ?? ''}
          onChange={(e) => setPageInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') goTo(clampPage(e.currentTarget.value, pages));
            if (e.key === 'Escape') setPageInput(undefined);
          }}
        />
        {goldPages?.has(page) && <span className="gold-badge">gold evidence page</span>}
        <span className="pdf-zoom" role="group" aria-label="Zoom">
          <button onClick={() => zoomBy(-1)} aria-label="Zoom out" disabled={scale <= MIN_ZOOM}>
            −
          </button>
          <output aria-live="polite" aria-label="Zoom level">
            {zoomLabel(scale)}
          </output>
          <button onClick={() => zoomBy(1)} aria-label="Zoom in" disabled={scale >= MAX_ZOOM}>
            +
          </button>
          <button
            onClick={() => setZoom({ mode: 'fit' })}
            aria-pressed={zoom.mode === 'fit'}
            className="pdf-fit"
          >
            Fit width
          </button>
        </span>
      </header>
      {/* Focusable so the page scrolls with the arrow keys and zooms with Ctrl + / −. */}
      <div
        className="pdf-scroll"
        ref={scroller}
        tabIndex={0}
        role="group"
        aria-label={`Page ${page} image (Ctrl + and Ctrl − zoom)`}
      >
        <div className="pdf-canvas-wrap">
          <canvas ref={canvas} />
          {(outlines && outlines.pdf === pdf ? outlines.list : []).map((o) => (
            <a
              key={o.id}
              href={`#/document/${documentId}/${o.id}`}
              className={o.id === focusTableId ? 'table-outline focused' : 'table-outline'}
              style={{
                left: `${o.left}%`,
                top: `${o.top}%`,
                width: `${o.width}%`,
                height: `${o.height}%`,
              }}
              title={o.caption}
              aria-label={`Table: ${o.caption}`}
              data-table-outline={o.id}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

/** Where each table's box falls on the drawn page, in percent so it follows CSS scaling. */
function outlinesOf(tables: Table[], viewport: PageViewport): Outline[] {
  const pct = (v: number, of: number) => (100 * v) / of;
  return tables.flatMap((t) => {
    if (t.location.kind !== 'pdf') return [];
    const { x, y, width, height } = t.location.box;
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([
      x,
      y,
      x + width,
      y + height,
    ]) as number[];
    return [
      {
        id: t.id,
        caption: pdfTableTitle(t) ?? t.id,
        left: pct(Math.min(x1!, x2!), viewport.width),
        top: pct(Math.min(y1!, y2!), viewport.height),
        width: pct(Math.abs(x2! - x1!), viewport.width),
        height: pct(Math.abs(y2! - y1!), viewport.height),
      },
    ];
  });
}
