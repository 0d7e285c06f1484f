import type { Reading } from './reading';

// The strict comparison: equal to the gold's displayed precision, in the gold's unit, after
// reading the prediction in every unit it could honestly mean. Everything else is wrong, and
// the rule says what kind of wrong (sign, ×10^k scale, percent vs fraction).

export interface StrictComparison {
  ok: boolean;
  rule: string;
  /** The prediction in the gold's display unit, as it was finally compared. */
  compared: number;
}

interface Candidate {
  /** Prediction value in the gold's display unit. */
  value: number;
  /** Decimals of the prediction in the gold's display unit. */
  decimals: number;
  rule: string;
}

/** |v| rounds (half up) to |g| at `decimals` places, same sign. */
export function equalAtPrecision(v: number, g: number, decimals: number): boolean {
  if (v === g) return true;
  if (v !== 0 && g !== 0 && Math.sign(v) !== Math.sign(g)) return false;
  const s = (Math.abs(v) - Math.abs(g)) * 10 ** decimals;
  return s >= -0.5 - 1e-9 && s < 0.5 - 1e-9;
}

/**
 * The model rounded more coarsely than the gold, correctly, and kept at least three
 * significant digits: gold 38.889 → "38.89" passes, gold 0.143 → "0.14" does not.
 */
function roundedCorrectly(c: Candidate, g: number): boolean {
  if (c.value === 0 || g === 0) return false;
  const significant = Math.floor(Math.log10(Math.abs(c.value))) + 1 + c.decimals;
  return significant >= 3 && equalAtPrecision(g, c.value, c.decimals);
}

const log10Ratio = (a: number, b: number): number => Math.round(Math.log10(a / b));

function candidates(p: Reading, g: Reading): Candidate[] {
  const out: Candidate[] = [];
  const sameScale = p.factor === g.factor || !p.explicitScale;
  const unitsClash = p.explicitPercent && g.explicitPercent && p.percent !== g.percent;
  if (sameScale && !unitsClash)
    out.push({ value: p.value, decimals: p.decimals, rule: 'equal at gold precision' });
  // A bare gold number ("1234.5" for a question asked in millions) carries no unit, so an
  // answer of "$1,234.5 million" matches it as written; the rule names the assumption.
  if (!sameScale && !g.explicitScale && !unitsClash)
    out.push({
      value: p.value,
      decimals: p.decimals,
      rule: `equal, reading the unitless gold in the answer's unit (${p.scale ?? 'units'})`,
    });
  if (p.factor !== g.factor || (!p.explicitScale && g.factor !== 1)) {
    const k = log10Ratio(g.factor, p.factor);
    out.push({
      value: (p.value * p.factor) / g.factor,
      decimals: p.decimals + k,
      rule: p.explicitScale
        ? `equal in another stated unit (${p.scale ?? 'units'} vs ${g.scale ?? 'units'})`
        : `equal in base units (gold in ${g.scale ?? 'units'})`,
    });
  }
  if (g.percent && !p.percent)
    out.push({
      value: p.value * 100,
      decimals: p.decimals - 2,
      rule: `fraction equals percent (${p.value} = ${p.value * 100}%)`,
    });
  if (!g.percent && p.percent)
    out.push({
      value: p.value / 100,
      decimals: p.decimals + 2,
      rule: `fraction equals percent (${p.value}% = ${p.value / 100})`,
    });
  return out;
}

function powerLabel(k: number): string {
  if (k === 2 || k === -2) return 'percent vs fraction (×100)';
  const factor = k > 0 ? `×${10 ** k}` : `×1/${10 ** -k}`;
  return k % 3 === 0 ? `off by ${factor} (scale)` : `off by ${factor}`;
}

/** Significant digits a value keeps at `decimals` places (0.043 at 0 decimals keeps none). */
const significantAt = (x: number, decimals: number): number =>
  x === 0 ? 0 : Math.floor(Math.log10(Math.abs(x))) + 1 + decimals;

