import type { GapReport } from '../../../shared/gap/gap-report';
import { layoutScatter, scatterSummary, timePoints } from './time-scatter';

const secondsText = (s: number) => (s >= 60 ? `${Number((s / 60).toFixed(1))} min` : `${s} s`);

/** Accuracy vs time (inline SVG): expert points as circles, model points as squares. */
export function TimeScatter({ report }: { report: GapReport }) {
  const title = 'Accuracy (%) vs median time per question (log scale)';
  const points = timePoints(report);
  const layout = layoutScatter(points);
  const { plot } = layout;
  return (
    <figure className="interval-chart gap-scatter">
      <figcaption>{title}</figcaption>
      <svg
        role="img"
        aria-label={scatterSummary(title, points)}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
      >
        <g aria-hidden="true">
          {layout.xTicks.map((t) => (
            <g key={`x${t.value}`}>
              <line className="grid" x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
              <text className="tick" x={t.x} y={plot.bottom + 15} textAnchor="middle">
                {secondsText(t.value)}
              </text>
            </g>
          ))}
          {layout.yTicks.map((t) => (
            <g key={`y${t.value}`}>
              <line className="grid" x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
              <text className="tick" x={plot.left - 6} y={t.y + 4} textAnchor="end">
                {t.value}
              </text>
            </g>
          ))}
          <line className="axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
          {layout.points.map((p, i) =>
            p.side === 'expert' ? (
              <circle key={i} className="point expert" cx={p.x} cy={p.y} r={5}>
                <title>{`${p.label} expert: ${p.accuracy}% at ${p.seconds} s`}</title>
              </circle>
            ) : (
              <rect key={i} className="point model" x={p.x - 5} y={p.y - 5} width={10} height={10}>
                <title>{`${p.label} model: ${p.accuracy}% at ${p.seconds} s`}</title>
              </rect>
            ),
          )}
          {layout.points.map((p, i) => (
            <text key={`l${i}`} className="tick" x={p.x + 8} y={p.labelY}>
              {p.label}
            </text>
          ))}
          <text
            className="tick"
            x={(plot.left + plot.right) / 2}
            y={layout.height - 2}
            textAnchor="middle"
          >
            ● expert active time · ■ model latency
          </text>
        </g>
      </svg>
    </figure>
  );
}
