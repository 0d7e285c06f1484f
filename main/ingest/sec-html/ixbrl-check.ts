import type { XbrlFactRef } from '../../../shared/model';
import type { RawIxFact } from '../table/raw-types';

const numberWords: Record<string, number> = {
  no: 0, none: 0, zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7,
  eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
}; // prettier-ignore

/**
 * The magnitude an `ix:nonFraction` states: its displayed text read with its `format`, times
 * 10^scale (sign excluded). null for formats this reader does not know.
 */
export function ixFactMagnitude(
  fact: Pick<RawIxFact, 'shown' | 'format' | 'scale'>,
): number | null {
  const shown = fact.shown.replace(/[\s\u00a0]+/g, ' ').trim();
  const format = (fact.format ?? '').replace(/^[\w-]+:/, '').toLowerCase();
  let n: number | null = null;
  if (format === 'fixed-zero' || format === 'zerodash' || format === 'fixedzero') n = 0;
  else if (format.startsWith('numwordsen') || format === 'num-word-en') {
    n = numberWords[shown.toLowerCase()] ?? null;
  } else if (format === 'num-comma-decimal' || format === 'numcommadecimal') {
    const t = shown.replace(/[ .\u00a0]/g, '').replace(',', '.');
    n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
  } else if (format === '' || format.startsWith('num-dot-decimal') || format === 'numdotdecimal') {
    const t = shown.replace(/[ ,\u00a0]/g, '');
    n = /^\d*\.?\d+$/.test(t) ? Number(t) : null;
  }
  if (n === null) return null;
  return n * 10 ** fact.scale;
}

/** Same quantity up to floating-point noise. */
export function sameMagnitude(a: number, b: number): boolean {
  const x = Math.abs(a);
  const y = Math.abs(b);
  return Math.abs(x - y) <= 1e-9 * Math.max(1, x, y);
}

/**
 * The cell's copy of a fact, with whether the value read from the visible text agrees.
 * `shown` is the cell's value, or for a range cell its two ends: the n-th fact of a cell
 * is checked against the n-th number shown.
 */
export function crossCheck(
  fact: RawIxFact,
  index: number,
  shown: readonly number[],
  scale: number,
): XbrlFactRef {
  const magnitude = ixFactMagnitude(fact);
  const value = shown[Math.min(index, shown.length - 1)] ?? null;
  return {
    name: fact.name,
    contextRef: fact.contextRef,
    unitRef: fact.unitRef,
    scale: fact.scale,
    negated: fact.negated,
    agrees: magnitude === null ? null : value !== null && sameMagnitude(value * scale, magnitude),
  };
}
