import { describe, expect, it } from 'vitest';
import { pyEval } from '../../../../shared/grading/python/py-eval';
import { PyError, type PyValue } from '../../../../shared/grading/python/py-value';

function show(v: PyValue): string {
  switch (v.t) {
    case 'int':
      return v.v.toString();
    case 'float':
      return `${v.v}f`;
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'complex':
      return `complex(${v.re})`;
    case 'str':
      return JSON.stringify(v.v);
    case 'tuple':
    case 'list':
      return `${v.t}(${v.items.map(show).join(',')})`;
    default:
      return v.t;
  }
}

function errorType(src: string): string | undefined {
  try {
    pyEval(src);
    return undefined;
  } catch (e) {
    return e instanceof PyError ? e.pyType : 'not a PyError';
  }
}

// Each expected value was checked against CPython's eval().
describe('pyEval (safe subset of Python eval)', () => {
  it.each([
    [' 5', '5'],
    ['\t5', '5'],
    ['\n5', '5'],
    ['5\n', '5'],
    ['(5\n)', '5'],
    ['00', '0'],
    ['05.5', '5.5f'],
    ['1_000', '1000'],
    ['1.e3', '1000f'],
    ['.5', '0.5f'],
    ['5.', '5f'],
    ['2**-1', '0.5f'],
    ['-2**2', '-4'],
    ['2^3', '1'],
    ['2**3**2', '512'],
    ['7//2', '3'],
    ['-7//2', '-4'],
    ['-7%3', '2'],
    ['1/4', '0.25f'],
    ['119 / 99', `${119 / 99}f`],
    ['True+1', '2'],
    ['1e400', 'Infinityf'],
    ['1e308*10', 'Infinityf'],
    ['1,234', 'tuple(1,234)'],
    ['(1,)', 'tuple(1)'],
    ['[1, 2]', 'list(1,2)'],
    ['"(a)"', '"(a)"'],
    ['math.pow(10, 3)', '1000f'],
    ['1.5*math.pow(10, -2)', '0.015f'],
    ['5 #comment', '5'],
    ['12345678901234567890123 - 1', '12345678901234567890122'],
    ['True', 'True'],
    ['None', 'none'],
  ])('eval(%j) = %s', (src, expected) => {
    expect(show(pyEval(src))).toBe(expected);
  });

  it('returns the real part for a negative base to a fractional power (Python gives complex)', () => {
    const v = pyEval('(-8)**(1/3)');
    expect(v.t).toBe('complex');
    expect(v.t === 'complex' && v.re).toBeCloseTo(1.0000000000000002, 15);
  });

  it.each([
    ['5 \n ', 'SyntaxError'],
    ['1\n+2', 'SyntaxError'],
    ['05', 'SyntaxError'],
    ['1__0', 'SyntaxError'],
    ['3 5', 'SyntaxError'],
    ['0.5e', 'SyntaxError'],
    ['\u00a05', 'SyntaxError'],
    ['X', 'NameError'],
    ['0.454545 + 0.482841 + ', 'SyntaxError'],
    ['1/0', 'ZeroDivisionError'],
    ['10**400/1', 'OverflowError'],
    ['1.05^3', 'TypeError'],
    ['"D amount: EUR 18,', 'SyntaxError'],
    ['', 'SyntaxError'],
  ])('eval(%j) raises %s', (src, type) => {
    expect(errorType(src)).toBe(type);
  });

  // Outside the subset we refuse instead of executing. Python would raise a different error
  // for the first (SyntaxError) and run the others; every such result scores 0 in DocMath
  // (an error, a module or a string is not a number), so verdicts are unchanged.
  it.each([
    ['48.6 * N(-0', 'NameError'],
    ['__import__("os")', 'NameError'],
    ['open("/etc/passwd")', 'NameError'],
    ['(1).real', 'AttributeError'],
    ['[1][0]', 'Unsupported'],
    ['1 if True else 2', 'Unsupported'],
  ])('refuses %j with %s', (src, type) => {
    expect(errorType(src)).toBe(type);
  });
});
