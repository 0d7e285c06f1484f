import { describe, expect, it } from 'vitest';
import { buildGapReport } from '../../../shared/gap/build-gap';
import { gapBars } from '../../../renderer/features/gap/gap-bars';
import {
  layoutScatter,
  scatterSummary,
  timePoints,
} from '../../../renderer/features/gap/time-scatter';
import { parseRoute, routeHash } from '../../../renderer/stores/navigation/navigation-store';

const report = () =>
  buildGapReport(
    {
      session: { id: 1, expert: 'E', scorer: 'strict' },
      run: { id: 2, model: 'm', mode: 'pot', scorer: 'strict' },
      datasetId: 1,
      datasetName: 'd',
      questions: [0, 1, 2, 3].map((i) => ({
        questionId: i,
        externalId: `q${i}`,
        question: `Q${i}`,
        facets: { subset: i < 2 ? 'table' : 'text', answerType: null, evidenceSource: null },
        gold: '1',
        goldEvidence: [],
        documentId: i,
        cluster: `d${i}`,
      })),
      human: [0, 1, 2, 3].map((i) => ({
        questionId: i,
        answer: '1',
        submitted: true,
        correct: i !== 3,
        rule: '',
        activeSeconds: 60 * (i + 1),
        marks: [],
      })),
      model: [0, 1, 2, 3].map((i) => ({
        externalId: `q${i}`,
        answer: '1',
        correct: i % 2 === 0,
        rule: '',
        latencyMs: 2000,
        error: null,
        units: [],
        unitsSource: 'trace' as const,
      })),
    },
    { iterations: 200 },
  );

describe('gap view', () => {
  it('routes #/gap, #/gap/S and #/gap/S/R round trip', () => {
    for (const hash of ['#/gap', '#/gap/4', '#/gap/4/9'])
      expect(routeHash(parseRoute(hash))).toBe(hash);
    expect(parseRoute('#/gap/4/9')).toEqual({ screen: 'gap', sessionId: 4, runId: 9 });
  });

  it('bars: expert and model per group with Wilson whiskers, the difference with the bootstrap', () => {
    const r = report();
    const bars = gapBars(r);
    expect(bars.accuracy.map((b) => b.label)).toEqual([
      'all · expert',
      'all · model',
      'table · expert',
      'table · model',
      'text · expert',
      'text · model',
    ]);
    expect(bars.accuracy[0]).toMatchObject({ value: 75, n: 4 });
    expect(bars.difference[0]).toMatchObject({ label: 'all', value: 25 });
  });

  it('scatter: medians on a log time axis, accuracy 0–100, every number in the summary', () => {
    const points = timePoints(report());
    expect(points.find((p) => p.label === 'all' && p.side === 'expert')).toMatchObject({
      seconds: 150,
      accuracy: 75,
    });
    expect(points.find((p) => p.label === 'all' && p.side === 'model')).toMatchObject({
      seconds: 2,
    });
    const layout = layoutScatter(points, 500, 200);
    expect(layout.xTicks.map((t) => t.value)).toEqual([1, 10, 100, 1000]);
    for (const p of layout.points) {
      expect(p.x).toBeGreaterThanOrEqual(layout.plot.left);
      expect(p.x).toBeLessThanOrEqual(layout.plot.right);
    }
    const top = layout.points.find((p) => p.accuracy === 100);
    expect(top?.y).toBeCloseTo(layout.plot.top);
    expect(scatterSummary('T', points)).toContain('all expert 75% at 150 s (n = 4)');
    // Two points at one place: their labels do not overprint.
    const same = layoutScatter(
      [
        { label: 'a', side: 'expert', seconds: 30, accuracy: 0, n: 1 },
        { label: 'b', side: 'expert', seconds: 30, accuracy: 0, n: 1 },
      ],
      500,
      200,
    );
    expect(Math.abs(same.points[0]!.labelY - same.points[1]!.labelY)).toBeGreaterThanOrEqual(11);
    expect(same.points[1]!.labelY).toBeLessThan(same.plot.bottom);
    expect(scatterSummary('T', [])).toBe('T: no timed questions.');
  });
});
