import { PyError } from '../../python/py-value';

// DocMath-Eval's compare_two_numbers(p, gt), step by step, returning which step accepted so a
// verdict can say why. Python semantics are kept where they change results: max()/min() keep
// the first argument on ties or NaN, int() on inf/nan raises (the caller scores that as 0).

export type DocMathStep =
  | 'power-of-ten' // step 1: log10(v1/v2) is an integer (sign flips and exact ×10^k)
  | 'percent' // step 2: ×100 within 0.15%
  | 'thousand' // step 3: ×1000 within 0.15%
  | 'hundred-thousand' // step 4: ×100000 within 0.15%
  | 'ceil-3-decimals' // step 5: equal after rounding up to 3 decimals
  | 'within-0.15%' // step 6
  | 'no-match';

const pyMax = (a: number, b: number): number => (b > a ? b : a);
const pyMin = (a: number, b: number): number => (b < a ? b : a);

/** Python int(x) on a float. */
function pyInt(x: number): number {
  if (Number.isNaN(x)) throw new PyError('ValueError', 'cannot convert float NaN to integer');
  if (!Number.isFinite(x))
    throw new PyError('OverflowError', 'cannot convert float infinity to integer');
  return Math.trunc(x);
}

/** Python math.ceil(x) on a float. */
function pyCeil(x: number): number {
  if (Number.isNaN(x)) throw new PyError('ValueError', 'cannot convert float NaN to integer');
  if (!Number.isFinite(x))
    throw new PyError('OverflowError', 'cannot convert float infinity to integer');
  return Math.ceil(x);
}

/** math.log10 raises on 0 and negatives rather than returning -inf/nan. */
function pyLog10(x: number): number {
  if (x <= 0) throw new PyError('ValueError', 'math domain error');
  return Math.log10(x);
}

const roundUpTo3 = (x: number): number => pyCeil(x * 1000) / 1000;

export function withinEps(pred: number, gt: number): boolean {
  const eps = Math.abs(gt) * 0.0015;
  return pred >= gt - eps && pred <= gt + eps;
}

/** Throws PyError where the official function raises (the official get_acc then scores 0). */
export function compareTwoNumbers(p: number, gt: number): DocMathStep {
  const v1 = pyMax(Math.abs(gt), Math.abs(p));
  const v2 = pyMin(Math.abs(gt), Math.abs(p));
  if (v1 !== 0 && v2 !== 0) {
    const l = pyLog10(v1 / v2);
    if (pyInt(l) === l) return 'power-of-ten';
  }
  if (v2 <= v1 / 50 && withinEps(v2 * 100, v1)) return 'percent';
  else if (v2 <= v1 / 500 && withinEps(v2 * 1000, v1)) return 'thousand';
  else if (v2 <= v1 / 50000 && withinEps(v2 * 100000, v1)) return 'hundred-thousand';
  if (roundUpTo3(v1) === roundUpTo3(v2)) return 'ceil-3-decimals';
  return withinEps(p, gt) ? 'within-0.15%' : 'no-match';
}
