import { describe, expect, it } from 'vitest';
import {
  getAnswerStr,
  normalizeAnswer,
  tatqaScorer,
  toNumber,
} from '../../../../shared/grading/scorers/tatqa';
import { str } from '../../../../shared/grading/scorers/tatqa/py-num';
import type { JsonValue, ScoreInput } from '../../../../shared/grading/verdict';

function score(
  gold: JsonValue,
  goldScale: string,
  answerType: string,
  prediction: JsonValue,
  predScale: string,
) {
  const input: ScoreInput = {
    gold,
    goldScale,
    answerType,
    prediction,
    predScale,
    predictionKind: 'extracted',
  };
  return tatqaScorer.score(input);
}

// SCORING.md, "Verified (gold → prediction → EM/F1)".
describe('TAT-QA parity: verified cases', () => {
  it.each<[string, JsonValue, string, string, JsonValue, string, number, number]>([
    [
      '$1,496.5 million ← ($1,496.5, million)',
      ['$1,496.5'],
      'million',
      'span',
      '$1,496.5',
      'million',
      1,
      1,
    ],
    ['1496.5 million ← (1496500000, "")', 1496.5, 'million', 'arithmetic', '1496500000', '', 1, 1],
    [
      '1496.5 million ← (1.4965, billion): 2-decimal rounding bites',
      1496.5,
      'million',
      'arithmetic',
      1.4965,
      'billion',
      0,
      0,
    ],
    ['23.42 percent ← ("0.2342", "")', 23.42, 'percent', 'arithmetic', '0.2342', '', 1, 1],
    ['23.42 percent ← ("23.42%", "")', 23.42, 'percent', 'arithmetic', '23.42%', '', 1, 1],
    ['23.42 percent ← (23.416, percent)', 23.42, 'percent', 'arithmetic', 23.416, 'percent', 1, 1],
    ['23.42 percent ← (23.4, percent)', 23.42, 'percent', 'arithmetic', 23.4, 'percent', 0, 0],
    ['−1.9 percent ← (1.9, percent)', -1.9, 'percent', 'arithmetic', 1.9, 'percent', 0, 0],
    ['−134 ← "(134)"', -134, '', 'arithmetic', '(134)', '', 1, 1],
    ['[2019, 2018] ← [2018, 2019]', ['2019', '2018'], '', 'multi-span', ['2018', '2019'], '', 1, 1],
    ['[apples, pears] ← [apples]', ['apples', 'pears'], '', 'multi-span', ['apples'], '', 0, 0.67],
  ])('%s', (_name, gold, goldScale, type, pred, predScale, em, f1) => {
    const v = score(gold, goldScale, type, pred, predScale);
    expect(v.em).toBe(em);
    expect(v.f1).toBe(f1);
    expect(v.correct).toBe(em === 1);
    expect(v.score).toBe(f1);
  });

  it('says why a value in another unit was rejected', () => {
    expect(score(1496.5, 'million', 'arithmetic', 1.4965, 'billion').rule).toMatch(
      /value in another unit rejected/,
    );
    expect(score(-1.9, 'percent', 'arithmetic', 1.9, 'percent').rule).toBe('sign flipped');
  });

  it('sets F1 = EM for arithmetic and count questions only', () => {
    // Same tokens partly overlapping: a span keeps partial F1, arithmetic does not.
    expect(score(['net income rose'], '', 'span', 'net income', '').f1).toBe(0.8);
    expect(score(['net income rose'], '', 'arithmetic', 'net income', '').f1).toBe(0);
    expect(score(3, '', 'count', '3', '').em).toBe(1);
  });

  it('scores an empty prediction 0 without comparing (Python falsiness, so 0 too)', () => {
    expect(score(0, '', 'arithmetic', 0, '')).toMatchObject({ em: 0, outcome: 'no-answer' });
    expect(score(['a'], '', 'span', [], '')).toMatchObject({ em: 0, outcome: 'no-answer' });
  });

  it('reports the crash of the official script on mixed lists as an error', () => {
    const v = score(['a', 'b'], '', 'multi-span', ['a', 2], '');
    expect(v.outcome).toBe('error');
    expect(v.rule).toMatch(/official scorer would raise/);
  });
});

describe('TAT-QA internals', () => {
  it.each([
    ['(134)', '-134'],
    ['12%', '0.12'],
    ['1.5 million', '1500000.0'],
    ['$1,496.5', '1496.5'],
    ['.5', 'undefined'],
    ['1e-05', '1'],
  ])('to_number(%j) → %s', (text, expected) => {
    const n = toNumber(text);
    const shown = n === undefined ? 'undefined' : str(n);
    expect(shown).toBe(expected);
  });

  it('formats answers with the round-then-scale quirk', () => {
    expect(getAnswerStr([1496.5], 'million')).toEqual(['1496500000.0000']);
    expect(getAnswerStr([1.4965], 'billion')).toEqual(['1500000000.0000']);
    expect(getAnswerStr(['23.42%'], '')).toEqual(['0.2342']);
    expect(getAnswerStr(['b', 'a'], 'million')).toEqual(['a million b million']);
  });

  it('normalises tokens like the official normalize_answer', () => {
    expect(normalizeAnswer('The Net-Income, of $1,234.5')).toBe('netincome of 1234.5');
    expect(normalizeAnswer('an apple a day')).toBe('apple day');
  });
});
