import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analystScorer, strictScorer, tatqaScorer } from '../../../shared/grading/scorers';
import type { Scorer } from '../../../shared/grading/verdict';
import { devQuestions, isCheck, shapedInput, TATQA_DEV, type Shape } from './tatqa-written-answers';

// Issue 22, done-when 1 at the scorer level: for every TAT-QA dev question, a model answer equal
// to the gold written as an analyst would (span text; spans joined with ", "; amounts with
// their scale word; percents with "%") is graded correct by our own scorers in the direct and
// chain-of-thought shapes (≥ 99%), and its number in the program-of-thought shape. Figures for
// the tuning part and the check part set aside by a hash of the uid are held apart. The parity
// scorer grades a bare span as the official script would: correct.

const hasDev = existsSync(TATQA_DEV);
if (!hasDev) console.warn(`[skip] ${TATQA_DEV} not found`);

function rate(scorer: Scorer, shape: Shape, part: 'tune' | 'check') {
  let n = 0;
  let ok = 0;
  const misses: string[] = [];
  for (const q of devQuestions()) {
    if (isCheck(q.uid) !== (part === 'check')) continue;
    const input = shapedInput(q, shape);
    if (!input) continue;
    n++;
    const v = scorer.score(input);
    if (v.correct) ok++;
    else if (misses.length < 10) misses.push(`${q.uid} ${JSON.stringify(q.answer)}: ${v.rule}`);
  }
  return { n, rate: n === 0 ? 0 : ok / n, misses };
}

describe.skipIf(!hasDev)('TAT-QA dev golds written as an analyst would', () => {
  it('splits dev into a tuning part and a check part of about 20%', () => {
    const qs = devQuestions();
    const check = qs.filter((q) => isCheck(q.uid)).length;
    expect(qs).toHaveLength(1668);
    expect(check).toBe(306);
  });

  for (const scorer of [strictScorer, analystScorer])
    for (const shape of ['direct', 'cot', 'pot'] as const)
      for (const part of ['tune', 'check'] as const)
        it(`${scorer.id}, ${shape}, ${part} part: ≥ 99% graded correct`, () => {
          const r = rate(scorer, shape, part);
          expect(r.n).toBeGreaterThan(part === 'tune' ? 900 : 200);
          expect(r.rate, r.misses.join('\n')).toBeGreaterThanOrEqual(0.99);
        });

  for (const shape of ['direct', 'cot'] as const)
    it(`tatqa (official parity), ${shape}: the written gold is an exact match on ≥ 99%`, () => {
      for (const part of ['tune', 'check'] as const) {
        const r = rate(tatqaScorer, shape, part);
        expect(r.rate, r.misses.join('\n')).toBeGreaterThanOrEqual(0.99);
      }
    });
});
