import type { AnalysedTable } from './build-table';
import { isSymbolOnly } from '../table/merge-symbols';
import type { RawItem, RawTable } from '../table/raw-types';
import type { HeaderBand } from './header-band';
import { isPageFurniture } from './text-blocks';

/**
 * A table broken across a page: filers end one `<table>` at the page foot and start another
 * on the next page with the remaining rows and no header of its own (Apple's gross-margin
 * percentages, P&G's plan assets under the benefit-obligation columns, NVIDIA's exhibit list).
 * The second table continues the first when nothing but page furniture lies between them, it
 * has no column header band, the grids have the same width and each of its values stands in
 * a column where the first table had values. It then reads its columns by the first table's
 * last header band, and the document says so (a warning naming both tables).
 */

/**
 * A page footer laid out as a little table of its own: "Form 10-Q | 17" (Johnson & Johnson).
 * Only a table the reader did not take for data is asked.
 */
export function isFooterTable(table: RawTable): boolean {
  const texts = table.rows.flatMap((r) =>
    r.cells.map((c) => c.text.trim()).filter((t) => t !== ''),
  );
  return texts.length > 0 && texts.length <= 4 && isPageFurniture(texts.join(' | '));
}

/**
 * The item index of the table right before `index`, when only page furniture lies between
 * (text, or a table `isFurniture` says is a page footer).
 */
export function tableRightBefore(
  items: readonly RawItem[],
  index: number,
  isFurniture: (i: number) => boolean = () => false,
): number | null {
  for (let i = index - 1; i >= 0; i--) {
    const item = items[i] as RawItem;
    if (item.type === 'table') {
      if (item.hidden || isFurniture(i)) continue;
      return i;
    }
    if (!isPageFurniture(item.text)) return null;
  }
  return null;
}

/** Grid columns holding a value (a number, a dash or a word) in the table's body rows. */
function valueColumns(a: AnalysedTable, rows?: ReadonlySet<number>): Set<number> {
  const cols = new Set<number>();
  for (const { pieces, r } of a.body) {
    if (rows && !rows.has(r)) continue;
    for (const p of pieces) if (p.firstCol >= a.valueCol && !isSymbolOnly(p.text)) cols.add(p.col);
  }
  return cols;
}

/** The band `next` takes from `previous` when it continues it, else null. */
export function continuedBand(previous: AnalysedTable, next: AnalysedTable): HeaderBand | null {
  if (next.headers.bands.length > 0 || previous.colCount !== next.colCount) return null;
  const last = previous.body.at(-1);
  const band = last === undefined ? undefined : previous.headers.bandOf.get(last.r);
  if (band === undefined) return null;
  const underBand = new Set(
    previous.body.filter(({ r }) => previous.headers.bandOf.get(r) === band).map(({ r }) => r),
  );
  const had = valueColumns(previous, underBand);
  const has = valueColumns(next);
  if (has.size === 0 || [...has].some((c) => !had.has(c))) return null;
  return band;
}

/** The sentence the document's warnings carry for a continued table. */
export const continuationWarning = (id: string, previousId: string) =>
  `Table ${id} has no column headers of its own: it continues table ${previousId} right above it (same columns, only page furniture between), so its cells take ${previousId}'s column headers.`;
