/**
 * Geometry of a horizontal bar chart with interval whiskers, kept apart from the SVG so it can be
 * tested without a DOM. Horizontal because the labels (subsets, scorers, runs) are words that
 * would not fit under vertical bars.
 */

export interface IntervalBar {
  label: string;
  value: number;
  /** A 95% interval around the value; absent: no whisker. */
  low?: number;
  high?: number;
  /** Items behind the bar, said in the summary. */
  n?: number;
}

export interface BarGeometry extends IntervalBar {
  /** Top of the bar's row. */
  y: number;
  /** The bar runs from x0 to x1 (x1 < x0 for a negative value). */
  x0: number;
  x1: number;
  whisker?: { x0: number; x1: number };
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: BarGeometry[];
  ticks: { value: number; x: number }[];
  /** Where 0 is, when 0 lies inside the domain (a difference chart draws it as a line). */
  zeroX: number | null;
  domain: [number, number];
}

export interface LayoutOptions {
  width: number;
  rowHeight?: number;
  labelWidth?: number;
  /** Space on the right for the value text. */
  valueWidth?: number;
  /** Default: 0–100 when every number is a percent in range, else a padded extent with 0. */
  domain?: [number, number];
}

const AXIS_HEIGHT = 22;
const TOP = 4;

/** Tick step of 1, 2 or 5 × 10^k giving about `count` ticks over the span. */
export function niceStep(span: number, count = 5): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/** The domain a set of bars needs: 0–100 for percents, otherwise their extent with 0, rounded out. */
export function chartDomain(bars: readonly IntervalBar[]): [number, number] {
  const xs = bars.flatMap((b) => [b.value, b.low ?? b.value, b.high ?? b.value]);
  const min = Math.min(0, ...xs);
  const max = Math.max(0, ...xs);
  if (min >= 0 && max <= 100) return [0, 100];
  const step = niceStep(max - min || 1);
  return [Math.floor(min / step) * step, Math.ceil(max / step) * step];
}

/** A domain centred on 0 that holds every bar and whisker: a difference reads against no change. */
export function symmetricDomain(bars: readonly IntervalBar[]): [number, number] {
  const m = Math.max(...bars.flatMap((b) => [b.value, b.low ?? 0, b.high ?? 0].map(Math.abs)));
  const step = niceStep(m || 1, 2);
  const edge = Math.ceil(m / step) * step || 1;
  return [-edge, edge];
}

export function layoutIntervalBars(
  bars: readonly IntervalBar[],
  options: LayoutOptions,
): ChartLayout {
  const rowHeight = options.rowHeight ?? 26;
  const labelWidth = options.labelWidth ?? 150;
  const valueWidth = options.valueWidth ?? 160;
  const domain = options.domain ?? chartDomain(bars);
  const plot = {
    left: labelWidth,
    right: Math.max(labelWidth + 40, options.width - valueWidth),
    top: TOP,
    bottom: TOP + bars.length * rowHeight,
  };
  const span = domain[1] - domain[0] || 1;
  const clamp = (v: number) => Math.min(domain[1], Math.max(domain[0], v));
  const x = (v: number) => plot.left + ((clamp(v) - domain[0]) / span) * (plot.right - plot.left);
  const base = x(domain[0] <= 0 && domain[1] >= 0 ? 0 : domain[0]);
  const step = niceStep(span);
  const ticks: ChartLayout['ticks'] = [];
  for (let v = Math.ceil(domain[0] / step) * step; v <= domain[1] + step / 1e6; v += step) {
    const value = Math.round(v * 1e6) / 1e6;
    ticks.push({ value, x: x(value) });
  }
  return {
    width: options.width,
    height: plot.bottom + AXIS_HEIGHT,
    plot,
    domain,
    ticks,
    zeroX: domain[0] < 0 && domain[1] > 0 ? x(0) : null,
    bars: bars.map((b, i) => ({
      ...b,
      y: plot.top + i * rowHeight,
      x0: base,
      x1: x(b.value),
      ...(b.low !== undefined && b.high !== undefined
        ? { whisker: { x0: x(b.low), x1: x(b.high) } }
        : {}),
    })),
  };
}

const num = (v: number, unit: string) => `${Number(v.toFixed(2))}${unit}`;

/** What the chart shows, as one sentence for screen readers (its aria-label). */
export function chartSummary(title: string, bars: readonly IntervalBar[], unit = '%'): string {
  const parts = bars.map((b) => {
    const interval =
      b.low !== undefined && b.high !== undefined
        ? ` (95% interval ${num(b.low, unit)} to ${num(b.high, unit)})`
        : '';
    const n = b.n !== undefined ? `, n=${b.n}` : '';
    return `${b.label} ${num(b.value, unit)}${interval}${n}`;
  });
  return `${title}: ${parts.join('; ')}`;
}
