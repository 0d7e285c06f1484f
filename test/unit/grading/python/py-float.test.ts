import { describe, expect, it } from 'vitest';
import {
  pyFloatRepr,
  pyFormatFixed,
  pyParseFloat,
  pyRound,
} from '../../../../shared/grading/python/py-float';
import { pySplit, pyStrip } from '../../../../shared/grading/python/py-whitespace';
import { pyStr, pyTruthy } from '../../../../shared/grading/python/py-repr';

// Expected values are what CPython 3.11 prints for the same expressions.
describe('Python float semantics', () => {
  it.each([
    [2.675, 2, 2.67],
    [0.125, 2, 0.12],
    [-0.125, 2, -0.12],
    [0.375, 2, 0.38],
    [1.005, 2, 1],
    [1496.5, 2, 1496.5],
    [1.03125, 4, 1.0312],
    [23.41649, 4, 23.4165],
  ])('round(%d, %d) = %d', (x, nd, expected) => {
    expect(pyRound(x, nd)).toBe(expected);
  });

  it.each([
    [1.03125, '1.0312'],
    [1.09375, '1.0938'],
    [-0.0, '-0.0000'],
    [1496500000, '1496500000.0000'],
    [0.2342, '0.2342'],
    [1e22, '10000000000000000000000.0000'],
  ])("'%%.4f' %% %d = %s", (x, expected) => {
    expect(pyFormatFixed(x, 4)).toBe(expected);
  });

  it.each([
    [1e16, '1e+16'],
    [1e-5, '1e-05'],
    [1.2345678901234568e17, '1.2345678901234568e+17'],
    [0.0001, '0.0001'],
    [134, '134.0'],
    [1496.5, '1496.5'],
    [-0.0, '-0.0'],
  ])('repr(%d) = %s', (x, expected) => {
    expect(pyFloatRepr(x)).toBe(expected);
  });

  it('parses like float()', () => {
    expect(pyParseFloat(' 1_000 ')).toBe(1000);
    expect(pyParseFloat('1.')).toBe(1);
    expect(pyParseFloat('.5')).toBe(0.5);
    expect(pyParseFloat('-inf')).toBe(-Infinity);
    expect(pyParseFloat('nan')).toBeNaN();
    expect(pyParseFloat('١٢')).toBe(12);
    for (const bad of ['', '.', 'e5', '1e', '1__0', '_1', '1,000', 'True', '$5'])
      expect(pyParseFloat(bad)).toBeUndefined();
  });

  it('splits and strips on Python whitespace', () => {
    expect(pySplit(' a\u00a0b\x1cc ')).toEqual(['a', 'b', 'c']);
    expect(pyStrip('\ufeffx')).toBe('\ufeffx');
  });

  it('renders str() and truthiness of JSON values like Python', () => {
    expect(pyStr(null)).toBe('None');
    expect(pyStr(true)).toBe('True');
    expect(pyStr(0.5)).toBe('0.5');
    expect(pyStr(['a', "it's"])).toBe(`['a', "it's"]`);
    expect(pyStr({ a: 1 })).toBe("{'a': 1}");
    for (const f of [null, 0, '', [], {}, false]) expect(pyTruthy(f)).toBe(false);
    for (const t of [1, 'x', [0], { a: null }]) expect(pyTruthy(t)).toBe(true);
  });
});
