import { describe, expect, it } from 'vitest';
import { strictScorer } from '../../../../shared/grading/scorers/strict';
import type { JsonValue, ScoreInput } from '../../../../shared/grading/verdict';

const text = (gold: JsonValue, output: string, goldScale?: string): ScoreInput => ({
  gold,
  prediction: output,
  predictionKind: 'text',
  ...(goldScale ? { goldScale } : {}),
});
const judge = (input: ScoreInput) => strictScorer.score(input);

describe('strict scorer: precision of the gold', () => {
  it.each([
    ['23.415', true],
    ['23.4150', true],
    ['23.42', true],
    ['23.4249', true],
    ['23.425', false],
    ['23.41', false],
    ['23.43', false],
  ])('gold "23.42" vs %s → %s', (pred, ok) => {
    expect(judge(text('23.42', pred)).correct).toBe(ok);
  });

  it('accepts a correctly rounded coarser answer with ≥3 significant digits, names the rule', () => {
    const v = judge(text(38.889, 'Therefore, the answer is 38.89%'));
    expect(v.correct).toBe(true);
    expect(v.rule).toMatch(/gold rounded to the answer's precision/);
    expect(judge(text(0.143, '0.14')).correct).toBe(false);
    expect(judge(text(94.492, '94.45')).correct).toBe(false);
  });

  it('takes an integral JSON gold as exact, not ±0.5', () => {
    expect(judge(text(12, '11.87')).correct).toBe(false);
    expect(judge(text(12, '12.00')).rule).toBe('equal to the integer gold (taken as exact)');
  });
});

describe('strict scorer: units and scale', () => {
  it('accepts a value given in another stated unit', () => {
    const v = judge(text('1,496.5', 'The answer is $1.4965 billion', 'million'));
    expect(v.correct).toBe(true);
    expect(v.rule).toMatch(/equal in another stated unit \(billion vs million\)/);
  });

  it('reads an unstated scale as the gold unit first, then as base units', () => {
    expect(judge(text('1,496.5', '1496.5', 'million')).correct).toBe(true);
    expect(judge(text('1,496.5', '1496500000', 'million')).rule).toMatch(/equal in base units/);
    expect(judge(text(1234.5, '$1,234.5 million')).correct).toBe(true);
  });

  it('labels a ×1000 scale error as wrong', () => {
    const v = judge(text('1,496.5', '1,496,500', 'million'));
    expect(v.correct).toBe(false);
    expect(judge(text(1234, '1234000')).rule).toBe('off by ×1000 (scale)');
    expect(judge(text(2.307, '£2,307,000')).rule).toBe('off by ×1000000 (scale)');
    expect(v.outcome).toBe('incorrect');
  });

  it('labels sign errors as wrong', () => {
    const v = judge(text(3.2, '-3.2'));
    expect(v).toMatchObject({ correct: false, outcome: 'incorrect', rule: 'sign flipped' });
    expect(judge(text(-1.9, '(1.9)')).correct).toBe(true);
    expect(judge(text(-800, '800')).rule).toBe('sign flipped');
  });

  it('distinguishes a fraction that equals the percent from a ×100 error', () => {
    const ok = judge(text('23.42', '0.2342', 'percent'));
    expect(ok.correct).toBe(true);
    expect(ok.rule).toMatch(/^fraction equals percent/);
    expect(judge(text(0.069, '6.9%')).rule).toMatch(/^fraction equals percent/);
    const bad = judge(text('23.42%', '0.2342%'));
    expect(bad).toMatchObject({ correct: false, rule: 'percent vs fraction (×100)' });
    expect(judge(text(0.102, '10.2')).rule).toBe('percent vs fraction (×100)');
  });
});

describe('strict scorer: outcomes', () => {
  it('keeps refusals and missing answers apart from wrong answers', () => {
    expect(judge(text(5, 'The value cannot be determined from the filing.'))).toMatchObject({
      outcome: 'refusal',
      rule: 'refusal',
      correct: false,
    });
    expect(judge(text(5, 'I have no idea at all'))).toMatchObject({
      outcome: 'no-answer',
      rule: 'no answer found',
    });
    expect(judge({ gold: 5, prediction: null, predictionKind: 'executed' }).rule).toBe(
      'program failed to execute',
    );
  });

  it('reports bad golds as errors', () => {
    expect(judge(text('apples', '5')).outcome).toBe('error');
    expect(judge(text(NaN, '5')).outcome).toBe('error');
    expect(judge(text(Infinity, '5')).outcome).toBe('error');
  });

  it('evaluates an answer written as arithmetic', () => {
    expect(judge(text(0.806, '25/31')).correct).toBe(true);
  });

  it('compares text spans for span golds', () => {
    const input = (pred: JsonValue): ScoreInput => ({
      gold: ['Pears', 'apples'],
      answerType: 'multi-span',
      prediction: pred,
      predictionKind: 'extracted',
    });
    expect(judge(input(['apples', 'the pears'])).correct).toBe(true);
    expect(judge(input(['apples'])).correct).toBe(false);
    expect(judge(input('Pears, apples')).rule).toBe('same words');
  });

  it('compares multi-span numbers as numbers, with scale', () => {
    const spans = (gold: JsonValue, pred: JsonValue, goldScale: string, predScale: string) =>
      judge({
        gold,
        goldScale,
        predScale,
        answerType: 'multi-span',
        prediction: pred,
        predictionKind: 'extracted',
      });
    expect(spans(['2,929', '2,370'], [2370, 2929], 'thousand', 'thousand').rule).toBe(
      'same values (2)',
    );
    expect(
      spans(['19,911', '15,916'], ['19,911 thousand', '15,916 thousand'], 'thousand', '').correct,
    ).toBe(true);
    expect(spans(['(1,212)', '5'], ['1,212', '5'], '', '').rule).toBe(
      'values differ: sign flipped',
    );
    expect(spans(['1', '2'], ['1'], '', '').rule).toBe('different number of values (1 vs 2)');
  });

  it('carries scorer id and version on every verdict', () => {
    expect(judge(text(5, '5'))).toMatchObject({ scorer: 'strict', version: 'strict-2' });
  });
});
