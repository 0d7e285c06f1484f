import type { BasisSource, Cell } from '../../../shared/document';
import { namesUnitPrice, resolveUnit, unitHint, type UnitContext } from '../table/cell-unit';
import { addFootnotes, cellKeysAfterFootnotes } from '../table/add-footnotes';
import { columnPath, type HeaderBand } from './header-band';
import { crossCheck } from './ixbrl-check';
import { isSymbolOnly, type Piece } from '../table/merge-symbols';
import type { PlacedRow } from '../table/row-tree';
import { findScaleNote, type ScaleNote } from '../table/scale-note';
import { columnNote } from './table-scale';

export interface CellContext {
  /** The table's scale note (its own, or the filing's usual one when `assumed`). */
  note: ScaleNote | null;
  /** The note is the filing's usual scale, not the table's own: it applies to amounts only. */
  assumed: boolean;
  /** Where the table's own note was read: inside the table or in the caption above it. */
  noteSource: 'table-note' | 'caption';
  /** "in millions" tables and tables showing "$" hold dollar amounts unless headers say not. */
  monetary: boolean;
  percentTable: boolean;
  /** The caption's words that make it a percent table ("as a percentage of revenue"). */
  percentPhrase?: string;
}

export interface BodyPieces {
  r: number;
  pieces: Piece[];
}

export interface MadeCells {
  cells: Cell[];
  /** Dollar amounts whose scale came from the table note (not a row or column note). */
  scaledByTableNote: { text: string; value: number }[];
}

/** What the header band says about one value column. */
interface ColumnFacts {
  colPath: string[];
  note: ScaleNote | null;
}

/**
 * Grid columns that hold percentages: their first and last numbers show "%" (a tax-rate
 * reconciliation's statutory and effective rates, an allocation's first line and its 100%
 * total), none shows "$", and every number is within ±100. Filers print the "%" only there;
 * the bare numbers between are percentages too.
 */
function percentColumns(body: BodyPieces[], valueCol: number): Set<number> {
  const byCol = new Map<number, Piece[]>();
  for (const { pieces } of body) {
    for (const p of pieces) {
      if (p.firstCol < valueCol || p.parsed.kind !== 'number') continue;
      const list = byCol.get(p.col) ?? [];
      list.push(p);
      byCol.set(p.col, list);
    }
  }
  const found = new Set<number>();
  for (const [col, list] of byCol) {
    if (list.length < 3 || !list[0]?.parsed.percent || !list.at(-1)?.parsed.percent) continue;
    const plain = list.every(
      (p) => !p.parsed.currency && p.parsed.wordScale === 1 && Math.abs(p.parsed.value ?? 0) <= 100,
    );
    if (plain) found.add(col);
  }
  return found;
}

/** The part a piece plays in a range set over three cells. */
type RangePart = 'low' | 'separator' | 'high';

/**
 * Ranges set over three cells under one header ("3.5 | - | 4.4%", P&G's interest-rate
 * assumption): the "%" of the range's end is the start's unit too, the dash between them is
 * no value (not a nil), and the two ends are told apart as "low" and "high".
 */
function percentRanges(
  body: BodyPieces[],
  valueCol: number,
  pathOf: (r: number, p: Piece) => string,
): Map<Piece, RangePart> {
  const found = new Map<Piece, RangePart>();
  for (const { pieces, r } of body) {
    const values = pieces.filter((p) => p.firstCol >= valueCol);
    for (let i = 0; i + 2 < values.length; i++) {
      const [start, dash, end] = [values[i], values[i + 1], values[i + 2]] as [Piece, Piece, Piece];
      if (start.parsed.kind !== 'number' || start.parsed.percent || start.parsed.currency) continue;
      if (dash.parsed.kind !== 'dash' || end.parsed.kind !== 'number' || !end.parsed.percent)
        continue;
      const path = pathOf(r, start);
      if (path !== '' && pathOf(r, dash) === path && pathOf(r, end) === path) {
        found.set(start, 'low').set(dash, 'separator').set(end, 'high');
      }
    }
  }
  return found;
}

/** "(2)": a footnote reference when printed beside a number (see `footnoteColumns`). */
const footnoteMark = /^\(\d{1,2}\)$/;

/**
 * Grid columns that hold nothing but footnote marks: NVIDIA's valuation-allowance schedule
 * prints "$151 | (2)" and "$(178) | (4)", Boeing's AOCI roll-forward "1,529 | (2)", each mark
 * in a cell of its own right after the amount it annotates. Read alone, "(2)" is minus two;
 * in a column of such marks beside amounts, it is a reference to a note below the table.
 */
