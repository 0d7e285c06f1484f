import type { HeaderNode } from '../../../../shared/document';
import { isYearLike, parseCellValue } from '../../table/cell-value';
import { cleanHeader, isPureScaleNote } from '../../table/header-text';
import { isSymbolOnly } from '../../table/merge-symbols';
import type { ScaleNote } from '../../table/scale-note';
import type { Grid, GridCell } from '../../table/table-grid';
import { isUnitHeader, scaleNoteOf } from './currency-scale';

/**
 * Column headers of style-less tables. A header row is a row whose value-area cells are words,
 * years, symbols or a scale note; the band at the top names the columns, and a label-less
 * header row inside the body starts a new band for the rows below it.
 *
 * String grids (TAT-QA, FinQA) lost their colspans: "Years Ended September 30," sits in one
 * cell of an otherwise empty row above "2019 | 2018 | 2017". So in every band row but the
 * lowest, an empty position takes the nearest header of that row (the left one on a tie:
 * extraction puts a spanning text in the first column of its span). The lowest row names
 * single columns and is never spread.
 */
export interface Band {
  rows: number[];
  /** Per band row: for each grid column, the header cell naming it (undefined: none). */
  assigned: (GridCell | undefined)[][];
  /** Per band row: every value-area cell with text, usable or not (for scale notes). */
  cells: GridCell[][];
}

export interface HeaderLayout {
  headerRows: Set<number>;
  /** Rows whose one value-area text is really their label (see isMisplacedLabel). */
  labelRows: Set<number>;
  bandOf: Map<number, Band>;
  bands: Band[];
}

/** Cells over the value columns, including a header spanning in from a "$" column on its left. */
const valueCells = (row: GridCell[], firstValueCol: number) =>
  row.filter((c) => c.lastCol >= firstValueCol && c.col > 0 && c.text !== '');

/** Names a column rather than being one of its values: words, a year, "$", "(in millions)". */
function isHeaderText(text: string): boolean {
  const parsed = parseCellValue(text);
  if (parsed.kind === 'na') return false;
  if (parsed.kind === 'text') return true;
  return yearLike(text) || onlyYears(text) || isSymbolOnly(text) || isPureScaleNote(text);
}

/** "2014 to 2015", "2012/2011": periods, not quantities. */
function onlyYears(text: string): boolean {
  const numbers = text.match(/\d[\d,.]*/g) ?? [];
  return numbers.length > 0 && numbers.every((n) => /^(?:19|20)\d\d$/.test(n));
}

/** PDF extraction sometimes spaces a year out ("2 0 1 8"). */
const yearLike = (text: string) => isYearLike(text.replace(/\s+/g, ''));

/**
 * A lone title in the first value column of a row without a label ("Liabilities and
 * Stockholders' Equity" one cell right of where it belongs): the row's label, not a header.
 */
function isMisplacedLabel(row: GridCell[], firstValueCol: number): boolean {
  const values = valueCells(row, firstValueCol);
  const only = values[0];
  return (
    values.length === 1 &&
    only !== undefined &&
    !hasLabel(row, firstValueCol) &&
    only.col === firstValueCol &&
    only.lastCol === only.col &&
    isHeaderText(only.text) &&
    !yearLike(only.text)
  );
}

function isHeaderLike(row: GridCell[], firstValueCol: number): boolean {
  const values = valueCells(row, firstValueCol);
  return values.length > 0 && values.every((c) => isHeaderText(c.text));
}

const hasLabel = (row: GridCell[], firstValueCol: number) =>
  row.some((c) => c.col < firstValueCol && c.text !== '');

/** Headers that name something: not "$", "%" alone, not a bare "(in millions)" or "£m". */
const usable = (c: GridCell) =>
  !isSymbolOnly(c.text) && !isPureScaleNote(c.text) && !isUnitHeader(c.text);

/**
 * The lowest header row is spread only when it is regular: every header followed by the same
 * number of empty columns up to the next one or the table's end ("2019 | _ | 2018 | _" over
 * amount and percent columns). "Shares | _ | Term" is not regular, and the empty column there
 * belongs to neither neighbour.
 */
