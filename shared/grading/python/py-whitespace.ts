// Python's notion of whitespace (str.isspace / str.split() / str.strip()), which is wider than
// ASCII and differs from JavaScript's trim() (Python strips \x1c-\x1f and \x85, not \uFEFF).

export const PY_SPACE_CLASS =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const LEADING = new RegExp(`^[${PY_SPACE_CLASS}]+`);
const TRAILING = new RegExp(`[${PY_SPACE_CLASS}]+$`);
const RUNS = new RegExp(`[${PY_SPACE_CLASS}]+`);

/** str.strip() */
export function pyStrip(s: string): string {
  return s.replace(LEADING, '').replace(TRAILING, '');
}

/** str.split() with no separator: runs of whitespace, no empty strings. */
export function pySplit(s: string): string[] {
  const t = pyStrip(s);
  return t === '' ? [] : t.split(RUNS);
}

/** str.rstrip(chars) */
export function pyRstripChars(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1] ?? '')) end--;
  return s.slice(0, end);
}

/** str.strip(chars) */
export function pyStripChars(s: string, chars: string): string {
  let start = 0;
  while (start < s.length && chars.includes(s[start] ?? '')) start++;
  return pyRstripChars(s.slice(start), chars);
}
