import type { ColumnResizedEvent } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import { labelWordFloor, type GridRow, type MeasureText } from './grid-view';
import { fitLabelWidth, rememberedLabelWidth, rememberLabelWidth } from './label-width';

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
  const wordFloor = useMemo(() => labelWordFloor(rows, measure), [rows, measure]);
  const { labelWidth, scrollsSideways } = fitLabelWidth(
    rows,
    measure,
    valueWidths,
    available,
    chosenLabelWidth,
    wordFloor,
  );
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
