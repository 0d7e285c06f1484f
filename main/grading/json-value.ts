import type { JsonValue } from '../../shared/grading/verdict';

/** Narrows parsed JSON to JsonValue; marker strings from parseJsonLenient stay strings. */
export function asJsonValue(v: unknown): JsonValue | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) {
    const items = v.map(asJsonValue);
    return items.every((x) => x !== undefined) ? items : undefined;
  }
  if (typeof v === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const j = asJsonValue(x);
      if (j === undefined) return undefined;
      out[k] = j;
    }
    return out;
  }
  return undefined;
}

/** A gold that can be graded: not missing, not NaN/Infinity (as number or Python marker). */
export function goldProblem(gold: unknown): string | undefined {
  if (gold === undefined) return 'missing gold';
  if (gold === null) return 'gold is null';
  if (typeof gold === 'number' && !Number.isFinite(gold)) return `gold is ${gold}`;
  if (typeof gold === 'string' && /^\s*-?(NaN|Infinity|inf|nan)\s*$/.test(gold))
    return `gold is ${gold.trim()}`;
  return undefined;
}

/** An item id: a non-empty string or a number. */
export function readId(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}
