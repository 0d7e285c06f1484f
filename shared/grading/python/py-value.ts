// The values our small Python-expression evaluator produces. Ints are bigints because Python
// ints are unbounded and DocMath compares them after eval().

export type PyValue =
  | { t: 'int'; v: bigint }
  | { t: 'bool'; v: boolean }
  | { t: 'float'; v: number }
  | { t: 'complex'; re: number; im: number }
  | { t: 'str'; v: string }
  | { t: 'none' }
  | { t: 'tuple'; items: PyValue[] }
  | { t: 'list'; items: PyValue[] }
  | { t: 'builtin'; name: string }
  | { t: 'module'; name: 'math' };

/** A Python exception, named by its type so callers can report why eval failed. */
export class PyError extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(`${pyType}: ${message}`);
  }
}

export const pyInt = (v: bigint): PyValue => ({ t: 'int', v });
export const pyFloat = (v: number): PyValue => ({ t: 'float', v });

/** float(int): Python raises OverflowError instead of returning inf. */
export function bigToFloat(v: bigint): number {
  const x = Number(v);
  if (!Number.isFinite(x)) throw new PyError('OverflowError', 'int too large to convert to float');
  return x;
}

export function typeName(v: PyValue): string {
  return v.t === 'builtin' ? 'builtin_function_or_method' : v.t;
}
