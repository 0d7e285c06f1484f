import { spanParent, type HeaderNode } from '../../../shared/document';
import { isPureScaleNote } from '../table/header-text';
import type { CellLine, LineCell } from './line-cells';
import type { ValueColumn } from './table-columns';

/** One header phrase and the grid columns it spans (grid column = value column + 1). */
export interface HeaderPiece {
  text: string;
  row: number;
  firstCol: number;
  lastCol: number;
}

/** The header lines naming a set of columns, as levels from the outermost to the innermost. */
export interface Band {
  levels: HeaderPiece[][];
}

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.min(a1, b1) - Math.max(a0, b0);

/**
 * The value columns a header phrase covers: those it overlaps by a fair share of the narrower of
 * the two (a centred "December 31," may graze its neighbour), else the nearest column when the
 * phrase sits in a gap. Null for a phrase left of every column (a stub header or a title).
 */
export function spanOf(x0: number, x1: number, cols: ValueColumn[]): [number, number] | null {
  const first = cols[0];
  if (first === undefined || x1 <= first.x0 - 2) return null;
  const hit: number[] = [];
  cols.forEach((c, i) => {
    const need = 0.25 * Math.min(x1 - x0, c.x1 - c.x0);
    if (overlap(c.x0, c.x1, x0, x1) > need) hit.push(i);
  });
  if (hit.length === 0) {
    const mid = (x0 + x1) / 2;
    let best = 0;
    cols.forEach((c, i) => {
      const b = cols[best] as ValueColumn;
      if (Math.abs((c.x0 + c.x1) / 2 - mid) < Math.abs((b.x0 + b.x1) / 2 - mid)) best = i;
    });
    hit.push(best);
  }
  return [(hit[0] as number) + 1, (hit.at(-1) as number) + 1];
}

/** Texts of the stub (left of the values): "($ in millions)", "Year ended December 31,". */
export function stubTexts(lines: CellLine[], cols: ValueColumn[]): string[] {
  return lines.flatMap((l) =>
    l.cells.filter((c) => spanOf(c.x0, c.x1, cols) === null).map((c) => c.text),
  );
}

interface Placed extends HeaderPiece {
  x0: number;
  x1: number;
  /** Baseline and font size of the phrase's line (after folding: of its lowest line). */
  y: number;
  size: number;
}

/**
 * The x-extent of grid columns `a`..`b`: their values and the headers under the phrase that sit
 * inside them. Dates are set wider than the numbers below them, so a group title centred over
 * "February 3, 2018" and "January 28, 2017" is centred on those headers, not on the numbers.
 */
function extent(cols: ValueColumn[], under: Placed[], a: number, b: number): [number, number] {
  let x0 = (cols[a - 1] as ValueColumn).x0;
  let x1 = (cols[b - 1] as ValueColumn).x1;
  for (const q of under) {
    if (q.firstCol < a || q.lastCol > b) continue;
    x0 = Math.min(x0, q.x0);
    x1 = Math.max(x1, q.x1);
  }
  return [x0, x1];
}

/**
 * Widens a phrase to the run of columns it is centred over: "Fiscal Year" set over the middle
 * of three year columns heads all three, although its words only overlap the middle one. The
 * run may not reach into columns another phrase of the same line covers. Ties go to the wider
 * run, since a lone centred phrase over several columns is a spanning header.
 */
function widen(
  p: Placed,
  line: Placed[],
  marks: Set<number> | undefined,
  cols: ValueColumn[],
  under: Placed[],
  below: Set<number>,
  ties: boolean,
): void {
  const mid = (p.x0 + p.x1) / 2;
  const taken = new Set<number>(marks);
  for (const q of line) if (q !== p) for (let c = q.firstCol; c <= q.lastCol; c++) taken.add(c);
  let best: [number, number] = [p.firstCol, p.lastCol];
  let bestDist = Infinity;
  for (let a = p.firstCol; a >= 1 && !taken.has(a) && below.has(a); a--) {
    for (let b = p.lastCol; b <= cols.length && !taken.has(b) && below.has(b); b++) {
      const [x0, x1] = extent(cols, under, a, b);
      const dist = Math.abs((x0 + x1) / 2 - mid);
      const wider = ties && b - a > best[1] - best[0];
      if (dist < bestDist - 2 || (dist <= bestDist + 2 && wider)) {
        best = [a, b];
        bestDist = Math.min(dist, bestDist);
      }
    }
  }
  [p.firstCol, p.lastCol] = best;
}

