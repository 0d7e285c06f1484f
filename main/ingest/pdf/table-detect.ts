import { isPureScaleNote } from '../table/header-text';
import type { CellLine, LineCell } from './line-cells';
import { findColumns, valueCells, type ValueColumn } from './table-columns';
import { withWordColumns } from './table-word-columns';

/** Lines of one table found in a column of text, top to bottom. */
export interface TableRegion {
  /** Column-header lines above the first row (may be empty). */
  band: CellLine[];
  /** Rows, label-only lines between them and header lines of stacked bands. */
  body: CellLine[];
  /** Up to a few text lines above the table: where its caption and scale statement are. */
  above: CellLine[];
  columns: ValueColumn[];
}

/** Vertical distance between two baselines, in the larger font size. */
const gapEm = (upper: CellLine, lower: CellLine) =>
  (upper.line.y - lower.line.y) / Math.max(upper.line.size, lower.line.size);

/** Rows further apart than this (in ems of line pitch) belong to different tables. */
const maxRowGapEm = 4;
const maxHeaderGapEm = 3.2;
/** How far ahead a label-only line may look for the row that keeps it in the table. */
const labelLookahead = 3;

const shortText = (l: CellLine) => l.role === 'text' && l.cells.every((c) => c.text.length <= 100);

/** A later row shares a column with the rows above when one of its values overlaps one of theirs. */
const alignsWith = (l: CellLine, spans: Array<[number, number]>) =>
  valueCells(l).some((c) => spans.some(([a, b]) => Math.min(b, c.x1) - Math.max(a, c.x0) > 0));

/** A gap before a header line, in ems, that starts a new table instead of a stacked band. */
const newBandGapEm = 2;

const overSpans = (l: CellLine, spans: Array<[number, number]>) =>
  l.cells.some((c) => spans.some(([a, b]) => Math.min(b, c.x1) - Math.max(a, c.x0) > 0));

const labelText = (l: CellLine) =>
  l.cells
    .slice(0, l.firstValue < 0 ? l.cells.length : l.firstValue)
    .map((c) => c.text)
    .join(' ');

/** A label line that stops mid-phrase: "…shares issued at" / "December 31, 2019…". */
export const endsMidPhrase = (text: string) =>
  /[,;]$/.test(text) || /\b(?:and|or|of|at|in|for|to|by|the|with|on|from|as|per)$/.test(text);

/**
 * A long label-only line that wraps into the row below it (balance-sheet captions with their
 * parenthetical details): the row follows at line pitch and its label carries on the words.
 * The label may run over a few such lines ("Common stock, $0.001 par value; … December 31," /
 * "2016, respectively; … and" / "December 31, 2016, respectively  1,871,396").
 */
