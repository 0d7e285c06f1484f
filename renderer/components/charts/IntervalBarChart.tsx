import { chartSummary, layoutIntervalBars, type IntervalBar } from './interval-bars';
import './charts.css';
import { compact } from '../../../shared/util/compact';

export interface IntervalBarChartProps {
  title: string;
  bars: readonly IntervalBar[];
  width?: number;
  /** Appended to numbers in the labels and the summary ('%' for accuracies, ' pp' for differences). */
  unit?: string;
  domain?: [number, number];
  labelWidth?: number;
}

const fmt = (v: number) => String(Number(v.toFixed(2)));

/**
 * Horizontal bars with 95% interval whiskers, as inline SVG (no chart library). The picture is
 * one `role="img"` whose label says every number, so a screen reader gets the chart as a sentence;
 * the texts inside are hidden from it to avoid reading them twice.
 */
export function IntervalBarChart({
  title,
  bars,
  width = 560,
  unit = '%',
  domain,
  labelWidth,
}: IntervalBarChartProps) {
  const layout = layoutIntervalBars(bars, {
    width,
    ...(domain ? { domain } : {}),
    ...compact({ labelWidth }),
  });
  const { plot } = layout;
  return (
    <figure className="interval-chart">
      <figcaption>{title}</figcaption>
      <svg
        role="img"
        aria-label={chartSummary(title, bars, unit)}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
      >
        <g aria-hidden="true">
          {layout.ticks.map((t) => (
            <g key={t.value}>
              <line className="grid" x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
              <text className="tick" x={t.x} y={plot.bottom + 15} textAnchor="middle">
                {fmt(t.value)}
              </text>
            </g>
          ))}
          {layout.bars.map((b, i) => {
            const mid = b.y + 13;
            return (
              <g key={i} className="bar-row">
                <text className="bar-label" x={plot.left - 8} y={mid + 4} textAnchor="end">
                  {b.label.length > 22 ? `${b.label.slice(0, 21)}…` : b.label}
                  <title>{b.label}</title>
                </text>
                <rect
                  className={b.value < 0 ? 'bar negative' : 'bar'}
                  x={Math.min(b.x0, b.x1)}
                  y={b.y + 5}
                  width={Math.max(1, Math.abs(b.x1 - b.x0))}
                  height={16}
                />
                {b.whisker && (
                  <g className="whisker">
                    <line x1={b.whisker.x0} x2={b.whisker.x1} y1={mid} y2={mid} />
                    <line x1={b.whisker.x0} x2={b.whisker.x0} y1={mid - 6} y2={mid + 6} />
                    <line x1={b.whisker.x1} x2={b.whisker.x1} y1={mid - 6} y2={mid + 6} />
                  </g>
                )}
                <text className="bar-value" x={plot.right + 8} y={mid + 4}>
                  {fmt(b.value)}
                  {unit}
                  {b.low !== undefined && b.high !== undefined
                    ? ` [${fmt(b.low)}, ${fmt(b.high)}]`
                    : ''}
                </text>
              </g>
            );
          })}
          {layout.zeroX !== null && (
            <line className="zero" x1={layout.zeroX} x2={layout.zeroX} y1={0} y2={plot.bottom} />
          )}
          <line className="axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        </g>
      </svg>
    </figure>
  );
}
