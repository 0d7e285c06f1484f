import { pyStr, type JsonValue } from '../../python/py-repr';
import { compareReadings } from './compare-readings';
import { readingFromNumber, readingFromText, type Reading } from './reading';
import {
  containsWords,
  orderedWords,
  sameWords,
  spanList,
  spanWords,
  splitItems,
} from './text-match';

// Span and list answers: when every gold span is a number, the answer's items are read as
// numbers (a list, or a written list "73,260 thousand, 57,768 thousand") and compared pair by
// pair with the full strict rules, after sorting by value; otherwise as words. A list that
// has some of the gold's items right and others missing, wrong or extra is a "partial list".

export interface SpanLabels {
  goldScale?: string;
  predScale?: string;
  goldDecimals?: number;
}

function readAll(
  v: JsonValue | undefined,
  label: string | undefined,
  gold: boolean,
  decimals?: number,
): Reading[] | undefined {
  const out: Reading[] = [];
  for (const x of spanList(v)) {
    const r =
      typeof x === 'number'
        ? readingFromNumber(x, label, gold, decimals)
        : typeof x === 'string'
          ? readingFromText(x, label, gold)
          : undefined;
    if (!r) return undefined;
    out.push(r);
  }
  return out.length > 0 ? out : undefined;
}

/** The prediction's numbers: each list item, or the items of one written list. */
function readPredNumbers(pred: JsonValue | undefined, label: string | undefined) {
  const direct = readAll(pred, label, false);
  if (direct) return direct;
  const single = Array.isArray(pred) ? (pred.length === 1 ? pred[0] : undefined) : pred;
  if (typeof single !== 'string') return undefined;
  const items = splitItems(single);
  return items.length > 1 ? readAll(items, label, false) : undefined;
}

// Pairs by magnitude so a sign error shows as "sign flipped", not as a shuffled pairing.
const quantity = (r: Reading) => Math.abs((r.value * r.factor) / (r.percent ? 100 : 1));

/** Scale words the gold's label already states ("thousand" after each amount). */
function withoutScaleWords(words: string[], label: string | undefined): string[] {
  const l = label?.toLowerCase() ?? '';
  if (!/thousand|million|billion/.test(l)) return words;
  return words.filter((w) => !l.includes(w));
}

function compareNumbers(p: Reading[], g: Reading[]): { ok: boolean; rule: string } {
  const gs = [...g].sort((a, b) => quantity(a) - quantity(b));
  const ps = [...p].sort((a, b) => quantity(a) - quantity(b));
  if (g.length !== p.length)
    return { ok: false, rule: `different number of values (${p.length} vs ${g.length})` };
  const results = gs.map((gr, i) => compareReadings(ps[i] as Reading, gr));
  const bad = results.filter((r) => !r.ok);
  if (bad.length === 0) return { ok: true, rule: `same values (${g.length})` };
  // A slip (sign, ×10^k, rounding) is named as such; other wrong values in a list that has
  // some right ones make a partial list.
  if (g.length > 1 && bad.length < g.length && /^different value/.test(bad[0]?.rule ?? ''))
    return {
      ok: false,
      rule: `partial list (${g.length - bad.length} of ${g.length} values right; ${bad[0]?.rule ?? ''})`,
    };
  return { ok: false, rule: `values differ: ${bad[0]?.rule ?? ''}` };
}

export function compareSpans(
  pred: JsonValue | undefined,
  gold: JsonValue,
  labels: SpanLabels,
): { ok: boolean; rule: string } {
  const g = readAll(gold, labels.goldScale, true, labels.goldDecimals);
  const p = g ? readPredNumbers(pred, labels.predScale) : undefined;
  if (g && p) return compareNumbers(p, g);
  if (sameWords(pred, gold)) return { ok: true, rule: 'same words' };
  const pw = withoutScaleWords(spanWords(pred), labels.goldScale);
  const gw = spanWords(gold);
  if (pw.length === gw.length && pw.every((x, i) => x === gw[i]))
    return { ok: true, rule: 'same words (scale word as in the gold)' };
  const golds = spanList(gold);
  if (golds.length > 1) {
    const words = spanList(pred).flatMap((x) => orderedWords(pyStr(x)));
    const found = golds.filter((x) => containsWords(words, orderedWords(pyStr(x)))).length;
    if (found > 0)
      return {
        ok: false,
        rule: `partial list (${found} of ${golds.length} gold items${found === golds.length ? ', and other words' : ''})`,
      };
  }
  return { ok: false, rule: 'different words' };
}
