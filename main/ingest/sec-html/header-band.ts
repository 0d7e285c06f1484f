import type { HeaderNode } from '../../../shared/document';
import { spanParent } from '../../../shared/document/header-span';
import { isNumeric, isYearLike } from '../table/cell-value';
import { addFootnotes, headerKeysAfterFootnotes } from '../table/add-footnotes';
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
  /** A band restated inside the body: the band above it, naming columns this one leaves blank. */
  under?: HeaderBand;
}

export interface HeaderAnalysis {
  headerRows: Set<number>;
  /** The band that names the columns of each body row (absent: no header above it). */
  bandOf: Map<number, HeaderBand>;
  bands: HeaderBand[];
}

// A header spanning an amount's empty "$" column and the amount ("2024" over "| 45,000" when no
// row of the table shows "$") names that column, as one starting at the amount does; only the
// stub (grid column 0) and cells ending left of the amounts are labels
const inValueArea = (p: Piece, firstValueCol: number) =>
  p.firstCol >= firstValueCol || (p.firstCol > 0 && p.lastCol >= firstValueCol);
const usableHeader = (p: Piece) => !isSymbolOnly(p.text) && !isPureScaleNote(p.text);

/**
 * A range with "$" or "%", or stated with its central value ("($8) - $0 Net ($8)"), is a
 * quantity; bare ranges may name columns ("2026-2027").
 */
const isQuantityRange = ({ parsed }: Piece) =>
  parsed.kind === 'range' && (parsed.currency || parsed.percent || parsed.value !== null);

function isHeaderPiece(p: Piece): boolean {
  if (isQuantityRange(p)) return false;
  return !isNumeric(p.parsed) || isYearLike(p.text) || isSymbolOnly(p.text);
}

/** Words or years in the value area, and nothing that reads as a quantity. */
function isHeaderLike(pieces: Piece[], firstValueCol: number): boolean {
  const values = pieces.filter((p) => inValueArea(p, firstValueCol));
  return values.length > 0 && values.every(isHeaderPiece);
}

/** A row label other than a scale line: "(millions of dollars)" in the stub heads the stub. */
/**
 * A label-less row at the top naming its columns with numbers: Boeing's programs "737 | 747 |
 * 767 | 777 | 777X | 787 | Total". Nothing names such a row, so it holds no quantities: whole
 * numbers written bare (no separator, sign or symbol, at most a model letter) are column names
 * when a word or a model letter stands among them.
 */
function namesByNumbers(pieces: Piece[], firstValueCol: number): boolean {
  if (pieces.some((p) => !inValueArea(p, firstValueCol))) return false;
  return (
    pieces.every((p) => isHeaderPiece(p) || /^\d{1,4}[A-Z]?$/.test(p.text.trim())) &&
    pieces.some((p) => /[a-z]/i.test(p.text))
  );
}

const hasLabel = (pieces: Piece[], firstValueCol: number) =>
  pieces.some((p) => !inValueArea(p, firstValueCol) && !isPureScaleNote(p.text));

const spansOf = (pieces: Piece[]) =>
  pieces
    .filter(usableHeader)
    .map((p) => `${p.firstCol}-${p.lastCol}`)
    .join(',');

/**
 * The band a restated header inside the body names its columns with. Filers restate only what
 * changes: Johnson & Johnson's "Fiscal Six Months Ended" over the same dates and segments as
 * the "Fiscal Second Quarter Ended" block above, P&G's "Core EPS" over one column of a
 * reconciliation. A restated row laid out like a row of the band above (the same spans)
 * replaces it, and the rows beneath it in that band still apply; a column the restated band
 * leaves blank keeps its header from the band above.
 */
function restated(above: HeaderBand, band: HeaderBand): HeaderBand {
  const bottom = spansOf(band.pieces.at(-1) ?? []);
  const k = above.pieces.findIndex((pieces) => bottom !== '' && spansOf(pieces) === bottom);
  if (band.pieces.length >= above.pieces.length || k < 0 || k === above.pieces.length - 1)
    return { ...band, under: above };
  return {
    rows: [...band.rows, ...above.rows.slice(k + 1)],
    pieces: [...band.pieces, ...above.pieces.slice(k + 1)],
    under: above,
  };
}

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
  if (band.pieces.flat().some((p) => usableHeader(p) && periodPhrase.test(p.text))) return;
  addBandTitle(band, period);
}

