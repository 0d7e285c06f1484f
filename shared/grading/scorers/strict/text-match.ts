import { pyStr, type JsonValue } from '../../python/py-repr';

// Strict comparison of text answers (TAT-QA spans): the same multiset of words after
// lower-casing, dropping punctuation and articles, with numbers written canonically
// ("$1,294" → "1294"). Span boundaries do not matter ("Germany, Ghana" = ["Germany", "Ghana"]);
// there is no partial credit.

const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

function canonicalToken(t: string): string {
  const n = t.replace(/^[$€£¥]/, '').replace(/,(?=\d{3}(?!\d))/g, '');
  return /^-?\d+(?:\.\d+)?$/.test(n) ? String(Number(n)) : t;
}

export function normalizeSpan(s: string): string {
  return s
    .toLowerCase()
    .replace(/(?<!\d)[.,](?!\d)|[!"#%&'()*+/:;<=>?@[\\\]^_`{|}~\u2018\u2019\u201c\u201d]/g, ' ')
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