function footnoteColumns(body: BodyPieces[], valueCol: number): Set<number> {
  const isMark = (p: Piece) =>
    p.facts.length === 0 && p.text.includes('(') && footnoteMark.test(p.text.trim());
  const marks = new Set<number>();
  for (const { pieces } of body) {
    for (const p of pieces) if (p.firstCol >= valueCol && isMark(p)) marks.add(p.col);
  }
  // Most tables have no mark at all: the columns are only checked when one has
  if (marks.size === 0) return marks;
  for (const { pieces } of body) {
    for (const p of pieces) {
      if (p.firstCol < valueCol || !marks.has(p.col) || isMark(p) || isSymbolOnly(p.text)) continue;
      marks.delete(p.col);
    }
  }
  return marks;
}

/** What holds for every cell of one table, worked out once before its cells are made. */
interface TableScope {
  ctx: CellContext;
  /** A header names shares somewhere (`unitHint`). */
  sharesColumn: boolean;
  percentCols: Set<number>;
  ranges: Map<Piece, RangePart>;
  markColumns: Set<number>;
  /** The filing's usual scale says what its share counts are in (else they are whole shares). */
  usualShares: boolean;
  showsCurrency: boolean;
  /** A value column's path and note under a band (cached: they repeat down every row). */
  columnOf: (band: HeaderBand | undefined, col: number, firstCol: number) => ColumnFacts;
}

function tableScope(
  body: BodyPieces[],
  bandOf: Map<number, HeaderBand>,
  valueCol: number,
  ctx: CellContext,
): TableScope {
  // bandOf names a band per row: each band is asked once
  const sharesColumn = [...new Set(bandOf.values())].some((band) =>
    band.pieces.some((row) => row.some((p) => unitHint(p.text) === 'shares')),
  );
  // Column paths repeat down every row under the same band: work them out once.
  const columns = new Map<HeaderBand | undefined, Map<number, ColumnFacts>>();
  const columnOf = (band: HeaderBand | undefined, col: number, firstCol: number) => {
    let perBand = columns.get(band);
    if (perBand === undefined) {
      perBand = new Map<number, ColumnFacts>();
      columns.set(band, perBand);
    }
    const key = col * 65536 + firstCol;
    let found = perBand.get(key);
    if (found === undefined) {
      found = { colPath: columnPath(band, col, firstCol), note: columnNote(band, col) };
      perBand.set(key, found);
    }
    return found;
  };
  const percentCols = percentColumns(body, valueCol);
  const ranges = percentRanges(body, valueCol, (r, p) =>
    columnOf(bandOf.get(r), p.col, p.firstCol).colPath.join('\u0000'),
  );
  return {
    ctx,
    sharesColumn,
    percentCols,
    ranges,
    markColumns: footnoteColumns(body, valueCol),
    usualShares: ctx.assumed && (ctx.note?.sharesScale ?? 1) !== 1,
    showsCurrency: body.some(({ pieces }) => pieces.some((p) => p.parsed.currency)),
    columnOf,
  };
}

/** The innermost label or section of a row path stating a scale. */
function rowScaleNote(rowPath: readonly string[]): ScaleNote | null {
  let rowNote: ScaleNote | null = null;
  for (let i = rowPath.length - 1; i >= 0 && rowNote === null; i--) {
    rowNote = findScaleNote(rowPath[i] as string);
  }
  return rowNote;
}

/**
 * A footnote mark under the amount's own header: it annotates that amount, as the page shows
 * it ("$151 (2)"), and is no number of its own. Joined to `previous`, true; else false.
 */
function joinFootnoteMark(
  t: TableScope,
  p: Piece,
  column: ColumnFacts,
  previous: Cell | undefined,
): boolean {
  if (
    t.markColumns.has(p.col) &&
    previous?.value !== null &&
    previous !== undefined &&
    previous.colPath.join('\u0000') === column.colPath.join('\u0000')
  ) {
    previous.text = `${previous.text} ${p.text.trim()}`;
    addFootnotes(previous, [p.text.trim().slice(1, -1)], cellKeysAfterFootnotes);
    return true;
  }
  return false;
}

/**
 * A piece's unit and scale from the row's note, the column's, the table's (or the filing's
 * usual one); a dollar amount scaled by the table note is listed in `scaledByTableNote`.
 */
