import { extractAnswer } from '../extract-answer';
import { pyFloatRepr, pyRound } from '../python/py-float';
import { PyError } from '../python/py-value';
import { makeVerdict, showValue, type ScoreInput, type Scorer, type Verdict } from '../verdict';
import { compareTwoNumbers, type DocMathStep } from './docmath/compare-two-numbers';

// FinQA execution accuracy: the executed result rounded to 5 decimals must equal the gold
// exe_ans exactly ("yes"/"no" for `greater`). Free-text answers, which the official script
// cannot score, go through the numeric matcher of SCORING.md (DocMath's compare_two_numbers)
// and the rule says so, including when it accepted a sign flip or a ×10^k error.

const MATCHER_RULES: Readonly<Record<DocMathStep, string>> = {
  'power-of-ten': 'numeric matcher: exact power of ten (sign flip or ×10^k accepted)',
  percent: 'numeric matcher: percent vs fraction (×100)',
  thousand: 'numeric matcher: off by ×1000 accepted',
  'hundred-thousand': 'numeric matcher: off by ×100000 accepted',
  'ceil-3-decimals': 'numeric matcher: equal after rounding up to 3 decimals',
  'within-0.15%': 'numeric matcher: within 0.15% relative',
  'no-match': 'different value',
};

function yesNo(v: unknown): 'yes' | 'no' | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\W*(yes|no)\b/i.exec(v.trim());
  return m ? (m[1]?.toLowerCase() as 'yes' | 'no') : undefined;
}

/**
 * A free-text answer: a refusal or a yes/no answer is the verdict; else the number it states
 * (as written: the matcher's ×100 step covers fractions), or no answer.
 */
function readFreeText(
  text: string,
  goldYesNo: 'yes' | 'no' | undefined,
  goldNormalized: string,
): { verdict: Verdict } | { extracted: string; pred: number } {
  const found = extractAnswer(text);
  if (found.kind === 'refusal')
    return {
      verdict: makeVerdict(finqaScorer, {
        extracted: found.text,
        predNormalized: '',
        goldNormalized,
        outcome: 'refusal',
        rule: 'refusal',
      }),
    };
  if (goldYesNo !== undefined) {
    const said = yesNo(found.kind === 'answer' ? found.text : text);
    const ok = said === goldYesNo;
    return {
      verdict: makeVerdict(finqaScorer, {
        extracted: said ?? null,
        predNormalized: said ?? '',
        goldNormalized,
        outcome: said === undefined ? 'no-answer' : ok ? 'correct' : 'incorrect',
        rule:
          said === undefined ? 'no yes/no answer found' : ok ? 'same yes/no' : 'opposite yes/no',
      }),
    };
  }
  if (found.kind === 'none' || !found.number)
    return {
      verdict: makeVerdict(finqaScorer, {
        extracted: found.kind === 'answer' ? found.text : null,
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: 'no answer found',
      }),
    };
  // A percent answer is compared as written; the matcher's ×100 step covers fractions.
  return { extracted: found.text, pred: found.number.scaled };
}

/**
 * A number against the gold: equal after rounding to 5 decimals (the official rule); free text
 * that is not equal goes through the numeric matcher.
 */
function scoreNumber(
  pred: number,
  gold: number,
  freeText: boolean,
  extracted: string | null,
  goldNormalized: string,
): Verdict {
  const rounded = pyRound(pred, 5);
  if (rounded === gold)
    return makeVerdict(finqaScorer, {
      extracted,
      predNormalized: pyFloatRepr(rounded),
      goldNormalized,
      outcome: 'correct',
      rule: 'equal after rounding to 5 decimals',
    });
  if (!freeText)
    return makeVerdict(finqaScorer, {
      extracted,
      predNormalized: pyFloatRepr(rounded),
      goldNormalized,
      outcome: 'incorrect',
      rule: 'differs after rounding to 5 decimals',
    });
  let step: DocMathStep;
  try {
    step = compareTwoNumbers(pred, gold);
  } catch (e) {
    if (!(e instanceof PyError)) throw e;
    step = 'no-match';
  }
  return makeVerdict(finqaScorer, {
    extracted,
    predNormalized: pyFloatRepr(pred),
    goldNormalized,
    outcome: step === 'no-match' ? 'incorrect' : 'correct',
    rule: MATCHER_RULES[step],
  });
}

export const finqaScorer: Scorer = {
  id: 'finqa',
  version: 'finqa-exe-acc (czyssrs/FinQA evaluate.py) / ts-1',
  description:
    'FinQA execution accuracy: round(result, 5) == exe_ans; numeric matcher for free text',
  score(input: ScoreInput): Verdict {
    const gold = input.gold;
    const goldYesNo = yesNo(gold);
    const goldNum = typeof gold === 'number' ? gold : undefined;
    const goldNormalized = showValue(gold);
    if (goldYesNo === undefined && (goldNum === undefined || !Number.isFinite(goldNum)))
      return makeVerdict(finqaScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'error',
        rule: 'gold exe_ans is neither a number nor yes/no',
      });
    let pred = input.prediction;
    let extracted: string | null = pred === undefined || pred === null ? null : showValue(pred);
    const freeText = input.predictionKind !== 'executed' && typeof pred === 'string';
    if (freeText) {
      const read = readFreeText(pred as string, goldYesNo, goldNormalized);
      if ('verdict' in read) return read.verdict;
      extracted = read.extracted;
      pred = read.pred;
    }
    if (goldYesNo !== undefined) {
      const said = yesNo(pred);
      const ok = said === goldYesNo;
      return makeVerdict(finqaScorer, {
        extracted,
        predNormalized: said ?? showValue(pred),
        goldNormalized,
        outcome: said === undefined ? 'no-answer' : ok ? 'correct' : 'incorrect',
        rule: ok ? 'same yes/no' : 'opposite yes/no',
      });
    }
    if (typeof pred !== 'number' || !Number.isFinite(pred))
      return makeVerdict(finqaScorer, {
        extracted,
        predNormalized: showValue(pred),
        goldNormalized,
        outcome: pred === null || pred === undefined ? 'no-answer' : 'incorrect',
        rule: pred === null || pred === undefined ? 'no result' : 'result is not a number',
      });
    return scoreNumber(pred, goldNum as number, freeText, extracted, goldNormalized);
  },
};
