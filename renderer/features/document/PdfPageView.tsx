import { useMemo, useRef } from 'react';
import type { Document } from '../../../shared/document';
import { PdfPageHeader } from './PdfPageHeader';
import { zoomKey } from './pdf-zoom';
import { useDrawnPdfPage, type TableOutline } from './use-drawn-pdf-page';
import { useElementWidth } from './use-element-width';
import { useLoadedPdf } from './use-loaded-pdf';
import { usePdfPageNumber, useRememberedPage } from './use-pdf-page-number';
import { usePdfZoom } from './use-pdf-zoom';

interface Props {
  documentId: number;
  /** Absent while the document is parsed: the page is shown, its tables not yet. */
  model?: Document | undefined;
  focusTableId?: string | undefined;
  /** A page to show, before focusTableId's (a question's evidence page). */
  focusPage?: number | undefined;
  /** A question's gold evidence pages: marked when shown. */
  goldPages?: ReadonlySet<number> | undefined;
}

/** The detected tables' boxes over the drawn page, each a link to its table. */
function TableOutlines({
  outlines,
  documentId,
  focusTableId,
}: {
  outlines: TableOutline[];
  documentId: number;
  focusTableId: string | undefined;
}) {
  return outlines.map((o) => (
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
  ));
}

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
  const scroller = useRef<HTMLDivElement>(null);
  const { pdf, error } = useLoadedPdf(documentId);
  const focusPage = askedPage ?? model?.tables.find((t) => t.id === focusTableId)?.page;
  const [page, setPage] = usePdfPageNumber(documentId, focusPage);
  useRememberedPage(documentId, page);
  // The view's width, for fit width.
  const available = useElementWidth(scroller, error);
  const { zoom, setZoom, zoomBy, scale, pageWidth, setPageWidth } = usePdfZoom(
    scroller,
    available,
    error,
  );
  const tablesOnPage = useMemo(
    () => (model?.tables ?? []).filter((t) => t.page === page),
    [model, page],
  );
  const { canvas, outlines } = useDrawnPdfPage({
    pdf,
    page,
    tablesOnPage,
    scale,
    measured: available > 0 || zoom.mode !== 'fit',
    pageWidth,
    setPageWidth,
  });

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
      <PdfPageHeader
        page={page}
        setPage={setPage}
        numPages={pdf?.numPages}
        tablesOnPage={tablesOnPage.length}
        isGoldPage={goldPages?.has(page) ?? false}
        zoom={zoom}
        scale={scale}
        setZoom={setZoom}
        zoomBy={zoomBy}
      />
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
          <TableOutlines outlines={outlines} documentId={documentId} focusTableId={focusTableId} />
        </div>
      </div>
    </section>
  );
}