function wrapsInto(
  lines: CellLine[],
  k: number,
  spans: Array<[number, number]>,
  depth = 0,
): boolean {
  const l = lines[k] as CellLine;
  const next = lines[k + 1];
  if (next === undefined || l.firstValue >= 0 || gapEm(l, next) > 1.5) return false;
  const text = labelText(l);
  const open = (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
  if (!open && !endsMidPhrase(text) && !/^[a-z$(\d]/.test(labelText(next))) return false;
  // The wrapped label ends on a row, maybe after one more short line ("…operating" /
  // "activities" / the first row below).
  if (next.role === 'row') return alignsWith(next, spans);
  if (depth < 2 && wrapsInto(lines, k + 1, spans, depth + 1)) return true;
  return shortText(next) && rowFollows(lines, k + 2, spans);
}

function rowFollows(lines: CellLine[], from: number, spans: Array<[number, number]>): boolean {
  for (let k = from; k < Math.min(lines.length, from + labelLookahead); k++) {
    const l = lines[k] as CellLine;
    const prev = lines[k - 1] as CellLine;
    if (gapEm(prev, l) > maxRowGapEm) return false;
    if (l.role === 'row') return alignsWith(l, spans);
    if (!shortText(l) && !wrapsInto(lines, k, spans)) return false;
  }
  return false;
}

/**
 * Over the value columns: the header of a column, not a title or a label. A phrase that starts
 * in the label area and runs on over the values is a sentence or a title, never a header.
 */
function overValues(l: CellLine, cols: ValueColumn[], labelLeft: number): boolean {
  const first = cols[0];
  if (!first) return false;
  const left = first.x0 - l.line.size;
  const labelArea = (labelLeft + first.x0) / 2;
  const straddles = l.cells.some((c) => c.x0 < labelArea && c.x1 > first.x0 + l.line.size);
  // "…additional information on business segments." ends a paragraph; headers end without a stop.
  const sentence = l.cells.some((c) => /\.$/.test(c.text) && c.text.split(/\s+/).length >= 3);
  if (sentence) return false;
  return !straddles && l.cells.some((c) => c.x1 > left && !isPureScaleNote(c.text));
}

/**
 * A table of contents: every number is a bare page number (one to three digits, no separator,
 * sign or unit), the last value on its line, and they go down the page. Titles with page
 * numbers line up like a one-column table, but hold no data. A contents list may restart its
 * numbering once per part (a 10-Q listing the statements at p79 before the MD&A at p3), so one
 * drop is allowed for every eight page numbers; a column of small figures drops far more often.
 */
function isContents(rows: CellLine[]): boolean {
  const pages: number[] = [];
  for (const l of rows) {
    const values = valueCells(l);
    for (const [k, c] of values.entries()) {
      if (c.parsed.kind !== 'number' && c.parsed.kind !== 'dash') continue;
      if (!/^\d{1,3}$/.test(c.text) || k !== values.length - 1) return false;
      pages.push(Number(c.text));
    }
  }
  const drops = pages.filter((n, i) => i > 0 && n < (pages[i - 1] as number)).length;
  return pages.length >= 4 && drops <= Math.floor(pages.length / 8);
}

/**
 * A body worth calling a table: aligned values in two rows, or one row of several values. Lone
 * numbers stacked in one column with no row label beside any of them are figures of a graphic
 * or a list ("$804 billion", "$69", "$4" in boxes), not a table.
 */
function isTable(body: CellLine[], cols: ValueColumn[]): boolean {
  const rows = body.filter((l) => l.role === 'row');
  if (rows.length === 0) return false;
  if (cols.length < 2 && rows.every((l) => l.firstValue === 0)) return false;
  if (isContents(rows)) return false;
  if (rows.length === 1) return valueCells(rows[0] as CellLine).length >= 2;
  return cols.some((c) => c.count >= 2);
}

/** "(In thousands)" set on a line of its own inside the header: neither header nor label. */
const scaleOnly = (c: LineCell) => isPureScaleNote(c.text);

/** Left of the value columns: a row label on a line of its own (a scale note may sit beside it). */
const labelOnly = (l: CellLine, cols: ValueColumn[]) => {
  const words = l.cells.filter((c) => !scaleOnly(c));
  return (
    shortText(l) && words.length > 0 && words.every((c) => c.x1 <= (cols[0]?.x0 ?? Infinity) - 2)
  );
};

/**
 * Label-only lines right above the first row that belong to the table: the start of a label
 * wrapped onto the row ("Tax-oriented investments, primarily in" / "housing $ 23.7"), a section
 * heading ending in ":", or any label lines when column headers sit above them.
 */
function labelsAbove(
  lines: CellLine[],
  start: number,
  cols: ValueColumn[],
  floor: number,
  labelLeft: number,
): number {
  let k = start;
  while (k - 1 >= floor && start - (k - 1) <= 3) {
    const l = lines[k - 1] as CellLine;
    if (gapEm(l, lines[k] as CellLine) > maxRowGapEm || !labelOnly(l, cols)) break;
    k--;
  }
  if (k === start) return start;
  const above = lines[k - 1];
  if (above && k - 1 >= floor && shortText(above) && overValues(above, cols, labelLeft)) return k;
  // Without a header above, keep only wrapped-label starts and "Heading:" lines.
  let top = start;
  for (let j = start - 1; j >= k; j--) {
    const first = (lines[j + 1] as CellLine).cells[0]?.text ?? '';
    const text = (lines[j] as CellLine).cells.map((c) => c.text).join(' ');
    if (/^[a-z]/.test(first) || /:$/.test(text)) top = j;
    else break;
  }
  return top;
}

/**
 * The header band above line `start`: lines over the value columns, with stub lines (words in
 * the label area only, such as "In thousands, except…" set between the header lines) kept when
 * a header line sits above them.
 */
function headerBand(
  lines: CellLine[],
  start: number,
  cols: ValueColumn[],
  labelLeft: number,
): number {
  let top = start;
  for (let k = start - 1; k >= 0 && start - k <= 8; k--) {
    const l = lines[k] as CellLine;
    if (gapEm(l, lines[k + 1] as CellLine) > maxHeaderGapEm || !shortText(l)) break;
    if (overValues(l, cols, labelLeft)) top = k;
    else if (!labelOnly(l, cols) && !l.cells.every(scaleOnly)) break;
  }
  return top;
}

/** Words in a line that titles a table rather than heading a section of one. */
const titleWords = 6;

/** The label words of a row, to tell a row label printed again. */
const rowLabel = (l: CellLine) => labelText(l).toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A label-only line that ends the table above it and titles the next one, when two small tables
 * with the same columns are set one under the other:
 * - set in larger type than the rows, further from them than their pitch, over column headers
 *   of its own ("Organic/Core (non-GAAP) First-Quarter 2023 Results" over "First-Quarter"
 *   under the GAAP box of an earnings release; J&J's bold "ORTHOPAEDICS" reads larger but
 *   heads only rows, under the segment table's headers);
 * - after a visible gap, a sentence (or a line followed by column headers of its own), with
 *   the rows under it printing again the labels of rows above it, flush with it ("(3) The
 *   shareholders approved, on an advisory basis, …:" over For / Against / Abstain once more).
 * A section heading inside a statement is a short label set like its rows and leads to new
 * labels, or to the same labels indented under it ("Cost of revenue:" over Subscription /
 * Product again), or to the same labels under the statement's column headers (Activision's
 * "Change in deferred revenues:", J&J's "ORTHOPAEDICS" over US / Intl / WW again): splitting
 * there would leave the lower part without its column headers.
 */
function startsNewTable(
  lines: CellLine[],
  k: number,
  from: number,
  spans: Array<[number, number]>,
): boolean {
  const l = lines[k] as CellLine;
  const prev = lines[k - 1] as CellLine;
  if (l.role === 'row' || k <= from) return false;
  const rows = lines.slice(from, k).filter((x) => x.role === 'row');
  const last = rows.at(-1);
  if (last === undefined) return false;
  const gap = gapEm(prev, l);
  const pitches = lines
    .slice(from + 1, k)
    .map((x, j) => gapEm(lines[from + j] as CellLine, x))
    .filter((g) => g > 0);
  const pitch = pitches.length > 0 ? Math.min(...pitches) : 1.2;
  const after = lines.slice(k + 1, k + 1 + labelLookahead);
  const firstRow = after.findIndex((x) => x.role === 'row');
  const ownHeader = after
    .slice(0, firstRow < 0 ? 0 : firstRow)
    .some((x) => x.role === 'text' && overSpans(x, spans));
  if (ownHeader && l.line.size >= 1.15 * last.line.size && gap > pitch + 0.25) return true;
  if (gap <= newBandGapEm) return false;
  const seen = new Set(rows.map(rowLabel).filter((t) => t !== ''));
  const sentence =
    labelText(l)
      .split(/\s+/)
      .filter((w) => w !== '').length >= titleWords;
  if (!ownHeader && !sentence) return false;
  const next = after.filter((x) => x.role === 'row').slice(0, 2);
  const flush = (x: CellLine) => x.line.x0 <= l.line.x0 + 0.3 * l.line.size;
  return next.length === 2 && next.every((x) => seen.has(rowLabel(x)) && flush(x));
}

/**
 * Finds the tables in one flow of lines (a page, or one column of a two-column page). A table
 * is a run of rows whose values line up in columns, with label-only lines allowed between rows,
 * and the header lines right above it whose words sit over the value columns.
 */
export function detectTables(lines: CellLine[]): TableRegion[] {
  const out: TableRegion[] = [];
  let floor = 0; // lines above this belong to an earlier table
  // A title line that ended the table above: the caption of the next table, not a label of it.
  let titleAt = -1;
  let i = 0;
  while (i < lines.length) {
    if ((lines[i] as CellLine).role !== 'row') {
      i++;
      continue;
    }
    // Taken before this table's own rows are read, which may set titleAt for the next table.
    const labelFloor = Math.max(floor, titleAt + 1);
    let end = i + 1;
    const spans: Array<[number, number]> = valueCells(lines[i] as CellLine).map((c) => [
      c.x0,
      c.x1,
    ]);
    while (end < lines.length) {
      const l = lines[end] as CellLine;
      const gap = gapEm(lines[end - 1] as CellLine, l);
      if (gap > maxRowGapEm) break;
      // Words over the values after a visible gap head the next table, not more of this one.
      if (l.role === 'text' && gap > newBandGapEm && overSpans(l, spans)) break;
      if (startsNewTable(lines, end, i, spans)) {
        titleAt = end;
        break;
      }
      if (l.role === 'row' && alignsWith(l, spans)) {
        spans.push(...valueCells(l).map((c): [number, number] => [c.x0, c.x1]));
        end++;
      } else if (shortText(l) && rowFollows(lines, end + 1, spans)) end++;
      else if (wrapsInto(lines, end, spans)) end++;
      else break;
    }
    const body = withWordColumns(lines.slice(i, end));
    const columns = findColumns(body.filter((l) => l.role === 'row'));
    if (!isTable(body, columns)) {
      i = end;
      continue;
    }
    const labelLeft = Math.min(...body.map((l) => l.line.x0));
    const first = labelsAbove(lines, i, columns, labelFloor, labelLeft);
    body.unshift(...lines.slice(first, i));
    const top = Math.max(floor, headerBand(lines, first, columns, labelLeft));
    const aboveFrom = Math.max(floor, top - 4);
    out.push({
      band: lines.slice(top, first),
      body,
      above: lines.slice(aboveFrom, top),
      columns,
    });
    floor = end;
    i = end;
  }
  return out;
}
