import { extractAnswer } from '../../extract-answer';
import { pyFloatRepr, pyParseFloat } from '../../python/py-float';
import { PyError } from '../../python/py-value';
import { makeVerdict, showValue, type ScoreInput, type Scorer, type Verdict } from '../../verdict';
import { compareTwoNumbers, type DocMathStep } from './compare-two-numbers';
import { evalPrediction } from './eval-prediction';
import { normalizeCotString } from './normalize-cot';

// DocMath-Eval / FinanceMath parity scorer: the official CoT normalisation and
// compare_two_numbers, verdict for verdict, including their known faults (sign flips and
// exact ×10^k errors count as correct). The rule names which step decided.

const ID = 'docmath';
const VERSION = 'docmath-eval@5c9b9b4 (utils/evaluation_utils.py) / ts-1';

const STEP_RULES: Readonly<Record<DocMathStep, string>> = {
  'power-of-ten': 'ratio is an exact power of ten (accepts sign flips and ×10^k)',
  percent: 'percent vs fraction (×100 within 0.15%)',
  thousand: 'off by ×1000 accepted (within 0.15%)',
  'hundred-thousand': 'off by ×100000 accepted (within 0.15%)',
  'ceil-3-decimals': 'equal after rounding up to 3 decimals',
  'within-0.15%': 'within 0.15% relative',
  'no-match': 'different value',
};

/** Refines the power-of-ten rule into what actually happened, for reports. */
function powerOfTenRule(p: number, gt: number): string {
  if (p === gt) return 'exact match';
  if (p === -gt) return 'sign flipped, accepted by DocMath';
  const k = Math.round(Math.log10(Math.abs(p) / Math.abs(gt)));
  const sign = Math.sign(p) !== Math.sign(gt) ? 'sign flipped and ' : '';
  return `${sign}off by ×10^${k}, accepted by DocMath`;
}

function stepRule(step: DocMathStep, p: number, gt: number): string {
  return step === 'power-of-ten' ? powerOfTenRule(p, gt) : STEP_RULES[step];
}

function goldNumber(gold: ScoreInput['gold']): number | undefined {
  if (typeof gold === 'number') return gold;
  if (typeof gold === 'string') return pyParseFloat(gold);
  if (Array.isArray(gold) && gold.length === 1) return goldNumber(gold[0] ?? null);
  return undefined;
}

function compare(p: number, gt: number): { ok: boolean; rule: string } {
  try {
    const step = compareTwoNumbers(p, gt);
    return { ok: step !== 'no-match', rule: stepRule(step, p, gt) };
  } catch (e) {
    if (e instanceof PyError) return { ok: false, rule: `comparison raised ${e.pyType} → 0` };
    throw e;
  }
}

/** The CoT path: the extractor's string → normalize → eval → compare. */
function scoreCotString(
  extracted: string,
  gt: number,
  base: Omit<
    Verdict,
    'rule' | 'outcome' | 'correct' | 'score' | 'scorer' | 'version' | 'predNormalized'
  >,
): Verdict {
  // The official check is `"none" in pred.lower()`: any answer containing "none" scores 0.
  if (extracted.toLowerCase().includes('none'))
    return makeVerdict(docmathScorer, {
      ...base,
      predNormalized: extracted,
      outcome: 'no-answer',
      rule: 'extractor returned "None" (execution_rate 0)',
    });
  const normalized = normalizeCotString(extracted);
  const value = evalPrediction(normalized);
  if (value.kind === 'eval-error') {
    // The official `except Exception: prediction = 0` keeps going with 0, so a failed eval is
    // still compared: it scores 1 when the gold is 0.
    const zero = compare(0, gt);
    return makeVerdict(docmathScorer, {
      ...base,
      predNormalized: normalized,
      outcome: zero.ok ? 'correct' : 'incorrect',
      rule: `eval failed (${value.pyType}), scored as 0${zero.ok ? ', which equals the gold' : ''}`,
    });
  }
  if (value.kind === 'non-numeric')
    return makeVerdict(docmathScorer, {
      ...base,
      predNormalized: normalized,
      outcome: 'incorrect',
      rule: `not a number after eval (${value.pyType})`,
    });
  const { ok, rule } = compare(value.value, gt);
  return makeVerdict(docmathScorer, {
    ...base,
    predNormalized: pyFloatRepr(value.value),
    outcome: ok ? 'correct' : 'incorrect',
    rule,
  });
}

function scoreExecuted(
  pred: ScoreInput['prediction'],
  gt: number,
  goldNormalized: string,
): Verdict {
  const base = { extracted: pred === undefined ? null : showValue(pred), goldNormalized };
  if (pred === null || pred === undefined)
    return makeVerdict(docmathScorer, {
      ...base,
      predNormalized: '',
      outcome: 'no-answer',
      rule: 'program failed to execute (execution_rate 0)',
    });
  // get_acc(cot=False) calls float(prediction): strings must parse, bools are 0/1.
  const p =
    typeof pred === 'number'
      ? pred
      : typeof pred === 'boolean'
        ? Number(pred)
        : typeof pred === 'string'
          ? pyParseFloat(pred)
          : undefined;
  if (p === undefined)
    return makeVerdict(docmathScorer, {
      ...base,
      predNormalized: showValue(pred),
      outcome: 'incorrect',
      rule: 'result is not convertible to float → 0',
    });
  const { ok, rule } = compare(p, gt);
  return makeVerdict(docmathScorer, {
    ...base,
    predNormalized: pyFloatRepr(p),
    outcome: ok ? 'correct' : 'incorrect',
    rule,
  });
}

export const docmathScorer: Scorer = {
  id: ID,
  version: VERSION,
  description:
    'DocMath-Eval/FinanceMath parity: official CoT normalisation + compare_two_numbers (accepts sign flips and ×10^k)',
  score(input: ScoreInput): Verdict {
    const gt = goldNumber(input.gold);
    const goldNormalized = gt === undefined ? showValue(input.gold) : pyFloatRepr(gt);
    if (gt === undefined)
      return makeVerdict(docmathScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'error',
        rule: 'gold is not a number (float(ground_truth) fails)',
      });
    if (input.predictionKind === 'executed')
      return scoreExecuted(input.prediction, gt, goldNormalized);
    const pred = input.prediction;
    if (pred === undefined || pred === null)
      return makeVerdict(docmathScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: 'no prediction',
      });
    const text = typeof pred === 'string' ? pred : showValue(pred, Infinity);
    if (input.predictionKind === 'extracted')
      return scoreCotString(text, gt, { extracted: text, goldNormalized });
    // Raw generation: the official pipeline asks gpt-3.5 for the number; we use our own
    // extractor instead and say so in the rule when it matters.
    const found = extractAnswer(text);
    if (found.kind === 'refusal')
      return makeVerdict(docmathScorer, {
        extracted: found.text,
        predNormalized: '',
        goldNormalized,
        outcome: 'refusal',
        rule: 'refusal',
      });
    if (found.kind === 'none')
      return makeVerdict(docmathScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: 'no answer found',
      });
    return scoreCotString(found.number?.text ?? found.text, gt, {
      extracted: found.text,
      goldNormalized,
    });
  },
};
