import { scaleFactor, type ScaleName } from './scale-words';

export type NumberUnit = 'percent' | 'basis-points';

/** One number as written in finance text, with everything written around it. */
export interface ParsedNumber {
  /** Signed value as written, before the scale word and unit: "$3.2 billion" → 3.2. */
  value: number;
  /** `value` times the scale word: "$3.2 billion" → 3.2e9. Percent is not applied. */
  scaled: number;
  scale?: ScaleName;
  unit?: NumberUnit;
  /** Currency symbol or code as written ("$", "US$", "EUR"). */
  currency?: string;
  /**
   * Digits after the decimal point as displayed, shifted by any exponent ("23.42" → 2,
   * "1.2e3" → -2). This is the precision the writer committed to.
   */
  decimals: number;
  /** Written with a minus sign or in accounting parentheses. */
  negative: boolean;
  /** Accounting negative: "(1,234.5)", or "(1,234.5" as a whole text (./parentheses.ts). */
  parenthesized: boolean;
  /** Hedged: "approximately 5", "~5", "about 5". */
  approximate: boolean;
  /** A dash standing for nil in a table cell ("—"): value 0. */
  nil: boolean;
  /** The matched text and its offset in the (cleaned) source. */
  text: string;
  index: number;
}

/** The quantity a parsed number denotes: scale applied, percent as a fraction (12.5% → 0.125). */
export function quantityOf(n: ParsedNumber): number {
  if (n.unit === 'percent') return n.scaled / 100;
  if (n.unit === 'basis-points') return n.scaled / 10000;
  return n.scaled;
}

/** Half a unit in the last displayed digit, in the same units as `scaled`. */
export function halfUlpOf(n: ParsedNumber): number {
  return 0.5 * 10 ** -n.decimals * scaleFactor(n.scale);
}
