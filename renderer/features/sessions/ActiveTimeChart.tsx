import { durationText } from '../../stores/sessions/duration-text';

export interface ChartBar {
  label: string;
  seconds: number;
  /** true correct, false wrong, null not graded (no answer). */
  correct: boolean | null;
}

const W = 640;
const H = 180;
const PAD = { left: 44, right: 8, top: 10, bottom: 24 };

/** Active seconds per question as bars (inline SVG, text only), coloured by the verdict. */
export function ActiveTimeChart({ bars }: { bars: ChartBar[] }) {
  if (bars.length === 0) return null;
  const max = Math.max(1, ...bars.map((b) => b.seconds));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / bars.length;
  const barW = Math.max(2, Math.min(40, step * 0.7));
  return (
    <svg
      className="active-time-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label="Active time per question"
    >
      <line
        x1={PAD.left}
        y1={PAD.top + innerH}
        x2={W - PAD.right}
        y2={PAD.top + innerH}
        className="axis"
      />
      <text x={PAD.left - 6} y={PAD.top + 8} textAnchor="end" className="tick">
        {durationText(max)}
      </text>
      <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className="tick">
        0
      </text>
      {bars.map((b, i) => {
        const h = (b.seconds / max) * innerH;
        const x = PAD.left + i * step + (step - barW) / 2;
        return (
          <g key={i}>
            <rect
              x={x}
              y={PAD.top + innerH - h}
              width={barW}
              height={h}
              className={b.correct === null ? 'bar none' : b.correct ? 'bar correct' : 'bar wrong'}
            >
              <title>{`${b.label}: ${durationText(b.seconds)}`}</title>
            </rect>
            <text x={x + barW / 2} y={H - 8} textAnchor="middle" className="tick">
              {b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
