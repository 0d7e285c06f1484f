import { describe, expect, it } from 'vitest';
import {
  compareTwoNumbers,
  docmathScorer,
  normalizeCotString,
} from '../../../../shared/grading/scorers/docmath';
import type { ScoreInput } from '../../../../shared/grading/verdict';

const cot = (prediction: string, gold: number): ScoreInput => ({
  gold,
  prediction,
  predictionKind: 'extracted',
});
const pot = (prediction: ScoreInput['prediction'], gold: number): ScoreInput => ({
  gold,
  prediction,
  predictionKind: 'executed',
});
const accepts = (p: number, gt: number) => compareTwoNumbers(p, gt) !== 'no-match';

describe('DocMath compare_two_numbers: verified cases (SCORING.md)', () => {
  it('1.9 vs −1.9 → True (sign flip accepted)', () => {
    expect(accepts(1.9, -1.9)).toBe(true);
    expect(compareTwoNumbers(1.9, -1.9)).toBe('power-of-ten');
  });
  it('5 vs 50 → True', () => expect(accepts(5, 50)).toBe(true));
  it('5 vs 0.05 → True', () => expect(accepts(5, 0.05)).toBe(true));
  it('1234000 vs 1234 → True', () => expect(accepts(1234000, 1234)).toBe(true));
  it('0.2342 vs 23.42 → True', () => expect(accepts(0.2342, 23.42)).toBe(true));
  it('100.15 vs 100 → True', () => expect(accepts(100.15, 100)).toBe(true));
  it('100.16 vs 100 → False', () => expect(accepts(100.16, 100)).toBe(false));
  it('0.001 vs 0 → False', () => expect(accepts(0.001, 0)).toBe(false));

  it('names the step that accepted', () => {
    expect(compareTwoNumbers(0.2343, 23.42)).toBe('percent');
    expect(compareTwoNumbers(1.2345, 1234.6)).toBe('thousand');
    expect(compareTwoNumbers(1.0001, 1.0004)).toBe('ceil-3-decimals');
    expect(compareTwoNumbers(100.1, 100)).toBe('within-0.15%');
  });

  it('raises where Python raises (inf) and accepts NaN through max/min argument order', () => {
    expect(() => compareTwoNumbers(Infinity, 5)).toThrow(/OverflowError/);
    // max(5, nan) and min(5, nan) both return 5 in Python, so log10(5/5) = 0 is an integer.
    expect(compareTwoNumbers(NaN, 5)).toBe('power-of-ten');
  });
});

describe('DocMath CoT scoring: verified cases', () => {
  it('"-3.2" vs 3.2 → 1', () => {
    const v = docmathScorer.score(cot('-3.2', 3.2));
    expect(v.correct).toBe(true);
    expect(v.rule).toMatch(/sign flipped, accepted by DocMath/);
  });
  it('"$1,234.5 million" vs 1234.5 → 1', () => {
    const v = docmathScorer.score(cot('$1,234.5 million', 1234.5));
    expect(v.correct).toBe(true);
    expect(v.predNormalized).toBe('1234.5');
  });
});

// Cases checked against the official normalize()/get_acc() run in CPython.
describe('DocMath CoT normalisation pipeline', () => {
  it.each([
    ['-3.2', '-3.2'],
    ['$1,234.5 million', '1234.5'],
    ['C$20,000', '20000'],
    ['₤128,000', '128000'],
    ['x = 7', '7'],
    ['1.2 × 10^3', '1.2*math.pow(10, 3)'],
    ['(a)', '"(a)"'],
    ['3 apples', '3'],
    ['USD 5', '5'],
    ['≈ 4.5', '4.5'],
    ['`42`', '42'],
    ['90°', '90'],
    ['approximately 5', '5'],
    ['5 or 6', '5'],
    ['24 million', '24'],
    ['Final Answer: 1.11', 'Final Answer: 1.11'],
    ['', '0'],
    ['.', '0'],
    ['yes', 'True'],
    ['It is False', 'False'],
    ['1,234,5', '1,234,5'],
  ])('normalize(%j) → %j', (input, expected) => {
    expect(normalizeCotString(input)).toBe(expected);
  });

  it.each([
    ['C$20,000', 60000, false],
    ['$40,000', 400000, true],
    ['₤128,000', 122000, false],
    ['X', 94.492, false],
    ['12.2%', 12.2, true],
    ['6.9%', 0.069, true],
    ['Final Answer: 1.11', 1.11, false],
    ['25/31', 0.806, true],
    ['(a)', 1, false],
    ['1,234,5', 1234, false],
    ['True', 1, true],
    ['yes', 10, true],
    ['-', 0, true], // eval fails, the official code scores the failure as the number 0
  ])('%j vs %d → %s', (pred, gold, expected) => {
    expect(docmathScorer.score(cot(pred, gold)).correct).toBe(expected);
  });

  it('treats any extracted answer containing "none" as no answer (official substring test)', () => {
    expect(docmathScorer.score(cot('None', 5))).toMatchObject({
      outcome: 'no-answer',
      correct: false,
    });
    expect(docmathScorer.score(cot('nonetheless 5', 5)).outcome).toBe('no-answer');
  });

  it('labels an eval failure', () => {
    const v = docmathScorer.score(cot('The final answer is 80,000', 84));
    expect(v.outcome).toBe('incorrect');
    expect(v.rule).toMatch(/^eval failed \((SyntaxError|NameError)\), scored as 0$/);
  });
});

describe('DocMath PoT scoring', () => {
  it('scores an execution failure as no answer', () => {
    expect(docmathScorer.score(pot(null, 5))).toMatchObject({
      outcome: 'no-answer',
      correct: false,
    });
  });
  it('applies float() to string results', () => {
    expect(docmathScorer.score(pot('0.3207464572555371', 0.321)).correct).toBe(true);
    expect(docmathScorer.score(pot('Option 2 is more precise', 0.321)).correct).toBe(false);
    expect(docmathScorer.score(pot('nan', 5)).correct).toBe(true);
    expect(docmathScorer.score(pot('inf', 5)).rule).toMatch(/OverflowError/);
  });
  it('reports a non-numeric gold as an error', () => {
    expect(
      docmathScorer.score({ gold: 'abc', prediction: 1, predictionKind: 'executed' }).outcome,
    ).toBe('error');
  });
});

describe('DocMath on raw text (our extractor instead of gpt-3.5)', () => {
  it('extracts the final answer then applies the official pipeline', () => {
    const v = docmathScorer.score({
      gold: -8184,
      prediction: 'Book value 29,184. Therefore, the answer is 8,184.',
      predictionKind: 'text',
    });
    expect(v.extracted).toBe('8,184');
    expect(v.correct).toBe(true);
    expect(v.rule).toMatch(/sign flipped/);
  });
  it('keeps refusals apart', () => {
    expect(
      docmathScorer.score({
        gold: 1,
        prediction: 'This cannot be determined.',
        predictionKind: 'text',
      }).outcome,
    ).toBe('refusal');
  });
});
