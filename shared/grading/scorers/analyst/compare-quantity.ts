import { scaleFactor, type ScaleName } from '../../../numbers/scale-words';
import type { QuestionSpec } from '../../question-spec';
import { diagnose, equalAtPrecision } from '../strict/compare-readings';

// Quantities compared the way an analyst checks an answer against the answer key:
// in the gold's form (its scale, percent or fraction), at the precision the question asked
// for, or the gold's own precision when it asked for none. Every acceptance and every error
// is named in the rule.

/** A number with what was written around it, as the analyst scorer compares it. */
export interface Quantity {
  value: number;
  /** Digits after the decimal point as written. */
  decimals: number;
  percent: boolean;
  scale?: ScaleName;
}

export interface QuantityComparison {
  ok: boolean;
  rule: string;
  /** The answer in the gold's form, as finally compared. */
  compared: number;
}

interface Candidate {
  value: number;
  decimals: number;
  /** How the answer was read, when not as written. */
  reading?: string;
}

const log10Ratio = (a: number, b: number): number => Math.round(Math.log10(a / b));

/** The answer read in the gold's form: as written, converted, or in the unit the question asks. */
function candidates(p: Quantity, g: Quantity, q: QuestionSpec): Candidate[] {
  const out: Candidate[] = [];
  const goldScale = g.scale ?? q.scale;
  const fg = scaleFactor(goldScale);
  if (p.percent || g.percent) {
    if (p.percent === g.percent) out.push({ value: p.value, decimals: p.decimals });
    else if (p.percent) {
      out.push({
        value: p.value / 100,
        decimals: p.decimals + 2,
        reading: `${p.value}% as the fraction ${round12(p.value / 100)}`,
      });
      // A gold with no unit may be the percent figure itself (FinanceMath: 8.588 for 8.588%).
      if (!g.scale && !q.scale)
        out.push({
          value: p.value,
          decimals: p.decimals,
          reading: `${p.value}% against a gold with no unit, as the same percent figure`,
        });
    } else {
      // A bare number against a percent gold: first as that percent ("2.1" for 2.1%, how a
      // program returns it), then as a fraction of one ("0.021" for 2.1%).
      out.push({
        value: p.value,
        decimals: p.decimals,
        reading: 'a bare number read in the percent of the gold',
      });
      out.push({
        value: p.value * 100,
        decimals: p.decimals - 2,
        reading: `the fraction ${p.value} as ${round12(p.value * 100)}%`,
      });
    }
    return out;
  }
  if (p.scale !== undefined) {
    const fp = scaleFactor(p.scale);
    out.push(
      fp === fg
        ? { value: p.value, decimals: p.decimals }
        : {
            value: (p.value * fp) / fg,
            decimals: p.decimals + log10Ratio(fg, fp),
            reading: `${p.scale}s converted to ${goldScale ? `${goldScale}s` : 'units'}`,
          },
    );
    return out;
  }
  out.push({ value: p.value, decimals: p.decimals });
  // A full dollar figure against a gold with no unit anywhere: FinanceBench golds are in
  // millions by convention ("$1,577,000,000" for 1577), read so when the figure is that large.
  if (fg === 1 && !goldScale && Math.abs(p.value) >= 1e6 && Math.abs(g.value) < 1e6)
    out.push({
      value: p.value / 1e6,
      decimals: p.decimals + 6,
      reading: 'a full figure read in millions (the gold has no unit)',
    });
  if (fg !== 1)
    out.push({
      value: p.value / fg,
      decimals: p.decimals + log10Ratio(fg, 1),
      reading: `an unscaled figure read as units, in ${goldScale}s`,
    });
  if (q.percent && !g.percent)
    out.push({
      value: p.value / 100,
      decimals: p.decimals + 2,
      reading: 'a bare number read in the percent the question asks for',
    });
  return out;
}

const round12 = (x: number): number => Number(x.toPrecision(12));

/** Gold precision: the question's "round to N decimal places" in the gold's form, else its own. */
export function goldDecimals(
  g: Quantity,
  q: QuestionSpec,
): { decimals: number; requested: boolean } {
  if (q.decimals === undefined) return { decimals: g.decimals, requested: false };
  const inGoldForm = q.percent && !g.percent ? q.decimals + 2 : q.decimals;
  return { decimals: Math.max(inGoldForm, g.decimals), requested: true };
}

