import { useEffect, useState, type RefObject } from 'react';
import { effectiveScale, fitWidthScale, stepZoom, type PdfZoom } from './pdf-zoom';

/**
 * The page's zoom: fit width (the default) or a chosen scale; Ctrl+wheel (and a trackpad pinch,
 * which browsers report as one) on the scroller zooms the page, not the app. `pageWidth` is the
 * page's natural width, set once a page is drawn.
 */
export function usePdfZoom(
  scroller: RefObject<HTMLDivElement | null>,
  available: number,
  /** Set when the view shows an error instead of its scroller. */
  error: string | undefined,
) {
  const [zoom, setZoom] = useState<PdfZoom>({ mode: 'fit' });
  const [pageWidth, setPageWidth] = useState(612);
  const fitScale = fitWidthScale(available - 4, pageWidth);
  const scale = effectiveScale(zoom, fitScale);

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
  }, [scroller, fitScale, error]);

  const zoomBy = (direction: 1 | -1) =>
    setZoom({ mode: 'scale', scale: stepZoom(scale, direction) });
  return { zoom, setZoom, zoomBy, scale, pageWidth, setPageWidth };
}