/** Puts a title over all of the band's own headers, as a band row of its own on top. */
function addBandTitle(band: HeaderBand, period: Piece): void {
  const all = band.pieces.flat().filter(usableHeader);
  if (all.length === 0) return;
  const firstCol = Math.min(...all.map((p) => p.firstCol));
  const lastCol = Math.max(...all.map((p) => p.lastCol));
  band.rows.unshift(period.row);
  band.pieces.unshift([{ ...period, col: firstCol, firstCol, lastCol }]);
}

/** The next row opens a band inside the body: a header-like row without a label. */
function opensBand(next: { pieces: Piece[] } | undefined, firstValueCol: number): boolean {
  return (
    next !== undefined &&
    isHeaderLike(next.pieces, firstValueCol) &&
    !hasLabel(next.pieces, firstValueCol)
  );
}

/** A row of two or more names over the values, heading a block that starts with a section line. */
function namesBlock(
  pieces: Piece[],
  next: { pieces: Piece[] } | undefined,
  firstValueCol: number,
): boolean {
  const values = pieces.filter((p) => inValueArea(p, firstValueCol));
  return (
    values.length >= 2 &&
    values.every((p) => /[a-z]/i.test(p.text) && !/\d/.test(p.text)) &&
    next !== undefined &&
    !next.pieces.some((p) => inValueArea(p, firstValueCol))
  );
}

/** The label of a band row inside the body, as the title over the band's columns. */
function stubTitle(pieces: Piece[], firstValueCol: number): Piece | null {
  const labels = pieces.filter((p) => !inValueArea(p, firstValueCol));
  const first = labels[0];
  const text = cleanHeader(labels.map((p) => p.text).join(' '));
  if (first === undefined || text === '' || isPureScaleNote(text)) return null;
  return stubPeriod(pieces, firstValueCol) ?? { ...first, text, facts: [] };
}

/** Bands restated in the body name their columns together with the band above them. */
function nameRestatedBands(
  bands: HeaderBand[],
  bandOf: Map<number, HeaderBand>,
  topDone: boolean,
): void {
  const named = new Map<HeaderBand, HeaderBand>();
  bands.forEach((band, i) => {
    const above = i === 0 ? undefined : named.get(bands[i - 1] as HeaderBand);
    named.set(band, above === undefined || !topDone ? band : restated(above, band));
  });
  for (const [r, band] of bandOf) bandOf.set(r, named.get(band) ?? band);
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
  let bodyTitle: Piece | null = null; // the label of a band row inside the body
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
    const headerLike =
      isHeaderLike(pieces, firstValueCol) || (!topDone && namesByNumbers(pieces, firstValueCol));
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
    } else if (
      headerLike &&
      (!hasLabel(pieces, firstValueCol) ||
        (building === null &&
          (opensBand(nonEmpty[i + 1], firstValueCol) ||
            namesBlock(pieces, nonEmpty[i + 1], firstValueCol))))
    ) {
      // A label-less row of words or years inside the body starts (or continues) a new band,
      // and so does a labelled one right above such a row: its label ("Three Months Ended
      // June 30, 2024" beside the segment names, ExxonMobil) titles the band's columns; so
      // does a labelled row of names heading a block that starts with a section line
      // ("Reconciliation to Corporate Total | Segment Total | Corporate and Financing | …").
      if (building === null && hasLabel(pieces, firstValueCol))
        bodyTitle = stubTitle(pieces, firstValueCol);
      building = addToBand(r, pieces);
      current = building;
      continue;
    }
    if (building !== null && bodyTitle !== null) addBandTitle(building, bodyTitle);
    bodyTitle = null;
    building = null;
    if (current !== null) bandOf.set(r, current);
  }
  nameRestatedBands(bands, bandOf, topDone);
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
  const own = bandPath(band, col, firstCol);
  return own.length === 0 && band.under ? columnPath(band.under, col, firstCol) : own;
}

function bandPath(band: HeaderBand, col: number, firstCol: number): string[] {
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
        // Keys in the schema's order, so the Document is checked in place (check-document.ts)
        const node: HeaderNode =
          p.footnotes === undefined
            ? {
                text: cleanHeader(p.text),
                sourceRow: p.row,
                firstCol: p.firstCol,
                lastCol: p.lastCol,
                children: [],
              }
            : {
                text: cleanHeader(p.text),
                footnotes: p.footnotes,
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
          if (node.footnotes) addFootnotes(parent, node.footnotes, headerKeysAfterFootnotes);
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
