import { pyStr, type JsonValue } from '../../python/py-repr';

// Strict comparison of text answers (TAT-QA spans): the same multiset of words after
// lower-casing, dropping punctuation and articles, with numbers written canonically
// ("$1,294" → "1294"). Span boundaries do not matter ("Germany, Ghana" = ["Germany", "Ghana"]);
// there is no partial credit. A comma or period is punctuation unless it sits between two
// digits ("2019, 2018" is two words; "1,294" and "3.5" are numbers), and a hyphen between
// letters joins nothing ("fixed-price" = "fixed price").

const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

function canonicalToken(t: string): string {
  const n = t.replace(/^[$€£¥]/, '').replace(/,(?=\d{3}(?!\d))/g, '');
  return /^-?\d+(?:\.\d+)?$/.test(n) ? String(Number(n)) : t;
}

export function normalizeSpan(s: string): string {
  return s
    .toLowerCase()
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(
      /(?<!\d)[.,]|[.,](?!\d)|[!"#%&'()*+/:;<=>?@[\\\]^_`{|}~\u2018\u2019\u201c\u201d]/g,
      ' ',
    )
    .replace(ARTICLES, ' ')
    .split(/\s+/)
    .filter((t) => t !== '')
    .map(canonicalToken)
    .join(' ');
}

export function spanList(v: JsonValue | undefined): JsonValue[] {
  return Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
}

/** Sorted words of all spans together. */
export function spanWords(v: JsonValue | undefined): string[] {
  return spanList(v)
    .flatMap((x) => normalizeSpan(pyStr(x)).split(' '))
    .filter((t) => t !== '')
    .sort();
}

export function sameWords(pred: JsonValue | undefined, gold: JsonValue): boolean {
  const p = spanWords(pred);
  const g = spanWords(gold);
  return p.length === g.length && p.every((x, i) => x === g[i]);
}

/**
 * A written list cut into its items: a Python/JSON list ("['2019', '2018']"), one item a line
 * or bullet, or items separated by ", ", "; " or " and " ("2019, 2018 and 2017"). Thousands
 * separators ("1,294") have no space after the comma and stay whole.
 */
export function splitItems(text: string): string[] {
  let t = text.trim().replace(/\.$/, '');
  if (/^\[.*\]$/s.test(t)) t = t.slice(1, -1).replace(/(^|,\s*)["']|["'](?=\s*,|\s*$)/g, '$1');
  return t
    .split(/\n+|;\s*|,\s+(?:and\s+)?|\s+and\s+|\s+&\s+/)
    .map((s) => s.replace(/^\s*(?:[-*•·]|\d+[.)])\s+/, '').trim())
    .filter((s) => s !== '');
}

/** Whether the words of `item` stand together, in order, among `words`. */
export function containsWords(words: readonly string[], item: readonly string[]): boolean {
  if (item.length === 0 || item.length > words.length) return false;
  for (let i = 0; i + item.length <= words.length; i++)
    if (item.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/** The words of a text in order (normalised as normalizeSpan). */
export function orderedWords(s: string): string[] {
  return normalizeSpan(s)
    .split(' ')
    .filter((t) => t !== '');
}
