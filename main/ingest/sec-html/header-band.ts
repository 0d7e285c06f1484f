import { spanParent, type HeaderNode } from '../../../shared/model';
import { isNumeric, isYearLike } from '../table/cell-value';
import { isSymbolOnly, type Piece } from '../table/merge-symbols';
import { cleanHeader, isPureScaleNote } from '../table/header-text';

/**
 * Column headers. A header row is a row whose value-area cells are words, years or symbols
 * (no quantities). The band at the top of the table names the columns; a label-less header row
 * later in the table starts a new band for the rows below it (stacked "Three Months Ended" /
 * "Nine Months Ended" blocks).
 */
export interface HeaderBand {
  /** Source rows of the band, top to bottom. */
  rows: number[];
  /** Value-area header pieces per band row (same order as `rows`). */
  pieces: Piece[][];
}

export interface HeaderAnalysis {
  headerRows: Set<number>;
  /** The band that names the columns of each body row (absent: no header above it). */
  bandOf: Map<number, HeaderBand>;
  bands: HeaderBand[];
}

const inValueArea = (p: Piece, firstValueCol: number) => p.firstCol >= firstValueCol;
const usableHeader = (p: Piece) => !isSymbolOnly(p.text) && !isPureScaleNote(p.text);

function isHeaderPiece(p: Piece): boolean {
  return !isNumeric(p.parsed) || isYearLike(p.text) || isSymbolOnly(p.text);
}

/** Words or years in the value area, and nothing that reads as a quantity. */
function isHeaderLike(pieces: Piece[], firstValueCol: number): boolean {
  const values = pieces.filter((p) => inValueArea(p, firstValueCol));
  return values.length > 0 && values.every(isHeaderPiece);
}

const hasLabel = (pieces: Piece[], firstValueCol: number) =>
  pieces.some((p) => !inValueArea(p, firstValueCol));

// A period written over the row labels rather than over the columns: "Years ended December 31,",
// "Millions, except per share amounts, for the three months ended June 30,", "fiscal years
// ended June 30", "As of June 30, 2025" (Boeing, Union Pacific, P&G). It heads every column of
// the band.
const periodPhrase =
  /\b(?:(?:three|six|nine|twelve|\d+)\s+months|(?:fiscal\s+)?(?:years?|quarters?)|(?:\d+|fifty-two|fifty-three)\s+weeks)\s+ended\b[^;()]{0,40}|\bas\s+of\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b(?:,\s*\d{4})?/i;

function stubPeriod(pieces: Piece[], firstValueCol: number): Piece | null {
  for (const p of pieces) {
    if (inValueArea(p, firstValueCol)) continue;
    const m = periodPhrase.exec(p.text);
    if (m === null) continue;
    const text = cleanHeader(m[0]);
    return { ...p, text: text.charAt(0).toUpperCase() + text.slice(1), facts: [] };
  }
  return null;
}

/** Puts a period found over the row labels above the band's own headers, over all of them. */
function addStubPeriod(band: HeaderBand, period: Piece): void {
  const all = band.pieces.flat().filter(usableHeader);
  if (all.length === 0 || all.some((p) => periodPhrase.test(p.text))) return;
  const firstCol = Math.min(...all.map((p) => p.firstCol));
  const lastCol = Math.max(...all.map((p) => p.lastCol));
  band.rows.unshift(period.row);
  band.pieces.unshift([{ ...period, col: firstCol, firstCol, lastCol }]);
}

