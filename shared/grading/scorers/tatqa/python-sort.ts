import type { JsonValue } from '../../python/py-repr';

// sorted() over JSON values with Python's comparison rules: numbers (and bools) compare with
// each other, strings with strings by code point, anything else raises TypeError. The
// official TAT-QA script crashes on such lists; we surface that as an error verdict.

export class PySortError extends Error {}

function rank(v: JsonValue): 'num' | 'str' | 'other' {
  if (typeof v === 'number' || typeof v === 'boolean') return 'num';
  if (typeof v === 'string') return 'str';
  return 'other';
}

function codePointCompare(a: string, b: string): number {
  const ca = [...a];
  const cb = [...b];
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const d = (ca[i]?.codePointAt(0) ?? 0) - (cb[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return ca.length - cb.length;
}

export function pySorted(values: readonly JsonValue[]): JsonValue[] {
  return [...values].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb || ra === 'other')
      throw new PySortError(`'<' not supported between ${ra} and ${rb} values`);
    if (ra === 'num') return Number(a) - Number(b);
    return codePointCompare(a as string, b as string);
  });
}