const yearLike = (t: string) => /^(?:(?:fiscal|fy)\s*)?(?:19|20)\d{2}$/i.test(t.trim());

/**
 * Folds each phrase into the one right under it with exactly the same span, top down. "Right
 * under" skips a line with nothing over that span but headers on both sides: a two-line header
 * set among one-line headers is centred on their line, so its halves sit above and below it
 * ("Rigid" / "Flexibles  Total" / "Packaging").
 */
function fold(lines: Placed[][], may: (upper: Placed, lower: Placed) => boolean): void {
  const covers = (x: Placed, p: Placed) => x.firstCol <= p.lastCol && p.firstCol <= x.lastCol;
  // Only a line with headers on both sides of the phrase is skipped, and only when the two
  // halves are a wrapped line's pitch apart: "% change" two lines over "Net Sales" is a title.
  const besides = (l: Placed[], p: Placed) =>
    l.some((x) => x.lastCol < p.firstCol) && l.some((x) => x.firstCol > p.lastCol);
  for (let i = 0; i + 1 < lines.length; i++) {
    const upper = lines[i] as Placed[];
    for (const p of [...upper]) {
      const lower = lines.slice(i + 1).find((l) => l.some((x) => covers(x, p)) || !besides(l, p));
      const q = lower?.find((x) => x.firstCol === p.firstCol && x.lastCol === p.lastCol);
      if (!q || !may(p, q)) continue;
      if (lower !== lines[i + 1] && p.y - q.y > 1.6 * Math.max(p.size, q.size)) continue;
      q.text = `${p.text} ${q.text}`;
      q.row = p.row;
      q.x0 = Math.min(p.x0, q.x0);
      q.x1 = Math.max(p.x1, q.x1);
      upper.splice(upper.indexOf(p), 1);
    }
  }
}

/**
 * "Year ended December 31, 2022", "Three Months Ended", "As of December 31,": a period heads a
 * group of columns as often as one column, so it is not folded into the phrase under it before
 * widening shows which ("Year ended December 31, 2022" centred over five regions).
 */
const periodPhrase = (t: string) =>
  /\b(?:years?|months?|weeks?|quarters?|periods?)\s+ended\b|^as\s+of\b/i.test(t.trim());

type Part = Pick<LineCell, 'text' | 'x0' | 'x1'>;

/**
 * "2022 $ million   2023 $ million": a year and the unit typeset right after it are one
 * header. Read apart, the unit would be dropped as a bare scale note and the year (set left
 * of its right-aligned numbers) could land over the wrong column.
 */
const unitWords = /^(?=.*\S)(?:US\$|[$€£¥])?\s*(?:thousands?|millions?|billions?|mn|bn|m|k)?$/i;

function joinYearAndUnit(cells: LineCell[]): LineCell[] {
  const out: LineCell[] = [];
  for (const c of cells) {
    const prev = out.at(-1);
    const size = c.words[0]?.size ?? 10;
    if (
      prev &&
      (prev.year || yearLike(prev.text)) &&
      unitWords.test(c.text) &&
      c.x0 - prev.x1 < size
    ) {
      out[out.length - 1] = {
        ...prev,
        text: `${prev.text} ${c.text}`,
        x1: c.x1,
        words: [...prev.words, ...c.words],
      };
    } else {
      out.push(c);
    }
  }
  return out;
}