export function detectHeaderBands(rows: Piece[][], firstValueCol: number): HeaderAnalysis {
  const headerRows = new Set<number>();
  const bandOf = new Map<number, HeaderBand>();
  const bands: HeaderBand[] = [];
  const nonEmpty = rows.map((pieces, r) => ({ pieces, r })).filter((x) => x.pieces.length > 0);
  let building: HeaderBand | null = null; // the band the previous row was added to
  let current: HeaderBand | null = null; // the band naming the columns of body rows
  let topDone = false;
  let period: Piece | null = null; // a period written over the row labels of the top band
  const addToBand = (r: number, pieces: Piece[]): HeaderBand => {
    const band = building ?? { rows: [], pieces: [] };
    if (building === null) bands.push(band);
    band.rows.push(r);
    band.pieces.push(pieces.filter((p) => inValueArea(p, firstValueCol)));
    headerRows.add(r);
    return band;
  };
  for (let i = 0; i < nonEmpty.length; i++) {
    const { pieces, r } = nonEmpty[i] as { pieces: Piece[]; r: number };
    const headerLike = isHeaderLike(pieces, firstValueCol);
    if (!topDone) {
      if (headerLike) {
        building = addToBand(r, pieces);
        period ??= stubPeriod(pieces, firstValueCol);
        continue;
      }
      // A title line above the header belongs to the band when a header row follows, and so
      // does a lone "(In millions)" line; otherwise it is the first body row (a section).
      const next = nonEmpty[i + 1];
      const labelOnly = !pieces.some((p) => inValueArea(p, firstValueCol));
      const titleAboveHeader =
        building === null && next && isHeaderLike(next.pieces, firstValueCol);
      if (labelOnly && (titleAboveHeader || pieces.every((p) => isPureScaleNote(p.text)))) {
        headerRows.add(r);
        period ??= stubPeriod(pieces, firstValueCol);
        continue;
      }
      topDone = true;
      current = building;
      if (current !== null && period !== null) addStubPeriod(current, period);
    } else if (headerLike && !hasLabel(pieces, firstValueCol)) {
      // a label-less row of words or years inside the body starts (or continues) a new band
      building = addToBand(r, pieces);
      current = building;
      continue;
    }
    building = null;
    if (current !== null) bandOf.set(r, current);
  }
  return { headerRows, bandOf, bands };
}

/** The header piece of one band row that names grid column `col` (covering it, or adjacent). */
function headerFor(pieces: Piece[], col: number): Piece | undefined {
  let best: Piece | undefined;
  let bestDistance = 2;
  for (const p of pieces) {
    const d = col < p.firstCol ? p.firstCol - col : col > p.lastCol ? col - p.lastCol : 0;
    if (d < bestDistance) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}

type Span = Pick<Piece, 'firstCol' | 'lastCol'>;
const sameSpan = (a: Span, b: Span) => a.firstCol === b.firstCol && a.lastCol === b.lastCol;

/** Header texts from the outermost to the innermost for a value at `col`. */
export function columnPath(band: HeaderBand | undefined, col: number, firstCol = col): string[] {
  if (band === undefined) return [];
  const path: string[] = [];
  let previous: Piece | undefined;
  for (const pieces of band.pieces) {
    const usable = pieces.filter(usableHeader);
    const p =
      headerFor(usable, col) ?? (firstCol === col ? undefined : headerFor(usable, firstCol));
    const text = p === undefined ? '' : cleanHeader(p.text);
    if (text === '' || path.at(-1) === text) continue;
    if (p && previous && sameSpan(p, previous)) {
      // one header wrapped over several rows: "Weighted / Average / Exercise / Price"
      path[path.length - 1] = `${path.at(-1) ?? ''} ${text}`;
    } else {
      path.push(text);
    }
    previous = p;
  }
  return path;
}

/** The column-header tree of every band: children sit under the header whose span holds them. */
export function columnHeaderTree(bands: HeaderBand[]): HeaderNode[] {
  const roots: HeaderNode[] = [];
  for (const band of bands) {
    const placed: HeaderNode[] = [];
    for (const pieces of band.pieces) {
      const level: HeaderNode[] = [];
      for (const p of pieces.filter(usableHeader)) {
        const node: HeaderNode = {
          text: cleanHeader(p.text),
          sourceRow: p.row,
          firstCol: p.firstCol,
          lastCol: p.lastCol,
          children: [],
        };
        const parent = spanParent(placed, p.firstCol, p.lastCol);
        if (
          parent &&
          parent.children.length === 0 &&
          parent.sourceRow < p.row &&
          sameSpan(p, parent)
        ) {
          parent.text = `${parent.text} ${node.text}`; // a header wrapped over rows (see columnPath)
          continue;
        }
        (parent ? parent.children : roots).push(node);
        level.push(node);
      }
      placed.push(...level);
    }
  }
  return roots;
}
