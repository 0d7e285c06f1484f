import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Table } from '../../../shared/document';
import { pdfTableTitle } from './outline-entries';

export interface TableOutline {
  id: string;
  /** What the table is called in the outline ("Consolidated Statements of Income — p. 62"). */
  caption: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where each table's box falls on the drawn page, in percent so it follows CSS scaling. */
function outlinesOf(tables: Table[], viewport: PageViewport): TableOutline[] {
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

interface DrawInput {
  pdf: PDFDocumentProxy | undefined;
  page: number;
  tablesOnPage: Table[];
  scale: number;
  /** Whether the view's width is known (a fit-width scale before it is would be redrawn). */
  measured: boolean;
  /** The page's natural width, told back through setPageWidth once it is known. */
  pageWidth: number;
  setPageWidth: (width: number) => void;
}

/** A drawing of a page under way: another scale waits for it rather than cancel it. */
interface Drawing {
  pdf: PDFDocumentProxy;
  page: number;
  task: { cancel(): void; promise: Promise<void> };
}

/**
 * Draws the page on the canvas with pdf.js (at the screen's pixel density, shown at the zoom's
 * CSS size) and answers the outlines of its tables once it is drawn. `canvas` goes on the
 * view's <canvas>. What restarted the drawing and kept the page blank under load:
 * - the tables: while a PDF is parsed each batch of pages read (every 300 ms) makes a new list
 *   of them, so the outlines follow the list over the page drawn instead;
 * - the scale, as the view's width settles while the screen is laid out: a drawing under way of
 *   the same page is finished (stretched to the new size meanwhile) and the page drawn again
 *   at the new scale after it. Another page or document cancels it.
 */
export function useDrawnPdfPage({
  pdf,
  page,
  tablesOnPage,
  scale,
  measured,
  pageWidth,
  setPageWidth,
}: DrawInput): { canvas: RefObject<HTMLCanvasElement | null>; outlines: TableOutline[] } {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Drawing>(undefined);
  const [drawn, setDrawn] = useState<{
    pdf: PDFDocumentProxy;
    page: number;
    viewport: PageViewport;
  }>();
  useEffect(() => {
    if (!pdf || !canvas.current || !measured) return;
    let cancelled = false;
    const before = drawing.current;
    const samePage = before?.pdf === pdf && before.page === page;
    if (!samePage) before?.task.cancel();
    void (async () => {
      try {
        const p = await pdf.getPage(Math.min(Math.max(page, 1), pdf.numPages));
        const natural = p.getViewport({ scale: 1 }).width;
        // Another width changes the scale: this effect runs again with it.
        if (natural !== pageWidth) return setPageWidth(natural);
        // Drawn at the screen's density, shown at the zoom's CSS size.
        const dpr = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: scale * dpr });
        const c = canvas.current;
        if (!c || cancelled) return;
        c.style.width = `${Math.floor(viewport.width / dpr)}px`;
        c.style.height = `${Math.floor(viewport.height / dpr)}px`;
        if (samePage) await before.task.promise.catch(() => undefined);
        if (cancelled) return;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        const mine: Drawing = { pdf, page, task: p.render({ canvas: c, viewport }) };
        drawing.current = mine;
        await mine.task.promise;
        if (drawing.current === mine) drawing.current = undefined;
        if (cancelled) return;
        setDrawn({ pdf, page, viewport });
      } catch (e) {
        // A cancelled render, or a document destroyed while its page was drawn, is expected.
        if (!cancelled) console.warn(`PDF page ${page}: ${(e as Error).message}`);
      }
    })();
    // Not cancelled here: the next run cancels it if it draws another page (or the view goes).
    return () => {
      cancelled = true;
    };
  }, [pdf, page, scale, measured, pageWidth, setPageWidth]);
  // The view gone: its drawing under way is stopped.
  useEffect(() => () => drawing.current?.task.cancel(), []);
  const outlines = useMemo(
    () =>
      drawn && drawn.pdf === pdf && drawn.page === page
        ? outlinesOf(tablesOnPage, drawn.viewport)
        : [],
    [drawn, pdf, page, tablesOnPage],
  );
  return { canvas, outlines };
}