const EPS = 1e-9;

/**
 * Accepts, in order:
 * 1. equal at the gold precision (requested or the gold's own): the answer rounds to the gold;
 * 2. when the question asks for N decimals and the answer gives at least N: within one unit of
 *    the last requested decimal once the answer's own rounding is counted (the two rounding
 *    ranges meet): intermediate rounding, "24.25" for 24.26;
 * 3. when the question asks for no precision: an answer rounded more coarsely than the gold,
 *    correctly, with at least three significant digits ("$1.58 billion" for 1,577 millions).
 * Sign flips and ×10^k are never accepted; they are named.
 */
/**
 * The relative tolerance of a value computed from rounded figures: each input of k significant
 * digits carries up to half a unit in its last digit, 0.5·10^(1−k) relative, and a ratio or
 * difference of two such inputs up to twice that. `digits` is the fewest significant digits
 * among the figures the answer computes from (3 to 6).
 */
export function inputTolerance(digits: number): number {
  const k = Math.min(6, Math.max(3, Math.round(digits)));
  return 2 * 0.5 * 10 ** (1 - k);
}

export interface CompareOptions {
  /** Significant digits of the figures the answer was computed from (see inputTolerance). */
  inputDigits?: number;
}

export function compareQuantity(
  p: Quantity,
  g: Quantity,
  q: QuestionSpec,
  options: CompareOptions = {},
): QuantityComparison {
  const cands = candidates(p, g, q);
  const { decimals: gd, requested } = goldDecimals(g, q);
  const where = requested
    ? `the requested precision (${gd} decimals)`
    : `the gold's precision (${gd} decimals)`;
  const how = (c: Candidate): string => (c.reading ? `, reading ${c.reading}` : '');
  for (const c of cands)
    if (equalAtPrecision(c.value, g.value, gd))
      return { ok: true, compared: c.value, rule: `equal at ${where}${how(c)}` };
  if (requested)
    for (const c of cands) {
      if (c.decimals < gd) continue;
      if (c.value !== 0 && g.value !== 0 && Math.sign(c.value) !== Math.sign(g.value)) continue;
      const tolerance = 0.5 * 10 ** -gd + 0.5 * 10 ** -c.decimals;
      if (Math.abs(c.value - g.value) <= tolerance + EPS * Math.max(1, Math.abs(g.value)))
        return {
          ok: true,
          compared: c.value,
          rule: `within one unit of the last requested decimal (${gd} decimals; intermediate rounding)${how(c)}`,
        };
    }
  if (!requested)
    for (const c of cands) {
      if (c.decimals >= gd || c.value === 0 || g.value === 0) continue;
      const significant = Math.floor(Math.log10(Math.abs(c.value))) + 1 + c.decimals;
      if (significant >= 3 && equalAtPrecision(g.value, c.value, c.decimals))
        return {
          ok: true,
          compared: c.value,
          rule: `gold rounded to the answer's precision (${c.decimals} decimals)${how(c)}`,
        };
    }
  // 4. When the question fixes no rounding and the gold is a computed figure (a ratio, a
  //    percent, anything with decimals): within the precision of the inputs.
  if (!requested && options.inputDigits !== undefined && (g.decimals > 0 || g.percent)) {
    const tol = inputTolerance(options.inputDigits);
    for (const c of cands) {
      if (g.value === 0 || Math.sign(c.value) !== Math.sign(g.value)) continue;
      if (Math.abs(c.value - g.value) <= tol * Math.abs(g.value) * (1 + 1e-9))
        return {
          ok: true,
          compared: c.value,
          rule: `within the precision of its inputs (±${round12(tol * 100)}% relative: figures of ${Math.min(6, Math.max(3, Math.round(options.inputDigits)))} significant digits, two inputs)${how(c)}`,
        };
    }
  }
  const primary = cands[0] ?? { value: p.value, decimals: p.decimals };
  return {
    ok: false,
    compared: primary.value,
    rule: diagnose(primary.value, g.value, gd, primary.decimals),
  };
}
