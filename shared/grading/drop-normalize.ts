import { pyFloatRepr, pyParseFloat } from './python/py-float';
import { pySplit } from './python/py-whitespace';

// DROP's answer normalisation (drop_eval.py _normalize_answer), which MultiHiertt's span
// scoring uses: split on spaces and hyphens, lower-case, drop punctuation unless numeric,
// canonicalise numbers through float(), drop articles.

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

function isNumberToken(t: string): boolean {
  return pyParseFloat(t) !== undefined;
}

function normalizeToken(token: string): string {
  const lower = token.toLowerCase();
  const noPunc = isNumberToken(lower)
    ? lower
    : [...lower].filter((c) => !PUNCTUATION.includes(c)).join('');
  const n = pyParseFloat(noPunc);
  const num = n !== undefined ? pyFloatRepr(n) : noPunc;
  return pySplit(num.replace(ARTICLES, ' ')).join(' ');
}

export function dropNormalize(text: string): string {
  return text
    .split(/[ -]/)
    .map(normalizeToken)
    .filter((t) => t.trim() !== '')
    .join(' ')
    .trim();
}
