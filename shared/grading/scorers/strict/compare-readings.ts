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

/**
 * Names the error when nothing matched: sign, ×10^k, both, or how far off. The analyst scorer
 * uses the same labels.
 */
export function diagnose(v: number, g: number, decimals: number): string {
  if (g === 0) return v === 0 ? 'equal' : 'different value (gold is 0)';
  const flipped = Math.sign(v) !== Math.sign(g) && v !== 0;
  const mag = Math.abs(v);
  const gm = Math.abs(g);
  // Labelling only (the verdict is already "wrong"): within 1% is close enough to name the error.
  const near = (x: number): boolean =>
    equalAtPrecision(x, gm, decimals) || Math.abs(x - gm) <= 0.01 * gm;
  if (flipped && near(mag)) return 'sign flipped';
  if (mag > 0) {
    const k = log10Ratio(mag, gm);
    if (k !== 0 && near(mag / 10 ** k))
      return `${flipped ? 'sign flipped and ' : ''}${powerLabel(k)}`;
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
  return { ok: false, compared: primary.value, rule: diagnose(primary.value, g.value, g.decimals) };
}
