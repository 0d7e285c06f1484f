import { describe, expect, it } from 'vitest';
import { verdictCause } from '../../../shared/grading/failure-label';
import { analystScorer, strictScorer, tatqaScorer } from '../../../shared/grading/scorers';
import { diagnose } from '../../../shared/grading/scorers/strict/compare-readings';
import type { JsonValue, ScoreInput } from '../../../shared/grading/verdict';

// Issue 22 part C: the verdicts a person would give, on the cases the issue names.

const tatqa = (
  gold: JsonValue,
  prediction: JsonValue,
  over: Partial<ScoreInput> = {},
): ScoreInput => ({
  gold,
  goldScale: '',
  goldDecimals: 2,
  answerType: Array.isArray(gold) ? (gold.length > 1 ? 'multi-span' : 'span') : 'arithmetic',
  question: 'What is it?',
  prediction,
  predictionKind: 'text',
  ...over,
});

describe('free text read as an analyst writes it', () => {
  it('a bare gold span is correct for strict, analyst and the parity scorer', () => {
    for (const s of [strictScorer, analystScorer, tatqaScorer]) {
      expect(s.score(tatqa(['Bell Media'], 'Bell Media')).correct, s.id).toBe(true);
      expect(
        s.score(tatqa(['Bell Media'], 'Reasoning.\nTherefore, the answer is Bell Media.')).correct,
        s.id,
      ).toBe(true);
    }
  });

  it('a sentence span, with its own periods, is correct as written', () => {
    const gold = ['Revenue rose. Margins fell, driven by costs.'];
    for (const s of [strictScorer, analystScorer, tatqaScorer])
      expect(s.score(tatqa(gold, 'Revenue rose. Margins fell, driven by costs.')).correct).toBe(
        true,
      );
  });

  it('a list of spans: commas, "and", one per line, bullets, a Python list', () => {
    const gold = ['2019', '2018'];
    for (const reply of [
      '2019, 2018',
      '2019 and 2018',
      '2019\n2018',
      '- 2019\n- 2018',
      "['2019', '2018']",
    ])
      for (const s of [strictScorer, analystScorer, tatqaScorer])
        expect(s.score(tatqa(gold, reply)).correct, `${s.id}: ${reply}`).toBe(true);
  });

  it('amounts with their scale word, in a list', () => {
    const input = tatqa(['73,260', '57,768'], '73,260 thousand, 57,768 thousand', {
      goldScale: 'thousand',
    });
    for (const s of [strictScorer, analystScorer, tatqaScorer])
      expect(s.score(input).correct, s.id).toBe(true);
  });

  it('a partial list is named as one', () => {
    const v = strictScorer.score(tatqa(['2020', '2019', '2018'], "Answer: ['2019', '2018']"));
    expect(v.correct).toBe(false);
    expect(verdictCause(v)).toBe('partial list');
  });

  it('a program returning 2.1 for a gold of 2.1 % is correct, not "percent vs fraction"', () => {
    const input = tatqa(2.1, 2.1, { goldScale: 'percent', predictionKind: 'executed' });
    expect(strictScorer.score(input).correct).toBe(true);
    expect(analystScorer.score(input).correct).toBe(true);
    expect(analystScorer.score({ ...input, prediction: 0.021 }).correct).toBe(true);
  });
});

