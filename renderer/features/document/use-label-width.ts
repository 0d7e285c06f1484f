import type { ColumnResizedEvent } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import {
  fittedLabelWidth,
  labelColumnWidth,
  labelWordFloor,
  LABEL_MIN_WIDTH,
  type GridRow,
  type MeasureText,
} from './grid-view';

const labelWidthKey = (key: string) => `workbench.grid.labelWidth:${key}`;

/** The label width the user chose for this table, if any (localStorage; absent in private mode). */
function rememberedLabelWidth(key: string | undefined): number | undefined {
  if (!key) return undefined;
  try {
    const n = Number(window.localStorage.getItem(labelWidthKey(key)));
    return Number.isFinite(n) && n >= LABEL_MIN_WIDTH ? n : undefined;
  } catch {
    return undefined;
  }
}

function rememberLabelWidth(key: string | undefined, width: number): void {
  if (!key) return;
  try {
    window.localStorage.setItem(labelWidthKey(key), String(Math.round(width)));
  } catch {
    // Storage full or disabled: the width lasts as long as the view.
  }
}

/**
 * The label column's width: the user's (dragged, remembered per `widthKey`) or the labels'
 * own, narrowed to keep value columns in view in a narrow grid; whether the grid then scrolls
 * sideways; and the resize handler that keeps the user's width.
 */
export function useLabelWidth(
  rows: readonly GridRow[],
  measure: MeasureText,
  valueWidths: ReadonlyMap<string, number>,
  available: number,
  widthKey: string | undefined,
) {
  const [chosenLabelWidth, setChosenLabelWidth] = useState(() => rememberedLabelWidth(widthKey));
  const wantedLabelWidth = chosenLabelWidth ?? labelColumnWidth(rows, measure);
  // Labels wrap, so they may narrow (to 40% of their width, no word cut) to keep columns in view.
  const wordFloor = useMemo(() => labelWordFloor(rows, measure), [rows, measure]);
  const labelWidth = fittedLabelWidth(
    wantedLabelWidth,
    [...valueWidths.values()],
    available,
    chosenLabelWidth !== undefined,
    Math.max(wordFloor, 0.4 * wantedLabelWidth),
  );
  // Wider than the grid: the values scroll sideways under the pinned labels.
  const scrollsSideways =
    available > 0 && labelWidth + [...valueWidths.values()].reduce((a, b) => a + b, 0) > available;
  const onColumnResized = useCallback(
    (e: ColumnResizedEvent<GridRow>) => {
      if (!e.finished || e.source !== 'uiColumnResized' || e.column?.getColId() !== 'label') return;
      const width = e.column.getActualWidth();
      setChosenLabelWidth(width);
      rememberLabelWidth(widthKey, width);
    },
    [widthKey],
  );
  return { labelWidth, scrollsSideways, onColumnResized };
}