function isRegular(named: GridCell[], colCount: number): boolean {
  if (named.length < 2) return false;
  const gaps = named.map((h, i) => (named[i + 1]?.col ?? colCount) - h.lastCol - 1);
  return gaps.every((g) => g === gaps[0]) && (gaps[0] ?? 0) > 0;
}

function assignColumns(
  row: GridCell[],
  firstValueCol: number,
  colCount: number,
  leafRow: number,
  grouped: boolean,
): (GridCell | undefined)[] {
  const named = valueCells(row, firstValueCol).filter(usable);
  const leaf = (row[0]?.row ?? leafRow) >= leafRow;
  // A header whose rowspan reaches the lowest header row names its own columns only; the
  // empty cells beside it are slots for the headers below ("Less than 1 year" | "" over
  // "1-3 years"). Unless the lowest row repeats one sub-header under each group ("2015 As
  // Reported" | "" over "Net of Reinsurance", twice): then the slot belongs to its group.
  const sources =
    leaf || grouped ? named : named.filter((h) => h.row + h.raw.rowspan - 1 < leafRow);
  const spread = !leaf || isRegular(named, colCount);
  const out: (GridCell | undefined)[] = [];
  for (let c = 0; c < colCount; c++) {
    if (c < firstValueCol) {
      out.push(undefined);
      continue;
    }
    const covering = named.find((h) => h.col <= c && c <= h.lastCol);
    if (covering || !spread) {
      out.push(covering);
      continue;
    }
    let best: GridCell | undefined;
    let bestDistance = Infinity;
    for (const h of sources) {
      const d = c < h.col ? h.col - c : c - h.lastCol;
      if (d < bestDistance) [best, bestDistance] = [h, d];
    }
    out.push(best);
  }
  return out;
}

function makeBand(grid: Grid, rows: number[], firstValueCol: number): Band {
  const leafRow = rows.at(-1) ?? 0;
  const leafTexts = valueCells(grid.rows[leafRow] ?? [], firstValueCol).map((c) => c.text);
  const grouped = new Set(leafTexts).size < leafTexts.length;
  return {
    rows,
    assigned: rows.map((r) =>
      assignColumns(grid.rows[r] ?? [], firstValueCol, grid.colCount, leafRow, grouped),
    ),
    cells: rows.map((r) => valueCells(grid.rows[r] ?? [], firstValueCol)),
  };
}

const named = (band: Band) => (band.assigned.at(-1) ?? []).filter((h) => h !== undefined).length;

/**
 * A header row inside the body either re-heads every column (a new block "2018 | 2017") or
 * adds a level under some of them ("Point Chg" under two "% Change" columns only). The first
 * replaces the band above; the second extends it, so the other columns keep their headers.
 */
function stackBand(
  grid: Grid,
  above: Band | undefined,
  rows: number[],
  firstValueCol: number,
): Band {
  const own = makeBand(grid, rows, firstValueCol);
  if (above === undefined || named(own) >= named(above)) return own;
  return {
    rows: [...above.rows, ...own.rows],
    assigned: [...above.assigned, ...own.assigned],
    cells: [...above.cells, ...own.cells],
  };
}

