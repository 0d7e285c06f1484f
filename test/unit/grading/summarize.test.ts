import { describe, expect, it } from 'vitest';
import { maxWeightAssignment } from '../../../shared/grading/assignment';
import { alignBags, bagF1, numpyRound } from '../../../shared/grading/bag-f1';
import { getScorer, scorers } from '../../../shared/grading/scorers';
import { ruleKey, summarize, type GradedItem } from '../../../shared/grading/summarize';

const item = (id: string, outcome: GradedItem['outcome'], rule: string): GradedItem => ({
  id,
  outcome,
  correct: outcome === 'correct',
  score: outcome === 'correct' ? 1 : 0,
  rule,
  extracted: null,
});

describe('summarize', () => {
  it('counts outcomes and rules, with a Wilson interval on accuracy', () => {
    const s = summarize([
      item('a', 'correct', 'exact match'),
      item('b', 'correct', 'equal at gold precision (2 decimals)'),
      item('c', 'incorrect', 'different value (off by 3.1%)'),
      item('d', 'incorrect', 'different value (off by 50%)'),
      item('e', 'refusal', 'refusal'),
      item('f', 'error', 'missing id'),
    ]);
    expect(s.n).toBe(6);
    expect(s.correct).toBe(2);
    expect(s.accuracy).toBeCloseTo(1 / 3, 12);
    expect(s.outcomes).toEqual({ correct: 2, incorrect: 2, refusal: 1, 'no-answer': 0, error: 1 });
    expect(s.rules['different value']).toBe(2);
    expect(s.rules['equal at gold precision']).toBe(1);
    expect(s.accuracyCi95.low).toBeGreaterThan(0.05);
    expect(s.accuracyCi95.high).toBeLessThan(0.75);
    expect(s.accuracyCi95.low).toBeLessThan(s.accuracy);
    expect(s.em).toBeUndefined();
  });

  it('is defined for an empty run', () => {
    expect(summarize([])).toMatchObject({ n: 0, accuracy: 0, accuracyCi95: { low: 0, high: 1 } });
  });

  it('reduces rules to their kind', () => {
    expect(ruleKey('partial span overlap (F1 0.67)')).toBe('partial span overlap');
    expect(ruleKey('sign flipped, accepted by DocMath')).toBe('sign flipped, accepted by DocMath');
  });
});

describe('bag F1 and optimal alignment', () => {
  it('matches rows to columns for maximum total', () => {
    expect(
      maxWeightAssignment([
        [1, 0.9],
        [0.8, 0],
      ]),
    ).toEqual([1, 0]);
    expect(maxWeightAssignment([[0.1], [0.9]])).toEqual([-1, 0]);
    expect(maxWeightAssignment([])).toEqual([]);
  });

  it('scores bags like DROP', () => {
    expect(bagF1(new Set(['a']), new Set(['a', 'b']))).toBeCloseTo(2 / 3, 12);
    expect(bagF1(new Set(), new Set())).toBe(1);
    const aligned = alignBags([new Set(['x']), new Set(['a', 'b'])], [new Set(['a', 'b'])]);
    expect(aligned).toEqual([1, 0]);
  });

  it('rounds like numpy (half to even after scaling), not like Python round()', () => {
    expect(numpyRound(0.665, 2)).toBe(0.66);
    expect(numpyRound(2 / 3, 2)).toBe(0.67);
  });
});

describe('scorer registry', () => {
  it('maps every id to a scorer with that id and a version', () => {
    for (const [id, s] of Object.entries(scorers)) {
      expect(s.id).toBe(id);
      expect(s.version).not.toBe('');
    }
    expect(Object.keys(scorers).sort()).toEqual([
      'analyst',
      'docmath',
      'finqa',
      'multihiertt',
      'strict',
      'tatqa',
    ]);
    expect(getScorer('nope')).toBeUndefined();
    expect(getScorer('toString')).toBeUndefined();
  });
});
