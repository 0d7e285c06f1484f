import { pyFloatRepr } from './py-float';

/** A value as it arrives from JSON, which is what the official scorers call str() on. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * JSON drops the int/float distinction Python keeps ("5.0" and "5" both parse to 5). We read
 * integral numbers below 2^53 as Python ints; the official scorers format numbers through
 * '%.4f' or float(), where the two agree, so this only shows in str() of huge values.
 */
function pyNumberStr(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 2 ** 53) return x.toFixed(0);
  return pyFloatRepr(x);
}

function pyStringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(new RegExp(quote, 'g'), `\\${quote}`);
  return quote + body + quote;
}

/** Python repr() of a JSON value. */
export function pyRepr(v: JsonValue): string {
  if (typeof v === 'string') return pyStringRepr(v);
  return pyStr(v);
}

/** Python str() of a JSON value. */
export function pyStr(v: JsonValue): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return pyNumberStr(v);
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${pyStringRepr(k)}: ${pyRepr(x)}`)
    .join(', ')}}`;
}

/** Python truthiness of a JSON value (`if not prediction:`). */
export function pyTruthy(v: JsonValue | undefined): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}
