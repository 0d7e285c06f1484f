import type { Piece } from '../table/merge-symbols';
import type { HeaderAnalysis } from './header-band';

export interface LayoutVerdict {
  data: boolean;
  reason: string;
  /**
   * One row of numbers and no header: data only if it continues the table above it across a
   * page break (see continued-table.ts), which the caller decides.
   */
  dataIfContinued?: boolean;
}

const tocLabel = /^(?:part\s+[ivx]+|item\s+\d+[a-z]?)\b/i;

/**
 * Data tables hold quantities in a grid: at least two body rows with numbers, or one under a
 * header. Everything else (signature blocks, bullet and footnote layouts, check-box cover
 * pages, single-column boxes) is layout, and so is a table of contents, whose numbers are
 * page numbers.
 */
export function judgeTable(
  rows: Piece[][],
  colCount: number,
  firstValueCol: number,
  headers: HeaderAnalysis,
): LayoutVerdict {
  if (colCount < 2) return { data: false, reason: 'single column' };
  if (!Number.isFinite(firstValueCol)) return { data: false, reason: 'no numbers' };
  let numericRows = 0;
  let labels = 0;
  let tocLabels = 0;
  rows.forEach((pieces, r) => {
    if (headers.headerRows.has(r) || pieces.length === 0) return;
    if (pieces.some((p) => p.firstCol >= firstValueCol && p.parsed.kind === 'number')) {
      numericRows++;
    }
    const label = pieces[0];
    if (label !== undefined && label.firstCol < firstValueCol) {
      labels++;
      if (tocLabel.test(label.text)) tocLabels++;
    }
  });
  const pageHeader = headers.bands.some((b) =>
    b.pieces.some((ps) => ps.some((p) => /^pages?(?:\s+no\.?)?$/i.test(p.text))),
  );
  if (pageHeader || (labels >= 3 && tocLabels * 2 >= labels)) {
    return { data: false, reason: 'table of contents' };
  }
  if (numericRows >= 2) return { data: true, reason: `${numericRows} rows of numbers` };
  if (numericRows === 1 && headers.bands.length > 0) {
    return { data: true, reason: 'one row of numbers under a header' };
  }
  if (numericRows === 1 && headers.bands.length === 0) {
    return { data: false, reason: 'one row of numbers, no header', dataIfContinued: true };
  }
  return { data: false, reason: 'too few numbers' };
}