describe('failure causes name what differs', () => {
  it('an unrelated number is a different value, not a scale or percent slip', () => {
    expect(diagnose(12345, 2.1, 2)).toMatch(/^different value/);
    expect(diagnose(0.561, 56.54, 2, 3)).toMatch(/^different value/);
    const v = tatqaScorer.score(
      tatqa(1.2, '12345', { goldScale: 'million', predictionKind: 'extracted' }),
    );
    expect(verdictCause(v)).toBe('different value');
  });

  it('a power of ten within rounding is a scale or percent slip', () => {
    expect(diagnose(1234000, 1234, 6, 0)).toBe('off by ×1000 (scale)');
    expect(diagnose(0.2342, 23.42, 2, 4)).toBe('percent vs fraction (×100)');
  });

  it('rounding: a coarser answer that is the gold rounded, or one unit off at its precision', () => {
    expect(diagnose(2.9, 2.93, 2, 1)).toMatch(/^rounding/);
    expect(diagnose(11.46, 11.45, 2, 2)).toMatch(/^rounding/);
    expect(diagnose(13, 12.2, 1, 0)).toMatch(/^different value/);
    expect(diagnose(2, 3, 0, 0)).toMatch(/^different value/);
  });

  it('a cut-off generation and a placeholder conclusion state no answer', () => {
    const cut = `${'Step 1: take the figures from the table and divide them. '.repeat(20)}Step 5: calculate the`;
    expect(strictScorer.score({ gold: 5, prediction: cut, predictionKind: 'text' }).outcome).toBe(
      'no-answer',
    );
    expect(analystScorer.score({ gold: 5, prediction: cut, predictionKind: 'text' }).outcome).toBe(
      'no-answer',
    );
    const placeholder =
      'The cost is 40 and the margin 2,500.\nTherefore, the answer is the final calculated value.';
    expect(
      analystScorer.score({ gold: 5, prediction: placeholder, predictionKind: 'text' }).outcome,
    ).toBe('no-answer');
  });
});

describe('refusals and hedges by meaning', () => {
  const Q = 'What is the FY2022 dividend payout ratio for Coca Cola?';
  const judge = (gold: JsonValue, out: string, question = Q) =>
    analystScorer.score({ gold, prediction: out, predictionKind: 'text', question });

  it('declining and then listing figures, with no final value, is a refusal', () => {
    const v = judge(
      0.8,
      'I cannot calculate the dividend payout ratio from the information given, but here are the figures: net income was $9,542 million and dividends per share were $1.76.',
    );
    expect(v.outcome).toBe('refusal');
  });

  it('an affirmative answer that says "does not include" is an answer', () => {
    const v = judge(
      -1561,
      'Working capital is current assets minus current liabilities: $1,250 million - $2,811 million = -$1,561 million. The company does not have positive working capital; this figure does not include restricted funds.',
      'What is the FY2022 working capital of American Water Works in USD millions?',
    );
    expect(v.outcome).toBe('correct');
  });

  it('a declining hedge then a concluded value is graded as the answer', () => {
    const v = judge(
      0.8,
      'I cannot find the ratio stated directly. Net income was $9,542 million and dividends paid were $7,616 million. Therefore, the payout ratio is 79.8%.',
    );
    expect(v.outcome).toBe('correct');
  });
});

describe('tolerance that follows the question', () => {
  const judge = (gold: JsonValue, out: string, question: string) =>
    analystScorer.score({ gold, prediction: out, predictionKind: 'text', question });

  it('no rounding asked: within the precision of the statement figures it was computed from', () => {
    const v = judge(
      93.86,
      'DPO = average accounts payable / COGS × 365 = $5,212 million / $20,272 million × 365 = 93.84 days.',
      'What is the FY2022 days payable outstanding (DPO) for Corning?',
    );
    expect(v.outcome).toBe('correct');
    expect(v.rule).toMatch(
      /within the precision of its inputs \(±0\.1% relative: figures of 4 significant digits/,
    );
  });

  it('rounding asked: the rule is that rounding, not the inputs', () => {
    const v = judge(
      93.86,
      'DPO = $5,212 million / $20,272 million × 365 = 93.80 days.',
      'What is the FY2022 DPO for Corning? Round your answer to two decimal places.',
    );
    expect(v.outcome).toBe('incorrect');
  });

  it('an amount in dollars next to the same value in the requested millions is correct', () => {
    const v = judge(
      1577,
      'The FY2018 capital expenditure was $1,577,000,000 ($1,577 million).',
      'What is the FY2018 capital expenditure amount for 3M?',
    );
    expect(v.outcome).toBe('correct');
  });
});
