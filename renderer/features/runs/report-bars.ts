import { wilson } from '../../../shared/stats/wilson';
import type { RunComparison, RunReport } from '../../../shared/runs/report';
import type { IntervalBar } from '../../components/charts/interval-bars';
import { scorerLabel } from './run-text';

const r2 = (x: number) => Math.round(x * 100) / 100;

/** Percent interval of k right out of n (Wilson 95%). */
function wilsonPct(k: number, n: number) {
  const w = wilson(k, n);
  return { low: r2(100 * w.low), high: r2(100 * w.high) };
}

/** One bar per scorer, with the document-clustered bootstrap interval or the Wilson one. */
export function scorerBars(report: RunReport, kind: 'bootstrap' | 'wilson'): IntervalBar[] {
  return report.scorers.map((s) => {
    const i = report.intervals[s.scorer];
    return {
      label: scorerLabel(s.scorer),
      value: s.accuracy,
      n: s.n,
      ...(i ? i[kind] : {}),
    };
  });
}

/**
 * One bar per Table 2 subset for one scorer, with a Wilson interval from the subset's item
 * count (the report carries intervals for the whole run only; a subset's count rebuilds k).
 */
export function subsetBars(report: RunReport, scorer: string): IntervalBar[] {
  const acc = report.subsets.accuracy[scorer] ?? {};
  return report.subsets.columns.flatMap((c) => {
    const value = acc[c];
    const n = report.subsets.n[c] ?? 0;
    if (value === undefined || n === 0) return [];
    return [{ label: c, value, n, ...wilsonPct(Math.round((value * n) / 100), n) }];
  });
}

/** Run A and run B over their paired items (Wilson), then the difference A − B in points (paired bootstrap, as runs.report gives it). */
export function comparisonBars(
  c: RunComparison,
  nameA: string,
  nameB: string,
): { accuracy: IntervalBar[]; difference: IntervalBar[] } {
  const side = (label: string, accuracy: number): IntervalBar => ({
    label,
    value: accuracy,
    n: c.paired,
    ...wilsonPct(Math.round((accuracy * c.paired) / 100), c.paired),
  });
  return {
    accuracy: [side(`A: ${nameA}`, c.accuracyA), side(`B: ${nameB}`, c.accuracyB)],
    difference: [
      { label: 'A − B', value: c.difference, low: c.bootstrap.low, high: c.bootstrap.high },
    ],
  };
}
