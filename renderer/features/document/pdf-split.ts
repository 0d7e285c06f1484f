/**
 * The PDF split view's proportions: the share of the split (percent of its width) the PDF page
 * takes, the tables taking the rest. Pure, so it is unit-tested without a browser.
 */

/** The page's share stays between these (percent): neither side is ever squeezed out. */
export const SPLIT_MIN = 20;
export const SPLIT_MAX = 80;
/** The page's default share on a wide screen (a letter page at about 95% in a 1500 px window). */
export const SPLIT_DEFAULT_MAX = 58;
/**
 * The tables' side gets at least this much by default (CSS px, the handle included): room for
 * wrapped labels and three value columns of a statement, so a 1280 px laptop reads every column.
 */
export const TABLES_MIN_WIDTH = 480;
/** Arrow keys move the handle by this many points (Shift: ×5). */
export const SPLIT_STEP = 2;

const round1 = (n: number) => Math.round(n * 10) / 10;

export const clampSplit = (percent: number): number =>
  round1(Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, percent)));

/**
 * The page's default share of a split `width` px wide: 58%, less when the tables would get
 * under TABLES_MIN_WIDTH (a laptop), never under SPLIT_MIN.
 */
export function defaultSplit(width: number): number {
  if (!(width > 0)) return SPLIT_DEFAULT_MAX;
  return clampSplit(Math.min(SPLIT_DEFAULT_MAX, (100 * (width - TABLES_MIN_WIDTH)) / width));
}

/** The share a pointer at `x` (px from the split's left edge) gives the page. */
export function splitAt(x: number, width: number): number {
  if (!(width > 0)) return SPLIT_DEFAULT_MAX;
  return clampSplit((100 * x) / width);
}

/**
 * The share after a key on the handle (a vertical separator): ←/→ move it by SPLIT_STEP
 * (Shift ×5), Home/End to the ends. Undefined for other keys.
 */
export function splitAfterKey(percent: number, key: string, shift = false): number | undefined {
  const step = shift ? SPLIT_STEP * 5 : SPLIT_STEP;
  switch (key) {
    case 'ArrowLeft':
      return clampSplit(percent - step);
    case 'ArrowRight':
      return clampSplit(percent + step);
    case 'Home':
      return SPLIT_MIN;
    case 'End':
      return SPLIT_MAX;
    default:
      return undefined;
  }
}

/** Where a workspace's split is remembered (localStorage). */
export const splitKey = (workspace: string) => `workbench.pdfSplit:${workspace}`;

/** A remembered share, or undefined when none (or not a share). */
export function readSplit(stored: string | null): number | undefined {
  if (stored === null || stored.trim() === '') return undefined;
  const n = Number(stored);
  return Number.isFinite(n) && n >= SPLIT_MIN && n <= SPLIT_MAX ? n : undefined;
}
