import { bigToFloat, PyError, typeName, type PyValue } from './py-value';

// Python arithmetic on ints (exact, unbounded), bools (ints in disguise) and floats (IEEE,
// with Python's exceptions where C would return inf or nan).

/** Exponent results larger than this many bits are refused rather than computed. */
const MAX_POW_BITS = 100_000;

type Numeric = { int: bigint } | { float: number };

function numeric(v: PyValue, op: string, other: PyValue): Numeric {
  if (v.t === 'int') return { int: v.v };
  if (v.t === 'bool') return { int: v.v ? 1n : 0n };
  if (v.t === 'float') return { float: v.v };
  if (v.t === 'complex') throw new PyError('Unsupported', 'complex arithmetic');
  throw new PyError(
    'TypeError',
    `unsupported operand type(s) for ${op}: '${typeName(v)}' and '${typeName(other)}'`,
  );
}

const asFloat = (n: Numeric): number => ('float' in n ? n.float : bigToFloat(n.int));

/** int / int as Python does it: correctly rounded, no overflow for big operands. */
function intTrueDiv(a: bigint, b: bigint): number {
  if (b === 0n) throw new PyError('ZeroDivisionError', 'division by zero');
  const na = Number(a);
  const nb = Number(b);
  if (Math.abs(na) < 2 ** 53 && Math.abs(nb) < 2 ** 53) return na / nb;
  const neg = a < 0n !== b < 0n;
  const ua = a < 0n ? -a : a;
  const ub = b < 0n ? -b : b;
  // Shift so the integer quotient carries ~80 significant bits, then scale back.
  const shift = BigInt(Math.max(0, 80 - (ua.toString(2).length - ub.toString(2).length)));
  const q = Number((ua << shift) / ub) * 2 ** -Number(shift);
  if (!Number.isFinite(q))
    throw new PyError('OverflowError', 'integer division result too large for a float');
  return neg ? -q : q;
}

function pyMod(a: number, b: number): number {
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r;
}

function bigFloorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** float ** float, including the cases where C99 pow and JavaScript disagree. */
export function floatPow(a: number, b: number): PyValue {
  if (b === 0) return { t: 'float', v: 1 };
  if (a === 1) return { t: 'float', v: 1 };
  if (a === -1 && !Number.isFinite(b)) return { t: 'float', v: 1 };
  if (a === 0 && b < 0)
    throw new PyError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  if (a < 0 && Number.isFinite(a) && Number.isFinite(b) && !Number.isInteger(b)) {
    // Python 3 returns a complex number here (CPython's c_pow on |a|·e^{iπ})
    const len = Math.pow(-a, b);
    const phase = Math.PI * b;
    return { t: 'complex', re: len * Math.cos(phase), im: len * Math.sin(phase) };
  }
  const r = Math.pow(a, b);
  if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b))
    throw new PyError('OverflowError', 'Numerical result out of range');
  return { t: 'float', v: r };
}

function intPow(a: bigint, b: bigint): PyValue {
  if (b < 0n) {
    if (a === 0n)
      throw new PyError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
    return floatPow(bigToFloat(a), bigToFloat(b));
  }
  const abs = a < 0n ? -a : a;
  if (abs > 1n && Number(b) * abs.toString(2).length > MAX_POW_BITS)
    throw new PyError('Unsupported', 'integer power too large to evaluate');
  return { t: 'int', v: a ** b };
}

function sequenceOp(op: string, a: PyValue, b: PyValue): PyValue | undefined {
  if (op === '+' && a.t === 'str' && b.t === 'str') return { t: 'str', v: a.v + b.v };
  if (op === '+' && (a.t === 'list' || a.t === 'tuple') && a.t === b.t)
    return { t: a.t, items: [...a.items, ...b.items] };
  return undefined;
}

export function binaryOp(op: string, a: PyValue, b: PyValue): PyValue {
  const seq = sequenceOp(op, a, b);
  if (seq) return seq;
  const x = numeric(a, op, b);
  const y = numeric(b, op, a);
  if (op === '^') {
    if ('int' in x && 'int' in y) {
      if (a.t === 'bool' && b.t === 'bool') return { t: 'bool', v: a.v !== b.v };
      return { t: 'int', v: x.int ^ y.int };
    }
    throw new PyError('TypeError', `unsupported operand type(s) for ^: '${a.t}' and '${b.t}'`);
  }
  if ('int' in x && 'int' in y) {
    switch (op) {
      case '+':
        return { t: 'int', v: x.int + y.int };
      case '-':
        return { t: 'int', v: x.int - y.int };
      case '*':
        return { t: 'int', v: x.int * y.int };
      case '/':
        return { t: 'float', v: intTrueDiv(x.int, y.int) };
      case '//':
        if (y.int === 0n)
          throw new PyError('ZeroDivisionError', 'integer division or modulo by zero');
        return { t: 'int', v: bigFloorDiv(x.int, y.int) };
      case '%': {
        if (y.int === 0n)
          throw new PyError('ZeroDivisionError', 'integer division or modulo by zero');
        return { t: 'int', v: x.int - bigFloorDiv(x.int, y.int) * y.int };
      }
      case '**':
        return intPow(x.int, y.int);
    }
  }
  const fa = asFloat(x);
  const fb = asFloat(y);
  switch (op) {
    case '+':
      return { t: 'float', v: fa + fb };
    case '-':
      return { t: 'float', v: fa - fb };
    case '*':
      return { t: 'float', v: fa * fb };
    case '/':
      if (fb === 0) throw new PyError('ZeroDivisionError', 'float division by zero');
      return { t: 'float', v: fa / fb };
    case '//':
      if (fb === 0) throw new PyError('ZeroDivisionError', 'float floor division by zero');
      return { t: 'float', v: Math.floor(fa / fb) };
    case '%':
      if (fb === 0) throw new PyError('ZeroDivisionError', 'float modulo');
      return { t: 'float', v: pyMod(fa, fb) };
    case '**':
      return floatPow(fa, fb);
  }
  throw new PyError('SyntaxError', `operator ${op}`);
}

export function unaryOp(op: string, a: PyValue): PyValue {
  if (a.t === 'float') {
    if (op === '~') throw new PyError('TypeError', "bad operand type for unary ~: 'float'");
    return { t: 'float', v: op === '-' ? -a.v : a.v };
  }
  if (a.t === 'int' || a.t === 'bool') {
    const v = a.t === 'int' ? a.v : a.v ? 1n : 0n;
    return { t: 'int', v: op === '-' ? -v : op === '~' ? ~v : v };
  }
  throw new PyError('TypeError', `bad operand type for unary ${op}: '${typeName(a)}'`);
}
