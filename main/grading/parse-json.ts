import { MAX_LINE_CHARS } from './input-limits';

// JSON as Python writes it can contain bare NaN / Infinity, which JSON.parse rejects. We turn
// them into marker strings so the item (not the whole file) is reported as bad.

const PY_NON_FINITE = /([:[,]\s*)(-?Infinity|NaN)(?=\s*[,\]}])/g;

export function parseJsonLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    if (!/NaN|Infinity/.test(text)) throw e;
    return JSON.parse(text.replace(PY_NON_FINITE, '$1"$2"'));
  }
}

export type JsonlLine = { line: number; value: unknown } | { line: number; error: string };

/** Non-empty lines of a JSONL file, each parsed on its own so one bad line spoils nothing else. */
export function parseJsonl(text: string): JsonlLine[] {
  const out: JsonlLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    if (raw.length > MAX_LINE_CHARS) {
      out.push({ line, error: `line ${line} too long (${raw.length} characters)` });
      return;
    }
    try {
      out.push({ line, value: parseJsonLenient(raw) });
    } catch (e) {
      out.push({ line, error: `line ${line} is not valid JSON: ${(e as Error).message}` });
    }
  });
  return out;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
