import type { GapGroup, GapReport } from '../../../shared/gap/gap-report';
import type { IntervalBar } from '../../components/charts/interval-bars';

export const groupLabel = (g: Pick<GapGroup, 'by' | 'value'>) =>
  g.by === 'all' ? 'all' : g.by === 'subset' ? g.value : `type: ${g.value}`;

/** Expert and model accuracy per group (Wilson whiskers), and the difference (bootstrap). */
export function gapBars(report: GapReport): { accuracy: IntervalBar[]; difference: IntervalBar[] } {
  return {
    accuracy: report.groups.flatMap((g) => [
      {
        label: `${groupLabel(g)} · expert`,
        value: g.human.accuracy,
        low: g.human.wilson.low,
        high: g.human.wilson.high,
        n: g.n,
      },
      {
        label: `${groupLabel(g)} · model`,
        value: g.model.accuracy,
        low: g.model.wilson.low,
        high: g.model.wilson.high,
        n: g.n,
      },
    ]),
    difference: report.groups.map((g) => ({
      label: groupLabel(g),
      value: g.difference,
      low: g.bootstrap.low,
      high: g.bootstrap.high,
      n: g.n,
    })),
  };
}

export const pValueText = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`);
export const f2 = (x: number) => x.toFixed(2);
