import type { GapReport } from '../../../shared/gap/gap-report';

/**
 * Accuracy vs time as scatter geometry, apart from the SVG so it is testable without a DOM.
 * One point per group and side: the expert's median active seconds or the model's median
 * latency (x, log scale: seconds for a model, minutes for a person) against accuracy (y, %).
 */
export interface TimePoint {
  label: string;
  side: 'expert' | 'model';
  seconds: number;
  accuracy: number;
  n: number;
}

export function timePoints(report: GapReport): TimePoint[] {
  const out: TimePoint[] = [];
  for (const g of report.groups) {
    const label = g.by === 'all' ? 'all' : g.value;
    if (g.humanMedianSeconds !== null && g.humanMedianSeconds > 0)
      out.push({
        label,
        side: 'expert',
        seconds: g.humanMedianSeconds,
        accuracy: g.human.accuracy,
        n: g.n,
      });
    if (g.modelMedianSeconds !== null && g.modelMedianSeconds > 0)
      out.push({
        label,
        side: 'model',
        seconds: g.modelMedianSeconds,
        accuracy: g.model.accuracy,
        n: g.n,
      });
  }
  return out;
}

export interface ScatterLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** Powers of ten spanning the points. */
  xTicks: { value: number; x: number }[];
  yTicks: { value: number; y: number }[];
  /** `labelY`: where the point's label goes, moved down when it would overprint another. */
  points: (TimePoint & { x: number; y: number; labelY: number })[];
}

export function layoutScatter(
  points: readonly TimePoint[],
  width = 560,
  height = 260,
): ScatterLayout {
  const plot = { left: 48, right: width - 16, top: 10, bottom: height - 34 };
  const logs = points.map((p) => Math.log10(p.seconds));
  const lo = Math.floor(Math.min(0, ...logs));
  const hi = Math.max(lo + 1, Math.ceil(Math.max(1, ...logs)));
  const x = (s: number) =>
    plot.left + ((Math.log10(s) - lo) / (hi - lo)) * (plot.right - plot.left);
  const y = (a: number) => plot.bottom - (a / 100) * (plot.bottom - plot.top);
  const xTicks = [];
  for (let k = lo; k <= hi; k++) xTicks.push({ value: 10 ** k, x: x(10 ** k) });
  const yTicks = [0, 25, 50, 75, 100].map((v) => ({ value: v, y: y(v) }));
  return {
    width,
    height,
    plot,
    xTicks,
    yTicks,
    points: placeLabels(
      points.map((p) => ({ ...p, x: x(p.seconds), y: y(p.accuracy) })),
      (plot.top + plot.bottom) / 2,
    ),
  };
}

/** Points at (nearly) the same place get their labels stacked, 12 px apart. */
function placeLabels<P extends { x: number; y: number }>(
  points: P[],
  middle: number,
): (P & { labelY: number })[] {
  const placed: { x: number; y: number }[] = [];
  return points.map((p) => {
    // Stack towards the middle of the plot so labels stay inside it.
    const step = p.y > middle ? -12 : 12;
    let labelY = p.y - 6;
    while (placed.some((q) => Math.abs(q.x - p.x) < 40 && Math.abs(q.y - labelY) < 11))
      labelY += step;
    placed.push({ x: p.x, y: labelY });
    return { ...p, labelY };
  });
}

const fmt = (v: number) => String(Number(v.toFixed(2)));

/** What a screen reader hears for the chart: every point's numbers. */
export function scatterSummary(title: string, points: readonly TimePoint[]): string {
  if (points.length === 0) return `${title}: no timed questions.`;
  return `${title}: ${points
    .map((p) => `${p.label} ${p.side} ${fmt(p.accuracy)}% at ${fmt(p.seconds)} s (n = ${p.n})`)
    .join('; ')}.`;
}