/**
 * "FISCAL 2023 FISCAL 2022" read as one phrase because the headers sit close: when a phrase
 * spans several columns and the PDF placed its words as separate runs with a clear gap, it is
 * cut at those gaps if every part then heads columns of its own. A phrase set as one run
 * ("Three Months Ended June 30,") is never cut.
 */
function splitAcross(cell: LineCell, cols: ValueColumn[]): Part[] {
  const span = spanOf(cell.x0, cell.x1, cols);
  const words = cell.words;
  if (span === null || span[0] === span[1] || words.length < 2) return [cell];
  const parts: Array<typeof words> = [[words[0] as (typeof words)[number]]];
  for (let k = 1; k < words.length; k++) {
    const a = words[k - 1] as (typeof words)[number];
    const b = words[k] as (typeof words)[number];
    const gap = b.x - (a.x + a.width);
    if (a.item !== b.item && gap >= 0.4 * b.size) parts.push([b]);
    else parts.at(-1)?.push(b);
  }
  if (parts.length < 2) return [cell];
  const out = parts.map((ws) => ({
    text: ws.map((w) => w.text).join(' '),
    x0: (ws[0] as (typeof ws)[number]).x,
    x1: Math.max(...ws.map((w) => w.x + w.width)),
  }));
  const spans = out.map((p) => spanOf(p.x0, p.x1, cols));
  const disjoint = spans.every(
    (sp, k) => sp !== null && (k === 0 || sp[0] > (spans[k - 1]?.[1] ?? Infinity)),
  );
  return disjoint ? out : [cell];
}

/**
 * A lone "%" set on the line above the header of its column ("%" / "Change") is the first word
 * of that header: "% Change" says the column holds percentages, which "Change" alone does not.
 * It joins the phrase with exactly its columns on the next line down, a wrapped line's pitch
 * below; a "%" with no such phrase under it stays out of the header.
 */
function joinPercents(
  placed: Placed[][],
  percents: Array<{ line: number; span: [number, number]; y: number; size: number }>,
): void {
  for (const m of percents) {
    const next = placed.slice(m.line + 1).find((l) => l.length > 0);
    const q = next?.find((x) => x.firstCol === m.span[0] && x.lastCol === m.span[1]);
    if (!q || m.y - q.y > 1.6 * Math.max(m.size, q.size) || q.text.startsWith('%')) continue;
    q.text = `% ${q.text}`;
  }
}

/**
 * Builds a band from header lines (grid rows `rows[i]`). A phrase stacked over a phrase with
 * exactly the same columns is one wrapped header ("Remainder of" / "2023", "June 30," /
 * "2022"); phrases over wider spans are outer levels of the tree ("Three Months Ended" over
 * "2023" and "2022").
 */
