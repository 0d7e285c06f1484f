import { extractAnswer } from '../grading/extract-answer';
import { scaleFactor } from '../numbers/scale-words';
import type { ParsedNumber } from '../numbers/parsed-number';
import type { AskAnswer, CellRead } from './ask';

/**
 * From what a model or a program produced to the answer the Ask panel shows: its text, the
 * number, the unit and the scale (the multiplier to base units, as on cells: 1e6 "in
 * millions", 0.01 for a percentage; null when nothing says).
 */

const CURRENCY_UNITS: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  USD: 'USD',
  '€': 'EUR',
  EUR: 'EUR',
  '£': 'GBP',
  GBP: 'GBP',
  '¥': 'JPY',
  JPY: 'JPY',
};

/** A parsed number as an answer: "$3.2 billion" → 3.2 USD ×1e9; "12.5%" → 12.5 % ×0.01. */
export function answerFromParsed(text: string, n: ParsedNumber): AskAnswer {
  if (n.unit === 'percent') return { text, value: n.value, unit: '%', scale: 0.01 };
  if (n.unit === 'basis-points') return { text, value: n.value, unit: 'bps', scale: 0.0001 };
  const unit = n.currency !== undefined ? (CURRENCY_UNITS[n.currency] ?? n.currency) : null;
  return { text, value: n.value, unit, scale: n.scale ? scaleFactor(n.scale) : null };
}

/**
 * Direct and CoT answers: the final answer the grader would extract (the "Therefore, the answer
 * is …" span, an "Answer:" line, \boxed{}, else the last number), so what the panel shows and
 * what is graded are the same reading of the output.
 */
export function answerFromText(output: string): AskAnswer {
  const found = extractAnswer(output);
  if (found.kind === 'none') return { text: '', value: null, unit: null, scale: null };
  if (found.kind === 'refusal') return { text: found.text, value: null, unit: null, scale: null };
  if (!found.number || !Number.isFinite(found.number.value))
    return { text: found.text, value: null, unit: null, scale: null };
  return answerFromParsed(found.text, found.number);
}

const near = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Up to 6 significant decimals, no exponent for ordinary magnitudes, no float noise. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Number(value.toPrecision(12));
  const abs = Math.abs(rounded);
  if (abs !== 0 && (abs >= 1e15 || abs < 1e-6)) return rounded.toExponential(6);
  return rounded.toLocaleString('en-US', { maximumFractionDigits: 6, useGrouping: true });
}

/** "1,234.5 USD (×1e6)" style text for the answer line. */
function describe(value: number, unit: string | null, scale: number | null): string {
  const n = formatNumber(value);
  if (unit === '%') return `${n}%`;
  const scaleWord =
    scale === 1e3 ? ' thousand' : scale === 1e6 ? ' million' : scale === 1e9 ? ' billion' : '';
  if (unit === 'USD') return `$${n}${scaleWord}`;
  return `${n}${scaleWord}${unit ? ` ${unit}` : ''}`;
}

type Placed = Pick<CellRead, 'value' | 'unit' | 'scale'> & { value: number };

/**
 * A program's result as an answer. The unit and scale are inferred only where the program's
 * reads make them certain, kept deliberately simple:
 * - the result is one of the cells it read (as displayed, or in base units): that cell's unit
 *   and scale (scale 1 for base units);
 * - the result is a sum or difference of two cells sharing a unit and scale: theirs;
 * - it is a ratio a/b or a change (a−b)/b of two cells sharing a unit: a plain number (unit
 *   null, scale 1), or ×100 of one: a percentage (unit "%", scale 0.01);
 * - anything else: unit and scale unknown (null).
 * Strings are parsed as answers would be ("$1.2 billion"); booleans are their word.
 */
export function answerFromProgram(
  value: number | string | boolean | null,
  reads: readonly CellRead[],
): AskAnswer {
  if (value === null) return { text: '', value: null, unit: null, scale: null };
  if (typeof value === 'boolean')
    return { text: value ? 'yes' : 'no', value: null, unit: null, scale: null };
  if (typeof value === 'string') {
    // The program's own string is the answer text; its number (if any) is parsed from it.
    return { ...answerFromText(value), text: value };
  }
  const placed = reads.filter((r): r is CellRead & Placed => r.value !== null);
  const { unit, scale } = inferUnit(value, placed);
  return { text: describe(value, unit, scale), value, unit, scale };
}

function inferUnit(
  value: number,
  reads: readonly Placed[],
): { unit: string | null; scale: number | null } {
  for (const r of reads) {
    if (near(value, r.value)) return { unit: r.unit, scale: r.scale };
    if (r.scale !== null && r.scale !== 1 && near(value, r.value * r.scale))
      return { unit: r.unit, scale: 1 };
  }
  for (const a of reads) {
    for (const b of reads) {
      if (a === b || a.unit !== b.unit) continue;
      const sameScale = a.scale === b.scale;
      if (sameScale && (near(value, a.value + b.value) || near(value, a.value - b.value)))
        return { unit: a.unit, scale: a.scale };
      if (b.value === 0 || !sameScale) continue;
      const ratio = a.value / b.value;
      const change = (a.value - b.value) / b.value;
      if (near(value, ratio) || near(value, change)) return { unit: null, scale: 1 };
      if (near(value, ratio * 100) || near(value, change * 100)) return { unit: '%', scale: 0.01 };
    }
  }
  return { unit: null, scale: null };
}
