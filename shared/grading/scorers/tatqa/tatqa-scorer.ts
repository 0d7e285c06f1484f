import { extractAnswer } from '../../extract-answer';
import { showValue, makeVerdict, type ScoreInput, type Scorer, type Verdict } from '../../verdict';
import { diagnoseTatqaMiss } from './diagnose';
import { PySortError } from './python-sort';
import { tatqaMetric, TatqaInputError } from './tatqa-metric';

// TAT-QA parity scorer: exact match and numeracy-aware F1 with scale, as the official
// tatqa_metric.py computes them for one question (first-number variant of tatqa_utils.py).

export const tatqaScorer: Scorer = {
  id: 'tatqa',
  version: 'tatqa_metric.py (NExTplusplus/TAT-QA) / ts-1',
  description: 'TAT-QA parity: EM and numeracy-aware F1 with scale (F1 = EM for arithmetic/count)',
  score(input: ScoreInput): Verdict {
    const goldScale = input.goldScale ?? '';
    const answerType = input.answerType ?? (Array.isArray(input.gold) ? 'span' : 'arithmetic');
    let prediction = input.prediction;
    let predScale = input.predScale ?? '';
    let extracted: string | null = prediction === undefined ? null : showValue(prediction);
    if (input.predictionKind === 'text' && typeof prediction === 'string') {
      const found = extractAnswer(prediction);
      const goldNormalized = showValue(input.gold);
      if (found.kind === 'refusal')
        return makeVerdict(tatqaScorer, {
          extracted: found.text,
          predNormalized: '',
          goldNormalized,
          outcome: 'refusal',
          rule: 'refusal',
          em: 0,
          f1: 0,
        });
      if (found.kind === 'none')
        return makeVerdict(tatqaScorer, {
          extracted: null,
          predNormalized: '',
          goldNormalized,
          outcome: 'no-answer',
          rule: 'no answer found',
          em: 0,
          f1: 0,
        });
      extracted = found.text;
      prediction = found.text;
      predScale = '';
    }
    try {
      const m = tatqaMetric(input.gold, goldScale, answerType, prediction, predScale);
      const base = {
        extracted,
        predNormalized: m.predStrings.join(' | '),
        goldNormalized: m.goldStrings.join(' | '),
        em: m.em,
        f1: m.f1,
        score: m.f1,
        correct: m.em === 1,
      };
      if (m.skipped === 'empty-prediction')
        return makeVerdict(tatqaScorer, {
          ...base,
          outcome: 'no-answer',
          rule: 'empty prediction',
        });
      if (m.skipped === 'empty-gold')
        return makeVerdict(tatqaScorer, { ...base, outcome: 'error', rule: 'empty gold answer' });
      if (m.em === 1)
        return makeVerdict(tatqaScorer, {
          ...base,
          outcome: 'correct',
          rule: m.bestCandidate === 1 ? 'exact match (unscaled number read as is)' : 'exact match',
        });
      return makeVerdict(tatqaScorer, {
        ...base,
        outcome: 'incorrect',
        rule: diagnoseTatqaMiss(input.gold, goldScale, prediction, predScale, m.f1),
      });
    } catch (e) {
      if (!(e instanceof PySortError) && !(e instanceof TatqaInputError)) throw e;
      return makeVerdict(tatqaScorer, {
        extracted,
        predNormalized: '',
        goldNormalized: showValue(input.gold),
        outcome: 'error',
        rule: `official scorer would raise: ${e.message}`,
        em: 0,
        f1: 0,
      });
    }
  },
};