/**
 * Names the error when nothing matched, and names a slip only when the numbers show it:
 * - **sign flipped**: the gold's magnitude, within rounding, with the other sign;
 * - **×10^k** ("off by ×1000 (scale)", "percent vs fraction (×100)"): the ratio is a power of
 *   ten within rounding (the two agree at the coarser of their precisions, keeping at least
 *   two significant digits), so 0.561 for 56.54 is a different value, not a ×100 slip;
 * - **rounding**: a coarser answer that is the gold correctly rounded but too short to accept
 *   (2.9 for 2.93), or, at the gold's precision, one unit apart in the last decimal (11.46 for
 *   11.45), with at least two significant digits there;
 * - otherwise **different value (off by N%)**.
 * `answerDecimals` is the answer's own precision (as written, in the gold's unit); without it
 * the gold's is used. The analyst scorer uses the same labels.
 */
export function diagnose(
  v: number,
  g: number,
  decimals: number,
  answerDecimals: number = decimals,
): string {
  if (g === 0) return v === 0 ? 'equal' : 'different value (gold is 0)';
  const flipped = Math.sign(v) !== Math.sign(g) && v !== 0;
  const mag = Math.abs(v);
  const gm = Math.abs(g);
  // Within rounding: equal at the coarser of the two precisions, with ≥ 2 significant digits
  // (or as many as the gold itself has: -0.02 has one).
  const needed = Math.min(2, Math.max(1, significantAt(gm, decimals)));
  const near = (x: number, xDecimals: number): boolean => {
    const d = Math.min(Math.max(0, Math.round(xDecimals)), decimals);
    if (Math.abs(x - gm) <= 1e-9 * gm) return true;
    return (
      significantAt(gm, d) >= needed && equalAtPrecision(x, gm, d) && equalAtPrecision(gm, x, d)
    );
  };
  if (flipped && near(mag, answerDecimals)) return 'sign flipped';
  if (mag > 0) {
    const k = log10Ratio(mag, gm);
    if (k !== 0 && near(mag / 10 ** k, answerDecimals + k))
      return `${flipped ? 'sign flipped and ' : ''}${powerLabel(k)}`;
  }
  if (!flipped) {
    // A coarser answer must be the gold correctly rounded (2.9 for 2.93, not 13 for 12.2); at
    // the gold's own precision one unit apart is a rounding slip (11.46 for 11.45).
    const coarser = answerDecimals < decimals;
    const d = Math.max(0, Math.min(answerDecimals, decimals));
    const tolerance = (coarser ? 0.5 : 1) * 10 ** -d * (1 + 1e-9);
    // Whole numbers one apart (a count of 2 for 3) are not a rounding slip.
    if ((coarser || d > 0) && significantAt(gm, d) >= needed && Math.abs(v - g) <= tolerance)
      return `rounding: off by one in the last decimal (${d} decimals)`;
  }
  const rel = Math.abs(v - g) / gm;
  return `different value (off by ${(rel * 100).toPrecision(3)}%)`;
}

export function compareReadings(p: Reading, g: Reading): StrictComparison {
  const cands = candidates(p, g);
  for (const c of cands) {
    if (equalAtPrecision(c.value, g.value, g.decimals))
      return {
        ok: true,
        compared: c.value,
        rule:
          c.rule !== 'equal at gold precision'
            ? c.rule
            : g.exactInteger
              ? 'equal to the integer gold (taken as exact)'
              : `${c.rule} (${g.decimals} decimals)`,
      };
  }
  for (const c of cands) {
    if (c.decimals < g.decimals && roundedCorrectly(c, g.value))
      return {
        ok: true,
        compared: c.value,
        rule: `gold rounded to the answer's precision (${c.decimals} decimals)`,
      };
  }
  const primary = cands[0] ?? { value: (p.value * p.factor) / g.factor, decimals: p.decimals };
  return {
    ok: false,
    compared: primary.value,
    rule: diagnose(primary.value, g.value, g.decimals, primary.decimals),
  };
}
