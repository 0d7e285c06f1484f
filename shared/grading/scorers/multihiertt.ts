import { alignBags, mean, numpyRound } from '../bag-f1';
import { dropNormalize } from '../drop-normalize';
import { extractAnswer } from '../extract-answer';
import { parseNumber } from '../../numbers/parse-number';
import { pyRound } from '../python/py-float';
import { pyStr } from '../python/py-repr';
import { pySplit } from '../python/py-whitespace';
import {
  makeVerdict,
  showValue,
  type JsonValue,
  type ScoreInput,
  type Scorer,
  type Verdict,
} from '../verdict';

// MultiHiertt: numbers must match exactly after rounding to 5 decimals (EM = F1); a span
// against a number uses isclose(abs_tol = min(|min(a,b)|/1000, 0.1)); spans use DROP EM/F1.

/** math.isclose(a, b, rel_tol=1e-9, abs_tol=tol) */
function isClose(a: number, b: number, absTol: number): boolean {
  if (a === b) return true;
  const diff = Math.abs(a - b);
  return diff <= Math.max(1e-9 * Math.max(Math.abs(a), Math.abs(b)), absTol);
}

function spanNumber(v: JsonValue | undefined): number | undefined {
  if (typeof v !== 'string') return undefined;
  const n = parseNumber(v);
  return n ? (n.unit === 'percent' ? n.scaled : n.scaled) : undefined;
}

function spans(v: JsonValue | undefined): string[] {
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.map((x) => dropNormalize(pyStr(x)));
}

/** A text answer: a refusal or no answer is the verdict; else the number (number gold) or text. */
function readText(
  text: string,
  gold: JsonValue,
): { verdict: Verdict } | { extracted: string; pred: JsonValue } {
  const found = extractAnswer(text);
  if (found.kind === 'refusal')
    return {
      verdict: makeVerdict(multihierttScorer, {
        extracted: found.text,
        predNormalized: '',
        goldNormalized: showValue(gold),
        outcome: 'refusal',
        rule: 'refusal',
        em: 0,
        f1: 0,
      }),
    };
  if (found.kind === 'none')
    return {
      verdict: makeVerdict(multihierttScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized: showValue(gold),
        outcome: 'no-answer',
        rule: 'no answer found',
        em: 0,
        f1: 0,
      }),
    };
  return {
    extracted: found.text,
    pred: typeof gold === 'number' && found.number ? found.number.scaled : found.text,
  };
}

/**
 * Numbers on either side: two numbers equal after rounding to 5 decimals, a span against a
 * number close (isclose); undefined when neither side is a number (compared as spans).
 */
function scoreNumbers(
  pred: JsonValue,
  gold: JsonValue,
  extracted: string | null,
): Verdict | undefined {
  if (typeof gold === 'number' && typeof pred === 'number') {
    const ok = pyRound(pred, 5) === pyRound(gold, 5);
    return makeVerdict(multihierttScorer, {
      extracted,
      predNormalized: String(pyRound(pred, 5)),
      goldNormalized: String(pyRound(gold, 5)),
      outcome: ok ? 'correct' : 'incorrect',
      rule: ok ? 'equal after rounding to 5 decimals' : 'differs after rounding to 5 decimals',
      em: ok ? 1 : 0,
      f1: ok ? 1 : 0,
    });
  }
  const a = typeof gold === 'number' ? gold : spanNumber(gold);
  const b = typeof pred === 'number' ? pred : spanNumber(pred);
  if (
    (typeof gold === 'number' || typeof pred === 'number') &&
    a !== undefined &&
    b !== undefined
  ) {
    const ok = isClose(a, b, Math.min(Math.abs(Math.min(a, b)) / 1000, 0.1));
    return makeVerdict(multihierttScorer, {
      extracted,
      predNormalized: String(b),
      goldNormalized: String(a),
      outcome: ok ? 'correct' : 'incorrect',
      rule: ok ? 'span and number close (isclose)' : 'span and number differ',
      em: ok ? 1 : 0,
      f1: ok ? 1 : 0,
    });
  }
  return undefined;
}

/** Spans: DROP exact match of the normalized span sets, and bag F1 as the score. */
function scoreSpans(pred: JsonValue, gold: JsonValue, extracted: string | null): Verdict {
  const p = spans(pred);
  const g = spans(gold);
  const em = p.length === g.length && [...p].sort().every((x, i) => x === [...g].sort()[i]) ? 1 : 0;
  const f1 = numpyRound(
    mean(
      alignBags(
        p.map((x) => new Set(pySplit(x))),
        g.map((x) => new Set(pySplit(x))),
      ),
    ),
    2,
  );
  return makeVerdict(multihierttScorer, {
    extracted,
    predNormalized: p.join(' | '),
    goldNormalized: g.join(' | '),
    outcome: em === 1 ? 'correct' : 'incorrect',
    rule:
      em === 1
        ? 'exact span match'
        : f1 > 0
          ? `partial span overlap (F1 ${f1})`
          : 'different spans',
    em,
    f1,
    score: f1,
  });
}

export const multihierttScorer: Scorer = {
  id: 'multihiertt',
  version: 'multihiertt-eval / ts-1',
  description:
    'MultiHiertt: numbers exact after rounding to 5 decimals; span vs number isclose; DROP EM/F1 for spans',
  score(input: ScoreInput): Verdict {
    const gold = input.gold;
    let pred = input.prediction;
    let extracted: string | null = pred === undefined || pred === null ? null : showValue(pred);
    if (input.predictionKind === 'text' && typeof pred === 'string') {
      const read = readText(pred, gold);
      if ('verdict' in read) return read.verdict;
      extracted = read.extracted;
      pred = read.pred;
    }
    if (pred === undefined || pred === null)
      return makeVerdict(multihierttScorer, {
        extracted,
        predNormalized: '',
        goldNormalized: showValue(gold),
        outcome: 'no-answer',
        rule: 'no prediction',
        em: 0,
        f1: 0,
      });
    return scoreNumbers(pred, gold, extracted) ?? scoreSpans(pred, gold, extracted);
  },
};
