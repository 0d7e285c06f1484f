import { groupLines, makeLine, type Line, type Segment } from './lines';

/**
 * A page cut into flows: runs of lines read top to bottom. A one-column page is one flow; a
 * two-column stretch adds its left column and then its right column as flows of their own, so
 * that tables and paragraphs are found within one column.
 */
export interface PageLayout {
  flows: Line[][];
  /** x of the gutter between two columns, if the page has one. */
  gutter: number | null;
}

const letters = (s: Segment) => s.text.split(/\s+/).filter((w) => /[A-Za-z]{2}/.test(w)).length;

/** Running text: several words set over a good part of a column's width. */
const isProse = (s: Segment, width: number) => letters(s) >= 4 && s.x1 - s.x0 >= 0.25 * width;

const crosses = (l: Line, g: number) => l.segments.some((s) => s.x0 < g - 1 && s.x1 > g + 1);

/** Lines with running text entirely left of g and lines with running text entirely right of it. */
function support(lines: Line[], g: number, width: number): number {
  let left = 0;
  let right = 0;
  for (const l of lines) {
    if (crosses(l, g)) continue;
    if (l.segments.some((s) => s.x1 <= g && isProse(s, width))) left++;
    if (l.segments.some((s) => s.x0 >= g && isProse(s, width))) right++;
  }
  return Math.min(left, right);
}

/**
 * The gutter of a two-column page: the x in the middle band of the page that the most lines of
 * running text on both sides leave free. None when fewer than four lines of prose sit on each
 * side (a full-width table's labels and numbers are not two columns of text).
 *
 * Many x share the best score when one side has few prose lines (a table beside bullets: only
 * its footnotes are prose), and the first of them may cut through the other column's words.
 * Among those, the x fewest lines cross wins, in the middle of its free run, so the gutter sits
 * in the white space between the columns, not inside the left one.
 */
function findGutter(lines: Line[], x0: number, width: number): number | null {
  let best: number[] = [];
  let bestScore = 3;
  let fewest = Infinity;
  for (let g = x0 + 0.3 * width; g <= x0 + 0.7 * width; g += 2) {
    const score = support(lines, g, width);
    if (score < bestScore || (score === bestScore && best.length === 0)) continue;
    const crossed = lines.filter((l) => crosses(l, g)).length;
    if (score > bestScore || crossed < fewest) {
      best = [g];
      bestScore = score;
      fewest = crossed;
    } else if (crossed === fewest) best.push(g);
  }
  if (best.length === 0) return null;
  // The first run of equally good x, stepped by 2: its middle.
  let end = 0;
  while (end + 1 < best.length && (best[end + 1] as number) - (best[end] as number) < 2.5) end++;
  return ((best[0] as number) + (best[end] as number)) / 2;
}

function split(line: Line, g: number): [Line | null, Line | null] {
  const left = line.words.filter((w) => w.x + w.width / 2 < g);
  const right = line.words.filter((w) => w.x + w.width / 2 >= g);
  const marksOf = (side: 'l' | 'r') => line.marks.filter((m) => m.x < g === (side === 'l'));
  return [
    left.length > 0 ? makeLine(left, marksOf('l')) : null,
    right.length > 0 ? makeLine(right, marksOf('r')) : null,
  ];
}

export function layoutPage(words: Parameters<typeof groupLines>[0], view: number[]): PageLayout {
  const lines = groupLines(words);
  const x0 = view[0] ?? 0;
  const width = (view[2] ?? 612) - x0;
  const g = findGutter(lines, x0, width);
  if (g === null) return { flows: [lines], gutter: null };
  const flows: Line[][] = [];
  let full: Line[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const closeColumns = () => {
    if (left.length > 0) flows.push(left);
    if (right.length > 0) flows.push(right);
    left = [];
    right = [];
  };
  for (const l of lines) {
    if (crosses(l, g)) {
      closeColumns();
      full.push(l);
      continue;
    }
    if (full.length > 0) flows.push(full);
    full = [];
    const [a, b] = split(l, g);
    if (a) left.push(a);
    if (b) right.push(b);
  }
  closeColumns();
  if (full.length > 0) flows.push(full);
  return { flows, gutter: g };
}