function pieceUnit(
  t: TableScope,
  p: Piece,
  rowPath: string[],
  colPath: string[],
  rowNote: ScaleNote | null,
  column: ColumnFacts,
  part: RangePart | undefined,
  scaledByTableNote: MadeCells['scaledByTableNote'],
): ReturnType<typeof resolveUnit> {
  const { ctx } = t;
  const own = rowNote ?? column.note;
  const tableSource: BasisSource = ctx.assumed ? 'filing-usual' : ctx.noteSource;
  // A statement over the whole header ("(In millions)" across all columns) is the table's
  const columnOwn = column.note !== null && column.note.phrase !== ctx.note?.phrase;
  const unitCtx: UnitContext = {
    note: own ?? ctx.note,
    noteSource: rowNote !== null ? 'row-label' : columnOwn ? 'column-header' : tableSource,
    monetary: ctx.monetary,
    percentTable: ctx.percentTable,
    percentPhrase: ctx.percentPhrase,
    percentColumn: t.percentCols.has(p.col) || part !== undefined,
    sharesColumn: t.sharesColumn,
    shown: p.text,
    showsCurrency: t.showsCurrency,
  };
  let resolved = resolveUnit(p.parsed, rowPath, colPath, unitCtx);
  // The filing's usual scale is assumed for amounts only, and not for what one unit costs
  // ("Annual membership fee $110")
  const unscaled =
    own === null &&
    ctx.assumed &&
    ((resolved.unit !== 'USD' && !(resolved.unit === 'shares' && t.usualShares)) ||
      namesUnitPrice(rowPath, colPath));
  if (unscaled) {
    resolved = resolveUnit(p.parsed, rowPath, colPath, { ...unitCtx, note: null });
  }
  const value = p.parsed.value;
  if (
    !unscaled &&
    own === null &&
    resolved.unit === 'USD' &&
    p.parsed.kind === 'number' &&
    value !== null
  ) {
    scaledByTableNote.push({ text: p.text, value });
  }
  return resolved;
}

/** The model cell of one value piece, its unit resolved. */
function cellOf(
  r: number,
  p: Piece,
  rowPath: string[],
  colPath: string[],
  resolved: ReturnType<typeof resolveUnit>,
): Cell {
  const { unit, scale } = resolved;
  const value = p.parsed.value;
  // Keys added in the schema's order (shared/document/cell.ts), so the Document is checked in
  // place, with no copy (main/document/check-document.ts)
  const cell = { sourceRow: r, sourceCol: p.col, text: p.text, kind: p.parsed.kind, value } as Cell;
  if (p.parsed.range) cell.range = p.parsed.range;
  cell.scale = scale;
  cell.unit = unit;
  // Words and "n/a" are no quantity: their unit and scale need no reason
  if (p.parsed.kind !== 'text' && p.parsed.kind !== 'na') {
    cell.scaleBasis = resolved.scaleBasis;
    cell.unitBasis = resolved.unitBasis;
  }
  if (p.footnotes !== undefined) cell.footnotes = p.footnotes;
  cell.rowPath = rowPath;
  cell.colPath = colPath;
  if (p.facts.length > 0) {
    // A range's two ends, then its central value when it states one ("… Median $23")
    const shown =
      cell.range === undefined
        ? value === null
          ? []
          : [value]
        : value === null
          ? cell.range
          : [...cell.range, value];
    cell.xbrl = p.facts.map((f, i) => crossCheck(f, i, shown, scale));
  }
  return cell;
}

/** One model cell per value piece of each body row (symbols already joined to numbers). */
export function makeCells(
  body: BodyPieces[],
  placedByRow: Map<number, PlacedRow>,
  bandOf: Map<number, HeaderBand>,
  valueCol: number,
  ctx: CellContext,
): MadeCells {
  const t = tableScope(body, bandOf, valueCol, ctx);
  const cells: Cell[] = [];
  const scaledByTableNote: MadeCells['scaledByTableNote'] = [];
  for (const { pieces, r } of body) {
    const rowPath = placedByRow.get(r)?.path ?? [];
    const band = bandOf.get(r);
    const rowNote = rowScaleNote(rowPath);
    let previous: Cell | undefined; // the row's last cell so far
    for (const p of pieces) {
      if (p.firstCol < valueCol || isSymbolOnly(p.text)) continue;
      const part = t.ranges.get(p);
      if (part === 'separator') continue;
      const column = t.columnOf(band, p.col, p.firstCol);
      if (joinFootnoteMark(t, p, column, previous)) continue;
      const colPath = part === undefined ? column.colPath : [...column.colPath, part];
      const resolved = pieceUnit(t, p, rowPath, colPath, rowNote, column, part, scaledByTableNote);
      const cell = cellOf(r, p, rowPath, colPath, resolved);
      cells.push(cell);
      previous = cell;
    }
  }
  return { cells, scaledByTableNote };
}
