import { formatNumber } from './answer';
import type { CellRead, GroundingLiteral } from './ask';
import { splitQualifiedId } from './filing-id';
import { programLiterals, type ProgramLiteral } from './program-literals';
import { compact } from '../util/compact';

/**
 * The grounding report of a program answer: where every number the program used came from.
 * (a) read through cell()/cellInfo(): the sandbox's trace names the cell (source `cell`, via
 *     `read`); the program cannot forge it;
 * (b) a literal written in the program that is a known constant (100, 1000, 12, 365 …):
 *     `constant`. Checked before the context on purpose: such a literal is almost always a unit
 *     conversion, and linking it to some cell that happens to show "100" would mislead;
 * (c) a literal matching a number in the retrieved context (a cell's displayed value, or a
 *     number in a paragraph), allowing for how it was written: 1,234.5 vs 1234.5, a scale
 *     applied or shifted (1,234.5 in millions written as 1234500000 or 1.2345 billion), a
 *     percentage as a fraction (12.5% as 0.125), rounding to the literal's own precision when
 *     it has 3 or more significant digits: `context`, linked to where it is;
 * (d) anything else: `unsupported` (the panel shows it in red).
 */

/** A number in the retrieved context, with where it is. */
export interface ContextNumber {
  /** As displayed (cells) or as written before any scale word (paragraphs). */
  value: number;
  /** Multiplier to base units (1e6 "in millions", 0.01 for a percentage); 1 when none. */
  scale: number;
  unit: string | null;
  /** As filed ("$1,104.9", "12.5%"). */
  text: string;
  tableId?: string;
  row?: number;
  col?: number;
  paragraphIndex?: number;
  /** The paragraph (or table) block it lies in. */
  blockId?: string;
}

/**
 * Constants a program may write without a source: unit and scale conversions, calendar counts,
 * halves and averages of two or three values.
 */
export const KNOWN_CONSTANTS: ReadonlySet<number> = new Set([
  0, 1, 2, 3, 4, 5, 7, 10, 12, 24, 30, 52, 60, 90, 100, 180, 360, 365, 366, 1000, 10_000, 1e6, 1e9,
  1e12, 0.5, 0.1, 0.01, 0.001, 0.0001, 1e-6, 1e-9,
]);

const EPS = 1e-9;
const close = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= EPS * Math.max(Math.abs(a), Math.abs(b));

/** Powers of ten by which a literal may restate a number at another scale. */
const SHIFTS = [1e-9, 1e-6, 1e-3, 1e3, 1e6, 1e9];

/**
 * How well `literal` matches the context number, lower is better; undefined when it does not:
 * 0 as displayed, 1 in base units, 2 at another thousand-power scale, 3 the same rounded to the
 * literal's precision.
 */
function matchRank(literal: ProgramLiteral, c: ContextNumber): number | undefined {
  const shown = Math.abs(c.value);
  const base = shown * c.scale;
  const candidates: [number, number][] = [
    [shown, 0],
    [base, 1],
    ...SHIFTS.map((k): [number, number] => [shown * k, 2]),
  ];
  for (const [value, rank] of candidates) if (close(literal.value, value)) return rank;
  if (literal.significant >= 3) {
    // "130.5" for 130,497 (in millions, said in billions): within half a unit of its last digit.
    const tolerance = 0.5 * 10 ** -literal.decimals * (1 + EPS);
    for (const [value] of candidates)
      if (value !== 0 && Math.abs(literal.value - value) <= tolerance) return 3;
  }
  return undefined;
}

function bestContextMatch(
  literal: ProgramLiteral,
  context: readonly ContextNumber[],
): ContextNumber | undefined {
  let best: { c: ContextNumber; rank: number } | undefined;
  for (const c of context) {
    const rank = matchRank(literal, c);
    if (rank !== undefined && (!best || rank < best.rank)) {
      best = { c, rank };
      if (rank === 0) break;
    }
  }
  return best?.c;
}

function link(c: ContextNumber): Partial<GroundingLiteral> {
  // An ask across filings qualifies ids ("d12:t21", "d12:p4"): the match names its document.
  const documentId = splitQualifiedId(c.tableId ?? c.blockId ?? '')?.documentId;
  return compact({
    documentId,
    tableId: c.tableId,
    row: c.row,
    col: c.col,
    paragraphIndex: c.paragraphIndex,
    blockId: c.blockId,
  });
}

/** One literal's source. */
export function groundLiteral(
  literal: ProgramLiteral,
  context: readonly ContextNumber[],
): GroundingLiteral {
  const base = { text: literal.text, value: literal.value, via: 'literal' as const };
  if (KNOWN_CONSTANTS.has(literal.value)) return { ...base, source: 'constant' };
  const match = bestContextMatch(literal, context);
  if (match) return { ...base, source: 'context', ...link(match) };
  return { ...base, source: 'unsupported' };
}

/**
 * The full report: the cells read (each once, in the order first read), then the program's
 * literals (each distinct value once, in the order written).
 */
export function groundProgram(
  program: string,
  reads: readonly CellRead[],
  context: readonly ContextNumber[],
): GroundingLiteral[] {
  const out: GroundingLiteral[] = [];
  const seenCells = new Set<string>();
  for (const r of reads) {
    if (r.value === null) continue;
    const key = `${r.tableId}\u0000${r.row}\u0000${r.col}`;
    if (seenCells.has(key)) continue;
    seenCells.add(key);
    out.push({
      text: r.text ?? formatNumber(r.value),
      value: r.value,
      source: 'cell',
      via: 'read',
      tableId: r.tableId,
      ...(r.row !== null ? { row: r.row } : {}),
      ...(r.col !== null ? { col: r.col } : {}),
      ...compact({ documentId: r.documentId }),
      ...(r.fact ? { fact: r.fact } : {}),
    });
  }
  const seenValues = new Set<number>();
  for (const literal of programLiterals(program)) {
    if (seenValues.has(literal.value)) continue;
    seenValues.add(literal.value);
    out.push(groundLiteral(literal, context));
  }
  return out;
}

/** Literals no source supports (what the panel shows in red). */
export const unsupportedLiterals = (literals: readonly GroundingLiteral[]) =>
  literals.filter((l) => l.source === 'unsupported');
