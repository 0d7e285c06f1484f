import { parseNumber } from '../../../numbers/parse-number';
import { scaleFactor, scaleFromLabel } from '../../../numbers/scale-words';
import { pyStr, type JsonValue } from '../../python/py-repr';

// Why a TAT-QA prediction missed, in words. Only explains; never changes EM/F1.

function quantity(value: JsonValue | undefined, scale: string): number | undefined {
  const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  if (single === undefined || single === null || typeof single === 'object') return undefined;
  const n =
    typeof single === 'number' ? { scaled: single, unit: undefined } : parseNumber(pyStr(single));
  if (!n) return undefined;
  if (scale === 'percent' || n.unit === 'percent') return n.scaled / 100;
  return n.scaled * scaleFactor(scaleFromLabel(scale));
}

const close = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1e-12);

export function diagnoseTatqaMiss(
  gold: JsonValue,
  goldScale: string,
  pred: JsonValue | undefined,
  predScale: string,
  f1: number,
): string {
  const g = quantity(gold, goldScale);
  const p = quantity(pred, predScale);
  if (g !== undefined && p !== undefined) {
    if (close(g, p) && goldScale !== predScale)
      return `value in another unit rejected (${predScale || 'no scale'} vs ${goldScale || 'no scale'}; TAT-QA rounds to 2 decimals before scaling)`;
    if (close(g, p)) return 'equal value, different rounding or text';
    if (close(g, -p)) return 'sign flipped';
    const ratio = Math.abs(p / g);
    const k = Math.round(Math.log10(ratio));
    if (k !== 0 && close(ratio, 10 ** k))
      return k === 2 || k === -2 ? 'percent vs fraction (×100)' : `off by ×10^${k} (scale)`;
    const off = `off by ${((100 * Math.abs(p - g)) / Math.abs(g || 1)).toPrecision(3)}%`;
    if (goldScale !== predScale)
      return `different value (${off}; given in ${predScale || 'no scale'}, gold in ${goldScale || 'no scale'})`;
    return `different value (${off})`;
  }
  if (f1 >= 1) return 'no exact match: the same words, split or ordered otherwise (EM 0, F1 1)';
  if (f1 > 0)
    return Array.isArray(gold) && gold.length > 1
      ? `partial list (F1 ${f1})`
      : `partial span overlap (F1 ${f1})`;
  return 'no exact match';
}
