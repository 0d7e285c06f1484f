import { charRemover } from '../../python/ascii-digits';
import { pySplit, pyStrip } from '../../python/py-whitespace';
import { str } from './py-num';
import { isNumber, toNumber } from './tatqa-number';

// normalize_answer from tatqa_utils.py: per space-separated token, lower-case, drop ASCII
// punctuation unless the token is a number, canonicalise numbers, remove articles.

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

const removePunctuation = charRemover(PUNCTUATION);

function removePunc(text: string): string {
  if (isNumber(text)) return text;
  return removePunctuation(text);
}

function normalizeNumber(text: string): string {
  if (!isNumber(text)) return text;
  const n = toNumber(text);
  return n === undefined ? 'None' : str(n);
}

/**
 * normalize_answer's results by input. It is a pure function of the string, called for the
 * gold again with every reading of every answer; a bounded table, emptied when full, keeps a
 * long run from growing it without end.
 */
const normalized = new Map<string, string>();
const NORMALIZED_MAX = 4096;

export function normalizeAnswer(text: string): string {
  let out = normalized.get(text);
  if (out === undefined) {
    out = normalizeUncached(text);
    if (normalized.size >= NORMALIZED_MAX) normalized.clear();
    normalized.set(text, out);
  }
  return out;
}

function normalizeUncached(text: string): string {
  const parts = text
    .split(' ')
    .map((token) =>
      pySplit(normalizeNumber(removePunc(token.toLowerCase())).replace(ARTICLES, ' ')).join(' '),
    )
    .filter((part) => pyStrip(part) !== '');
  return pyStrip(parts.join(' '));
}
