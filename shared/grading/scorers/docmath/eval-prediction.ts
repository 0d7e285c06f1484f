import { pyEval } from '../../python/py-eval';
import { bigToFloat, PyError, type PyValue } from '../../python/py-value';

/** What DocMath's normalize() ends with after eval(): a number, something else, or a failure. */
export type EvaluatedPrediction =
  | { kind: 'number'; value: number; from: 'int' | 'float' | 'bool' | 'complex' }
  | { kind: 'non-numeric'; pyType: string }
  | { kind: 'eval-error'; pyType: string; message: string };

/**
 * eval() plus the official type conversions: complex → real part, tuple/set → list,
 * bool stays bool (compare_two_numbers then treats it as the int it is in Python).
 * Any exception becomes 0, exactly as the official `except Exception: prediction = 0`.
 */
export function evalPrediction(expression: string): EvaluatedPrediction {
  let v: PyValue;
  try {
    v = pyEval(expression);
  } catch (e) {
    if (!(e instanceof PyError)) throw e;
    return { kind: 'eval-error', pyType: e.pyType, message: e.message };
  }
  switch (v.t) {
    case 'int':
      return { kind: 'number', value: safeFloat(v.v), from: 'int' };
    case 'float':
      return { kind: 'number', value: v.v, from: 'float' };
    case 'bool':
      return { kind: 'number', value: v.v ? 1 : 0, from: 'bool' };
    case 'complex':
      return { kind: 'number', value: v.re, from: 'complex' };
    case 'str':
    case 'none':
    case 'tuple':
    case 'list':
    case 'builtin':
    case 'module':
      return { kind: 'non-numeric', pyType: v.t };
  }
}

/**
 * compare_two_numbers mixes an int with a float gold in divisions, which converts the int to
 * float and raises OverflowError past 1.8e308; NaN stands in for "raises" (scored 0).
 */
function safeFloat(v: bigint): number {
  try {
    return bigToFloat(v);
  } catch {
    return NaN;
  }
}
