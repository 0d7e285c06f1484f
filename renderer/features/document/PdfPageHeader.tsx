import { useState, type Dispatch, type SetStateAction } from 'react';
import { clampPage, MAX_ZOOM, MIN_ZOOM, zoomLabel, type PdfZoom } from './pdf-zoom';

interface Props {
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  /** The PDF's page count; absent while it loads. */
  numPages: number | undefined;
  tablesOnPage: number;
  isGoldPage: boolean;
  zoom: PdfZoom;
  scale: number;
  setZoom: (zoom: PdfZoom) => void;
  zoomBy: (direction: 1 | -1) => void;
}

/** The page view's bar: previous/next, the page and its tables, go to page, and the zoom. */
export function PdfPageHeader({
  page,
  setPage,
  numPages,
  tablesOnPage,
  isGoldPage,
  zoom,
  scale,
  setZoom,
  zoomBy,
}: Props) {
  const [pageInput, setPageInput] = useState<string>();
  const pages = numPages ?? 1;
  const goTo = (n: number | undefined) => {
    if (n !== undefined) setPage(n);
    setPageInput(undefined);
  };
  return (
    <header>
      <button
        onClick={() => setPage((n) => Math.max(1, n - 1))}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        ‹
      </button>
      <button
        onClick={() => setPage((n) => Math.min(numPages ?? n, n + 1))}
        disabled={numPages === undefined || page >= numPages}
        aria-label="Next page"
      >
        ›
      </button>
      <span>
        Page {page}
        {numPages !== undefined ? ` of ${numPages}` : ''} · {tablesOnPage} table
        {tablesOnPage === 1 ? '' : 's'} detected
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
      {isGoldPage && <span className="gold-badge">gold evidence page</span>}
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
  );
}
