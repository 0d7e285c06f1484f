import {
  fittedLabelWidth,
  labelColumnWidth,
  labelWordFloor,
  LABEL_MIN_WIDTH,
  type GridRow,
  type MeasureText,
} from './grid-view';

/**
 * The label column's width without React: the view's grid (use-label-width.ts) and the first
 * table's grid the boot script makes before the app (early-grid.ts) compute it alike, so the
 * view takes that grid over as it is.
 */
const labelWidthKey = (key: string) => `workbench.grid.labelWidth:${key}`;

/** The label width the user chose for this table, if any (localStorage; absent in private mode). */
export function rememberedLabelWidth(key: string | undefined): number | undefined {
  if (!key) return undefined;
  try {
    const n = Number(window.localStorage.getItem(labelWidthKey(key)));
    return Number.isFinite(n) && n >= LABEL_MIN_WIDTH ? n : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLabelWidth(key: string | undefined, width: number): void {
  if (!key) return;
  try {
    window.localStorage.setItem(labelWidthKey(key), String(Math.round(width)));
  } catch {
    // Storage full or disabled: the width lasts as long as the view.
  }
}

/**
 * The user's width (`chosen`) or the labels' own, narrowed to keep value columns in view in a
 * grid `available` px wide (0: not measured yet, the labels' own); whether the grid then
 * scrolls sideways. `wordFloor`: `labelWordFloor(rows, measure)`, passed in so a caller can keep it.
 */
export function fitLabelWidth(
  rows: readonly GridRow[],
  measure: MeasureText,
  valueWidths: ReadonlyMap<string, number>,
  available: number,
  chosen: number | undefined,
  wordFloor = labelWordFloor(rows, measure),
): { labelWidth: number; scrollsSideways: boolean } {
  const wanted = chosen ?? labelColumnWidth(rows, measure);
  // Labels wrap, so they may narrow (to 40% of their width, no word cut) to keep columns in view.
  const labelWidth = fittedLabelWidth(
    wanted,
    [...valueWidths.values()],
    available,
    chosen !== undefined,
    Math.max(wordFloor, 0.4 * wanted),
  );
  // Wider than the grid: the values scroll sideways under the pinned labels.
  const scrollsSideways =
    available > 0 && labelWidth + [...valueWidths.values()].reduce((a, b) => a + b, 0) > available;
  return { labelWidth, scrollsSideways };
}
