import { parseNumber } from '../../../numbers/parse-number';
import type { ParsedNumber } from '../../../numbers/parsed-number';
import { decimalsOfFloat } from '../../../numbers/precision';
import { scaleFactor, scaleFromLabel, type ScaleName } from '../../../numbers/scale-words';

/** A number as the strict scorer compares it: what was written, in which unit, how precisely. */
export interface Reading {
  /** Signed number as written ("$1.4965 billion" → 1.4965). */
  value: number;
  /** Multiplier of the stated scale (1e9 for billion), 1 when none. */
  factor: number;
  scale?: ScaleName;
  percent: boolean;
  /** Digits after the decimal point as displayed. */
  decimals: number;
  /** Whether the scale / percent was stated (in the text or as a separate label). */
  explicitScale: boolean;
  explicitPercent: boolean;
  /** An integral JSON number: JSON keeps no trailing zeros, so we take it as exact. */
  exactInteger?: boolean;
  text: string;
}

/** Decimals at which an integral JSON gold is compared (tolerance 5e-7: float noise only). */
export const EXACT_INTEGER_DECIMALS = 6;

/**
 * Applies a separate scale label (TAT-QA `scale`, PoT `units`) where the text stated none.
 * A gold's empty label is a statement ("in units, not percent"); a prediction's empty label
 * only means the model gave none, so its number is still read in the gold's unit.
 */
function withLabel(r: Reading, label: string | undefined, isGold: boolean): Reading {
  if (label === undefined) return r;
  if (label === '') return isGold ? { ...r, explicitScale: true, explicitPercent: true } : r;
  if (label.toLowerCase().includes('percent') && !r.explicitPercent && !r.explicitScale)
    return { ...r, percent: true, explicitPercent: true };
  const scale = scaleFromLabel(label);
  if (scale && !r.explicitScale && !r.explicitPercent)
    return { ...r, scale, factor: scaleFactor(scale), explicitScale: true };
  return r;
}

export function readingFromParsed(n: ParsedNumber, label?: string, isGold = false): Reading {
  return withLabel(
    {
      value: n.value,
      factor: scaleFactor(n.scale),
      ...(n.scale ? { scale: n.scale } : {}),
      percent: n.unit === 'percent',
      decimals: n.decimals,
      explicitScale: n.scale !== undefined,
      explicitPercent: n.unit !== undefined,
      text: n.text,
    },
    label,
    isGold,
  );
}

/**
 * A JSON number. JSON drops trailing zeros, so a gold's precision comes from the dataset's
 * rounding convention when the reader knows it (`declaredDecimals`: TAT-QA rounds to 2,
 * FinanceMath to 3); otherwise from its shortest clean rendering (0.9380000000000001 → 3),
 * and an integral gold (12.0 arrives as 12) is taken as exact rather than as "12 ± 0.5".
 */
export function readingFromNumber(
  x: number,
  label?: string,
  isGold = false,
  declaredDecimals?: number,
): Reading {
  const shown = decimalsOfFloat(x);
  const exactInteger = isGold && declaredDecimals === undefined && Number.isInteger(x);
  const decimals = exactInteger
    ? EXACT_INTEGER_DECIMALS
    : declaredDecimals !== undefined
      ? Math.max(declaredDecimals, shown)
      : shown;
  return withLabel(
    {
      value: x,
      factor: 1,
      percent: false,
      decimals,
      ...(exactInteger ? { exactInteger } : {}),
      explicitScale: false,
      explicitPercent: false,
      text: String(x),
    },
    label,
    isGold,
  );
}

export function readingFromText(s: string, label?: string, isGold = false): Reading | undefined {
  const n = parseNumber(s);
  return n ? readingFromParsed(n, label, isGold) : undefined;
}

export function describeReading(r: Reading): string {
  const unit = r.percent ? '%' : r.scale ? ` ${r.scale}` : '';
  return `${r.value}${unit}`;
}