export function buildBand(lines: CellLine[], rows: number[], cols: ValueColumn[]): Band {
  // Columns under a bare "%" or "$" of each line: not headers, but no room for a neighbour to
  // widen into ("July 3," beside the "%" of "% Change").
  const symbols = new Map<Placed[], Set<number>>();
  const percents: Array<{ line: number; span: [number, number]; y: number; size: number }> = [];
  const placed: Placed[][] = lines.map((l, i) => {
    const pieces: Placed[] = [];
    const marks = new Set<number>();
    symbols.set(pieces, marks);
    for (const c of joinYearAndUnit(l.cells).flatMap((cell) => splitAcross(cell, cols))) {
      const span = spanOf(c.x0, c.x1, cols);
      if (span === null || isPureScaleNote(c.text)) continue;
      if (/^[$%()]+$/.test(c.text)) {
        for (let k = span[0]; k <= span[1]; k++) marks.add(k);
        if (c.text === '%') percents.push({ line: i, span, y: l.line.y, size: l.line.size });
        continue;
      }
      const same = pieces.at(-1);
      if (same && same.firstCol === span[0] && same.lastCol === span[1]) {
        same.text += ` ${c.text}`;
        same.x1 = c.x1;
        continue;
      }
      pieces.push({
        text: c.text,
        row: rows[i] ?? 0,
        firstCol: span[0],
        lastCol: span[1],
        x0: c.x0,
        x1: c.x1,
        y: l.line.y,
        size: l.line.size,
      });
    }
    return pieces;
  });
  joinPercents(placed, percents);
  const nonEmpty = placed.filter((p) => p.length > 0);
  // Words wrapped over several lines of one column fold first ("Weighted" / "Average" /
  // "Exercise" / "Price"); years and periods, above or below, are left for widening, since
  // "Fiscal Year" over "2018" may head 2019 and 2017 as well, and "Year ended December 31, 2022"
  // over the middle of five regions heads all five.
  const groupTitle = (t: string) => yearLike(t) || periodPhrase(t);
  fold(nonEmpty, (p, q) => !groupTitle(p.text) && !groupTitle(q.text));
  const all = new Set(cols.map((_, i) => i + 1));
  nonEmpty.forEach((line, i) => {
    const below = new Set<number>();
    for (const lower of nonEmpty.slice(i + 1))
      for (const q of lower) for (let c = q.firstCol; c <= q.lastCol; c++) below.add(c);
    // The last line may still widen over a header-less neighbour it is clearly centred on
    // ("Change" over a "$" column and the "%" column beside it), but ties do not widen it.
    const last = below.size === 0;
    const under = nonEmpty.slice(i + 1).flat();
    const others = nonEmpty.filter((_, k) => k !== i).flat();
    for (const p of line) {
      // A neighbour headed on another line ("Flexibles" beside "Rigid Packaging", set a line
      // higher) has its own header, unless that phrase heads this column too (a group title).
      const own = new Set<number>();
      for (const q of others) {
        if (q.firstCol <= p.lastCol && p.firstCol <= q.lastCol) continue;
        for (let c = q.firstCol; c <= q.lastCol; c++) own.add(c);
      }
      const open = new Set([...all].filter((c) => !own.has(c)));
      widen(p, line, symbols.get(line), cols, under, last ? open : below, !last);
    }
  });
  fold(nonEmpty, () => true);
  const levels = nonEmpty
    .filter((l) => l.length > 0)
    .map((l) => l.map(({ text, row, firstCol, lastCol }) => ({ text, row, firstCol, lastCol })));
  return { levels };
}

/** Header texts over grid column `col`, outermost first. */
export function columnPath(band: Band | undefined, col: number): string[] {
  if (!band) return [];
  const path: string[] = [];
  for (const level of band.levels) {
    const p = level.find((x) => x.firstCol <= col && col <= x.lastCol);
    if (p && path.at(-1) !== p.text) path.push(p.text);
  }
  return path;
}

/** The column-header trees of the bands: a phrase sits under the one whose span holds it. */
export function headerTree(bands: Band[]): HeaderNode[] {
  const roots: HeaderNode[] = [];
  for (const band of bands) {
    const placed: HeaderNode[] = [];
    for (const level of band.levels) {
      const added: HeaderNode[] = [];
      for (const p of level) {
        const node: HeaderNode = {
          text: p.text,
          sourceRow: p.row,
          firstCol: p.firstCol,
          lastCol: p.lastCol,
          children: [],
        };
        const parent = spanParent(placed, p.firstCol, p.lastCol);
        (parent ? parent.children : roots).push(node);
        added.push(node);
      }
      placed.push(...added);
    }
  }
  // Nodes come level by level, so a header on a lower line (the word column's "Statement of
  // Earnings Location" beside "Gain (Loss) Recognized" above the numbers) would follow the
  // groups to its right; readers and the grid expect left-to-right order.
  const order = (nodes: HeaderNode[]): HeaderNode[] => {
    nodes.sort((a, b) => a.firstCol - b.firstCol);
    for (const n of nodes) order(n.children);
    return nodes;
  };
  return order(roots);
}
