import { pyFloatRepr, pyFormatFixed, pyRound } from '../../python/py-float';

// TAT-QA's number helpers return Python ints or floats, and the difference shows in str()
// ("134" vs "134.0"), which feeds the exact-match strings. Keep the distinction.

export type PyNum = { int: bigint } | { float: number };

export const toFloat = (n: PyNum): number => ('int' in n ? Number(n.int) : n.float);

export function mul(a: PyNum, b: PyNum): PyNum {
  if ('int' in a && 'int' in b) return { int: a.int * b.int };
  return { float: toFloat(a) * toFloat(b) };
}

/** round(n, nd): ints come back unchanged, floats round half-even on the exact value. */
export function round(n: PyNum, nd: number): PyNum {
  return 'int' in n ? n : { float: pyRound(n.float, nd) };
}

export function str(n: PyNum): string {
  return 'int' in n ? n.int.toString() : pyFloatRepr(n.float);
}

/** '%.4f' % n */
export function fixed4(n: PyNum): string {
  return pyFormatFixed(toFloat(n), 4);
}
