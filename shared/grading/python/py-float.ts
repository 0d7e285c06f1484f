import { toAsciiDigits } from './ascii-digits';
import { pyStrip } from './py-whitespace';

// Python float formatting and rounding, bit for bit. The official scorers round with
// round(x, n) and format with '%.4f'; both round half-to-even on the exact binary value,
// whereas JavaScript's toFixed breaks exact ties away from zero.

/**
 * True when x·10^nd lies exactly halfway between two integers. That requires x to be an odd
 * multiple of 2^-(nd+1) (the 5^nd factor must divide the numerator), which we can test exactly
 * by scaling with a power of two.
 */
function isExactTie(x: number, nd: number): boolean {
  const m = x * 2 ** (nd + 1);
  return Number.isInteger(m) && Math.abs(m % 2) === 1;
}

/** |x|·10^nd rounded half-to-even, for exact ties only (see isExactTie). */
function evenOfTie(x: number, nd: number): number {
  const twiceScaled = Math.abs(x) * 2 ** (nd + 1) * 5 ** nd; // = 2q+1, exact for sane sizes
  const q = (twiceScaled - 1) / 2;
  return q % 2 === 0 ? q : q + 1;
}

/** Python round(x, nd) for a float and nd ≥ 0. */
export function pyRound(x: number, nd: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return x;
  if (isExactTie(x, nd)) {
    const r = evenOfTie(x, nd) / 10 ** nd;
    return x < 0 ? -r : r;
  }
  // V8's toFixed is exact on the binary value, so away from ties it equals Python's rounding.
  return Number(x.toFixed(nd));
}

/** Python '%.{nd}f' % x */
export function pyFormatFixed(x: number, nd: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const a = Math.abs(x);
  if (a >= 1e21) return `${sign}${BigInt(a).toString()}${nd > 0 ? '.' + '0'.repeat(nd) : ''}`;
  let body: string;
  if (isExactTie(a, nd)) {
    const q = evenOfTie(a, nd)
      .toString()
      .padStart(nd + 1, '0');
    body = nd === 0 ? q : `${q.slice(0, q.length - nd)}.${q.slice(q.length - nd)}`;
  } else body = a.toFixed(nd);
  return sign + body;
}

/** Python repr(float): shortest round-trip digits, fixed notation for 1e-4 ≤ |x| < 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mant = '', expText = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mant.replace('.', '');
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const fracPart = digits.slice(exp + 1) || '0';
  return `${sign}${intPart}.${fracPart}`;
}

const PY_FLOAT =
  /^[+-]?(?:(?:\d(?:_?\d)*)?\.?(?:\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

/** Python float(s): undefined where Python raises ValueError. Accepts "1_000", " 5 ", "inf". */
export function pyParseFloat(s: string): number | undefined {
  const t = toAsciiDigits(pyStrip(s));
  if (!PY_FLOAT.test(t) || !/\d|inf|nan/i.test(t)) return undefined;
  if (/^[+-]?\.?(?:[eE]|$)/.test(t)) return undefined; // "." or "e5" alone
  const lower = t.toLowerCase();
  if (lower.includes('nan')) return NaN;
  if (lower.includes('inf')) return lower.startsWith('-') ? -Infinity : Infinity;
  return Number(t.replace(/_/g, ''));
}
