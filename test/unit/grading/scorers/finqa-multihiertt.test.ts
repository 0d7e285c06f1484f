import { describe, expect, it } from 'vitest';
import { finqaScorer } from '../../../../shared/grading/scorers/finqa';
import { multihierttScorer } from '../../../../shared/grading/scorers/multihiertt';
import type { JsonValue, PredictionKind } from '../../../../shared/grading/verdict';

const finqa = (gold: JsonValue, prediction: JsonValue, kind: PredictionKind = 'executed') =>
  finqaScorer.score({ gold, prediction, predictionKind: kind });
const mh = (gold: JsonValue, prediction: JsonValue, kind: PredictionKind = 'executed') =>
  multihierttScorer.score({ gold, prediction, predictionKind: kind });

describe('FinQA execution accuracy', () => {
  it('requires equality after rounding to 5 decimals', () => {
    expect(finqa(0.56197, 0.561973).correct).toBe(true);
    expect(finqa(0.56197, 0.561966).correct).toBe(true);
    expect(finqa(0.56197, 0.561975).correct).toBe(false); // 0.56198 after rounding
    expect(finqa(0.56197, 0.5619).rule).toBe('differs after rounding to 5 decimals');
    expect(finqa(127.4, 127.4)).toMatchObject({
      correct: true,
      rule: 'equal after rounding to 5 decimals',
    });
  });

  it('scores greater-than questions as yes/no', () => {
    expect(finqa('yes', 'yes').correct).toBe(true);
    expect(finqa('yes', 'no').correct).toBe(false);
    expect(finqa('no', 'Yes, it is higher.', 'text').correct).toBe(false);
  });

  it('uses the numeric matcher for free text and names it', () => {
    const pct = finqa(0.56197, 'So the answer is 56.2%', 'text');
    expect(pct.correct).toBe(true);
    expect(pct.rule).toMatch(/numeric matcher: percent vs fraction/);
    expect(finqa(127.4, 'the answer is 127.40', 'text').rule).toBe(
      'equal after rounding to 5 decimals',
    );
    expect(finqa(127.4, 'the answer is -127.4', 'text').rule).toMatch(
      /sign flip or ×10\^k accepted/,
    );
    expect(finqa(127.4, 'the answer is 150', 'text').correct).toBe(false);
  });

  it('reports a gold that is neither number nor yes/no as an error', () => {
    expect(finqa('n/a', 5).outcome).toBe('error');
  });
});

describe('MultiHiertt', () => {
  it('compares numbers after rounding to 5 decimals', () => {
    expect(mh(1570.75785, 1570.757849).correct).toBe(true);
    expect(mh(1570.75785, 1570.7579).correct).toBe(false);
    expect(mh(-13, -13).em).toBe(1);
  });

  it('compares a span with a number using isclose(abs_tol = min(|min|/1000, 0.1))', () => {
    expect(mh('8228', 8228.05).correct).toBe(true);
    expect(mh('8228', 8228.2).correct).toBe(false);
    expect(mh('4.2', 4.2041).correct).toBe(true);
    expect(mh('4.2', 4.2043).correct).toBe(false);
  });

  it('scores spans with DROP EM/F1', () => {
    const v = mh(['net income', 'revenue'], ['revenue'], 'extracted');
    expect(v.em).toBe(0);
    expect(v.f1).toBe(0.5);
    expect(mh('yes', 'Yes', 'extracted').em).toBe(1);
  });
});
