import { alignBags, mean, numpyRound } from '../../bag-f1';
import { pyStr, pyTruthy, type JsonValue } from '../../python/py-repr';
import { pySplit } from '../../python/py-whitespace';
import { fixed4, mul, round } from './py-num';
import { pySorted } from './python-sort';
import { normalizeAnswer } from './tatqa-normalize';
import { isNumber, scaleToNum, toNumber } from './tatqa-number';

// TaTQAEmAndF1.__call__ for one question, following tatqa_metric.py line by line.

export interface TatqaMetricResult {
  em: number;
  f1: number;
  /** The strings the official code compares (after get_answer_str / add_percent_pred). */
  predStrings: string[];
  goldStrings: string[];
  /** Which prediction string produced the best (em, f1); 1 = the added '%.4f' candidate. */
  bestCandidate: number;
  /** Why the official code scored 0 without comparing. */
  skipped?: 'empty-prediction' | 'empty-gold';
}

export class TatqaInputError extends Error {}

/** get_answer_str(answers, scale): sorted, numbers canonicalised, scale appended to text. */
export function getAnswerStr(answers: readonly JsonValue[], scale: string): string[] {
  const parts = pySorted(answers).map((ans) => {
    let s = pyStr(ans);
    if (isNumber(s)) {
      const n = toNumber(s);
      if (n === undefined) {
        if (scale) s = `${s} ${scale}`;
      } else if (s.includes('%')) s = fixed4(n);
      else s = fixed4(mul(round(n, 2), scaleToNum(scale)));
    } else if (scale) s = `${s} ${scale}`;
    return s;
  });
  return [parts.join(' ')];
}

/** add_percent_pred: a lone unscaled number also competes as '%.4f' % to_number(pred). */
function addPercentPred(
  strings: string[],
  predScale: string,
  pred: readonly JsonValue[],
): string[] {
  if (pred.length > 1) return strings;
  const s = pyStr(pred[0] ?? null);
  if (!predScale && !s.includes('%') && isNumber(s)) {
    const n = toNumber(s);
    if (n === undefined) return strings;
    return [...strings, fixed4(n)];
  }
  return strings;
}

export function getMetrics(predicted: string, gold: string): [number, number] {
  const p = normalizeAnswer(predicted);
  const g = normalizeAnswer(gold);
  const em = p === g ? 1 : 0;
  const f1 = numpyRound(mean(alignBags([new Set(pySplit(p))], [new Set(pySplit(g))])), 2);
  return [em, f1];
}

/** extract_gold_answers */
export function goldAnswers(answer: JsonValue, answerType: string): JsonValue[] {
  if (answerType === 'span' || answerType === 'multi-span') {
    if (!Array.isArray(answer))
      throw new TatqaInputError(`gold of a ${answerType} question must be a list`);
    return answer;
  }
  if (answerType === 'count') {
    const n = typeof answer === 'number' ? answer : Number(answer);
    if (!Number.isFinite(n) || (typeof answer === 'string' && !/^\s*[+-]?\d+\s*$/.test(answer)))
      throw new TatqaInputError(`count gold ${pyStr(answer)} is not an int`);
    return [Math.trunc(n).toString()];
  }
  return [pyStr(answer)];
}

export function tatqaMetric(
  gold: JsonValue,
  goldScale: string,
  answerType: string,
  prediction: JsonValue | undefined,
  predScale: string,
): TatqaMetricResult {
  const empty = { em: 0, f1: 0, predStrings: [], goldStrings: [], bestCandidate: -1 };
  if (!pyTruthy(prediction)) return { ...empty, skipped: 'empty-prediction' };
  const golds = goldAnswers(gold, answerType);
  if (golds.length === 0) return { ...empty, skipped: 'empty-gold' };
  const goldStrings = getAnswerStr(golds, goldScale);
  const predList = Array.isArray(prediction) ? prediction : [prediction ?? null];
  const predStrings = addPercentPred(getAnswerStr(predList, predScale), predScale, predList);
  // max() over (em, f1) tuples: lexicographic, first maximum wins.
  let best: [number, number] = [-1, -1];
  let bestCandidate = -1;
  predStrings.forEach((p, i) => {
    for (const g of goldStrings) {
      const m = getMetrics(p, g);
      if (m[0] > best[0] || (m[0] === best[0] && m[1] > best[1])) {
        best = m;
        bestCandidate = i;
      }
    }
  });
  const [em, f1] = best;
  return {
    em,
    f1: answerType === 'arithmetic' || answerType === 'count' ? em : f1,
    predStrings,
    goldStrings,
    bestCandidate,
  };
}
