import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verdictCause } from '../../../shared/grading/failure-label';
import { analystScorer, strictScorer } from '../../../shared/grading/scorers';
import type { Scorer } from '../../../shared/grading/verdict';
import { dataPath } from '../../support/data-dir';
import { fixture, scoreInput } from './failure-cause-items';

// The failure cause a verdict names, checked against 110 real wrong answers whose cause was
// labelled by reading them (test/fixtures/grading/failure-causes.json; the labels were written
// before any scorer ran on them). Target of issue 22: ≥ 95% agreement.

const hasOutputs = existsSync(dataPath('model_outputs'));
if (!hasOutputs) console.warn('[skip] model_outputs not found: failure causes not checked');

function agreement(scorer: Scorer, only?: (source: string) => boolean) {
  const misses: string[] = [];
  let n = 0;
  for (const item of fixture.items) {
    if (only && !only(item.source)) continue;
    n++;
    const v = scorer.score(scoreInput(item));
    const cause = verdictCause(v) ?? 'correct';
    if (cause !== item.label) misses.push(`${item.id}: ${item.label} ≠ ${cause} (${v.rule})`);
  }
  return { n, agree: n - misses.length, misses };
}

describe('the hand-labelled fixture', () => {
  it('holds at least 100 labelled wrong answers with source, id and a known label', () => {
    expect(fixture.items.length).toBeGreaterThanOrEqual(100);
    const labels = new Set([
      'different value',
      'sign flipped',
      'scale',
      'percent vs fraction',
      'rounding',
      'wrong span',
      'partial list',
      'refusal',
      'no answer',
    ]);
    for (const i of fixture.items) {
      expect(labels.has(i.label), i.label).toBe(true);
      expect(i.source).toMatch(/^model_outputs\//);
      expect(i.id).not.toBe('');
    }
  });
});

describe.skipIf(!hasOutputs)('failure causes agree with the hand labels', () => {
  it('strict: ≥ 95% of all 110 (FinanceMath CoT/PoT, TAT-QA CoT/PoT)', () => {
    const a = agreement(strictScorer);
    expect(a.n).toBe(fixture.items.length);
    expect(a.agree / a.n, a.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('analyst: ≥ 95% of the FinanceMath ones (numeric golds)', () => {
    const a = agreement(analystScorer, (s) => s.includes('financemath'));
    expect(a.n).toBeGreaterThanOrEqual(60);
    expect(a.agree / a.n, a.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});

describe('verdictCause', () => {
  it.each([
    ['incorrect', 'sign flipped', 'sign flipped'],
    ['incorrect', 'off by ×1000 (scale)', 'scale'],
    ['incorrect', 'percent vs fraction (×100)', 'percent vs fraction'],
    ['incorrect', 'rounding: off by one in the last decimal (2 decimals)', 'rounding'],
    ['incorrect', 'different value (off by 12.3%)', 'different value'],
    [
      'incorrect',
      'different value (off by 99.9%; given in no scale, gold in million)',
      'different value',
    ],
    ['incorrect', 'values differ: sign flipped', 'sign flipped'],
    [
      'incorrect',
      'partial list (1 of 2 values right; different value (off by 1%))',
      'partial list',
    ],
    ['incorrect', 'different number of values (1 vs 2)', 'partial list'],
    ['incorrect', 'different words', 'wrong span'],
    ['incorrect', 'answer has no single number', 'no answer'],
    ['incorrect', 'program failed to execute', 'no answer'],
    ['refusal', 'refusal', 'refusal'],
    ['no-answer', 'no answer found', 'no answer'],
    ['error', 'gold is null', 'not graded'],
  ] as const)('%s "%s" → %s', (outcome, rule, cause) => {
    expect(verdictCause({ outcome, rule })).toBe(cause);
  });

  it('gives no cause for a correct verdict', () => {
    expect(verdictCause({ outcome: 'correct', rule: 'equal' })).toBeUndefined();
  });
});
