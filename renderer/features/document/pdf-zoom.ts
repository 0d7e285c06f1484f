/**
 * Zoom of the PDF page view. A scale is CSS pixels per PDF point as pdf.js counts them (1 =
 * "100%": a 10 pt font drawn 13.3 px high). `fit` follows the view's width.
 */
export type PdfZoom = { mode: 'fit' } | { mode: 'scale'; scale: number };

export const zoomSteps = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;

/** The scale at which a page `pageWidth` points wide fills `available` CSS pixels. */
export function fitWidthScale(available: number, pageWidth: number): number {
  if (available <= 0 || pageWidth <= 0) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, available / pageWidth));
}

/** The scale a zoom draws at, given the fit-width scale of the current view. */
export function effectiveScale(zoom: PdfZoom, fitScale: number): number {
  return zoom.mode === 'fit' ? fitScale : zoom.scale;
}

/** The next step up (+1) or down (−1) from a scale, which may lie between steps (fit width). */
export function stepZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return zoomSteps.find((s) => s > scale + 0.001) ?? MAX_ZOOM;
  return [...zoomSteps].reverse().find((s) => s < scale - 0.001) ?? MIN_ZOOM;
}

/** Ctrl (⌘) with +, − or 0 as a zoom step, or fit width (0); undefined for other keys. */
export function zoomKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): 1 | -1 | 'fit' | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  if (e.key === '+' || e.key === '=') return 1;
  if (e.key === '-' || e.key === '_') return -1;
  if (e.key === '0') return 'fit';
  return undefined;
}

/** "125%". */
export const zoomLabel = (scale: number) => `${Math.round(scale * 100)}%`;

/** A page number typed by the user, kept within the document; NaN and blanks give undefined. */
export function clampPage(input: string | number, pages: number): number | undefined {
  const n = typeof input === 'number' ? input : Number.parseInt(input, 10);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(Math.max(1, Math.round(n)), Math.max(1, pages));
}