export function detectHeaderRows(
  grid: Grid,
  firstValueCol: number,
  minHeaderRows: number,
): HeaderLayout {
  const nonEmpty = grid.rows
    .map((cells, r) => ({ cells, r }))
    .filter((x) => x.cells.some((c) => c.text !== ''));
  const headerRows = new Set<number>();
  const labelRows = new Set<number>();
  const headerLike = (k: number) => isHeaderLike(nonEmpty[k]?.cells ?? [], firstValueCol);
  const top: number[] = [];
  let i = 0;
  for (; i < nonEmpty.length; i++) {
    const { cells, r } = nonEmpty[i] as { cells: GridCell[]; r: number };
    if (headerLike(i)) {
      // A lone title right above the first values is the first section, not a header.
      if (top.length > 0 && isMisplacedLabel(cells, firstValueCol) && !headerLike(i + 1)) break;
      top.push(r);
      continue;
    }
    // A title line above the header ("(in millions)" in the stub) belongs to the band.
    const labelOnly = valueCells(cells, firstValueCol).length === 0;
    if (labelOnly && top.length === 0 && headerLike(i + 1)) {
      headerRows.add(r);
      continue;
    }
    break;
  }
  // A table of words only would be all header: its first row names the columns.
  if (i >= nonEmpty.length && top.length > 1) top.splice(1);
  for (let k = 0; top.length < minHeaderRows && k < nonEmpty.length; k++) {
    const r = (nonEmpty[k] as { r: number }).r;
    if (!top.includes(r)) top.push(r);
  }
  top.sort((a, b) => a - b);
  for (const r of top) headerRows.add(r);
  const bands: Band[] = [];
  const bandOf = new Map<number, Band>();
  let current: Band | undefined;
  if (top.length > 0) {
    current = makeBand(grid, top, firstValueCol);
    bands.push(current);
  }
  const lastTop = top.at(-1) ?? -1;
  let building: number[] | null = null;
  let base: Band | undefined;
  for (const { cells, r } of nonEmpty) {
    if (headerRows.has(r) || r < lastTop) continue;
    if (isMisplacedLabel(cells, firstValueCol)) {
      labelRows.add(r);
    } else if (isHeaderLike(cells, firstValueCol) && !hasLabel(cells, firstValueCol)) {
      // a label-less row of words or years inside the body starts (or continues) a new band
      if (building === null) {
        building = [];
        base = current;
      }
      building.push(r);
      headerRows.add(r);
      current = stackBand(grid, base, building, firstValueCol);
      if (building.length === 1) bands.push(current);
      else bands[bands.length - 1] = current;
      continue;
    }
    building = null;
    if (current) bandOf.set(r, current);
  }
  return { headerRows, labelRows, bandOf, bands };
}

/** Header texts from the outermost to the innermost for a value at `col` (or its "$" at firstCol). */
export function columnPath(band: Band | undefined, col: number, firstCol = col): string[] {
  const path: string[] = [];
  for (const assigned of band?.assigned ?? []) {
    const h = assigned[col] ?? assigned[firstCol];
    const text = h === undefined ? '' : cleanHeader(h.text);
    if (text !== '' && path.at(-1) !== text) path.push(text);
  }
  return path;
}

/** A scale note in the header cells above one column ("Shares (in thousands)", "( billions )"). */
export function columnNote(band: Band | undefined, col: number): ScaleNote | null {
  for (const cells of band?.cells ?? []) {
    for (const c of cells) {
      if (c.col <= col && col <= c.lastCol) {
        const note = scaleNoteOf(c.text);
        if (note) return note;
      }
    }
  }
  return null;
}

/** Column-header trees: each header spans the columns it was assigned; children nest by span. */
export function columnHeaderTree(bands: Band[]): HeaderNode[] {
  const roots: HeaderNode[] = [];
  for (const band of bands) {
    const placed: HeaderNode[] = [];
    band.assigned.forEach((assigned, i) => {
      const spans = new Map<GridCell, { first: number; last: number }>();
      assigned.forEach((h, c) => {
        if (!h) return;
        const s = spans.get(h);
        spans.set(h, { first: Math.min(s?.first ?? c, c), last: Math.max(s?.last ?? c, c) });
      });
      const level: HeaderNode[] = [];
      for (const [h, s] of [...spans].sort((a, b) => a[1].first - b[1].first)) {
        const node: HeaderNode = {
          text: cleanHeader(h.text),
          sourceRow: band.rows[i] ?? h.row,
          firstCol: s.first,
          lastCol: s.last,
          children: [],
        };
        const mid = (s.first + s.last) / 2;
        const parent = placed.findLast((n) => n.firstCol <= mid && mid <= n.lastCol);
        (parent ? parent.children : roots).push(node);
        level.push(node);
      }
      placed.push(...level);
    });
  }
  return roots;
}
