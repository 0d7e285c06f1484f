import { describe, expect, it } from 'vitest';
import {
  combinePairJudgements,
  eloOfRuns,
  summarizeJudgements,
  type JudgementRecord,
  type PairJudgementRecord,
} from '../../../shared/runs/judge';
import { eloMarkdown, judgesMarkdown } from '../../../shared/runs/judge-format';

const j = (
  verdict: JudgementRecord['verdict'],
  score: number | null,
  status: JudgementRecord['status'] = 'judged',
  judgeModel = 'judge-a',
): JudgementRecord => ({
  judgeModel,
  rubricId: 'analytic-v1',
  rubricHash: 'h',
  status,
  verdict,
  score,
});

describe('summarizeJudgements', () => {
  it('one block per judge model and rubric; unreadable and refused counted, not graded', () => {
    const s = summarizeJudgements([
      j('correct', 1),
      j('correct', 0.9),
      j('partially', 0.5),
      j('incorrect', 0),
      j(null, null, 'unreadable'),
      j(null, null, 'refused'),
      { ...j('incorrect', 0), stale: true },
      j('correct', 1, 'judged', 'judge-b'),
    ]);
    expect(Object.keys(s)).toEqual(['judge-a/analytic-v1', 'judge-b/analytic-v1']);
    expect(s['judge-a/analytic-v1']).toMatchObject({
      n: 4,
      correct: 2,
      partially: 1,
      incorrect: 1,
      unreadable: 1,
      refused: 1,
      stale: 1,
      accuracy: 50,
      meanScore: 0.6,
      // Wilson 95% for 2/4
      interval: { low: 15, high: 85 },
    });
    expect(s['judge-b/analytic-v1']).toMatchObject({ n: 1, stale: 0 });
    expect(judgesMarkdown(s)).toContain('analytic-v1 (1 stale: answer or gold changed since');
    expect(judgesMarkdown(s)).toMatch(
      /## LLM judge \(not a scorer[^\n]*\n[\s\S]*\| judge-a \| analytic-v1 \(1 stale[^|]*\| 50\.00 \(2\/4\)/,
    );
  });
});

describe('combinePairJudgements', () => {
  const p = (
    firstRun: number,
    secondRun: number,
    choice: PairJudgementRecord['choice'],
    q = 'q1',
    status: PairJudgementRecord['status'] = 'judged',
  ): PairJudgementRecord => ({
    firstRun,
    secondRun,
    externalId: q,
    status,
    choice,
  });

  it('both orders agree: a win; they disagree or one says tie: a tie; position bias cancels', () => {
    const c = combinePairJudgements([
      p(1, 2, 'first', 'q1'), // 1 wins shown first
      p(2, 1, 'second', 'q1'), // 1 wins shown second: 1 wins q1
      p(1, 2, 'first', 'q2'), // the judge always picks A: disagreement → tie
      p(2, 1, 'first', 'q2'),
      p(1, 2, 'tie', 'q3'),
      p(2, 1, 'first', 'q3'), // a tie in one order → tie
      p(1, 2, 'second', 'q4'), // only one order asked yet: left out
      p(1, 2, 'first', 'q5'),
      p(2, 1, null, 'q5', 'unreadable'), // unreadable: left out, counted
    ]);
    expect(c.outcomes).toEqual([
      { a: '1', b: '2', score: 1, cluster: 'q1' },
      { a: '1', b: '2', score: 0.5, cluster: 'q2' },
      { a: '1', b: '2', score: 0.5, cluster: 'q3' },
    ]);
    expect(c.unreadable).toBe(1);
    expect(c.positionDisagreements).toBe(1);
  });

  it('eloOfRuns ranks the better run first, with the table in Markdown', () => {
    const rows: PairJudgementRecord[] = [];
    for (let i = 0; i < 6; i++) rows.push(p(7, 9, 'first', `q${i}`), p(9, 7, 'second', `q${i}`));
    rows.push(p(7, 9, 'second', 'q9'), p(9, 7, 'first', 'q9'));
    const t = eloOfRuns(
      [
        { runId: 7, model: 'm7', mode: 'cot' },
        { runId: 9, model: 'm9', mode: 'direct' },
      ],
      { judgeModel: 'judge-a', rubricId: 'analytic-v1' },
      rows,
      { iterations: 200 },
    );
    expect(t.rows.map((r) => [r.runId, r.wins, r.losses])).toEqual([
      [7, 6, 1],
      [9, 1, 6],
    ]);
    // Prior 1: wins 6.5 vs 1.5 → 400·log10(13/3) = 254.7 points apart.
    expect(t.rows[0]!.rating - t.rows[1]!.rating).toBeCloseTo(254.7, 0);
    expect(t).toMatchObject({ questions: 7, outcomes: 7, unreadable: 0 });
    expect(eloMarkdown(t)).toMatch(/\| 1 \| #7 \| m7 \| cot \| 1127\.\d/);
  });
});
