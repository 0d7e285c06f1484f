import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import type { SeriesPoint } from '../../../shared/facts/company-facts';
import { periodText } from '../../../shared/facts/series';
import { valueText } from './format';

interface Props {
  /** One point per period, oldest first (shared/facts/series chartPoints). */
  points: SeriesPoint[];
  /** Says what is drawn: "us-gaap:Revenues, years (USD, millions)". */
  title: string;
  onOpen: (p: SeriesPoint) => void;
  /** The drawn <svg>, for the exports. */
  onSvg: (svg: SVGSVGElement | null) => void;
}

/**
 * A concept's values over its periods, drawn by Observable Plot as SVG: a line through the
 * points, each point a link to the cell it was read from (click, or Tab to it and Enter). The
 * figure's label says every value, so the chart reads as a sentence too.
 */
export function TrendChart({ points, title, onOpen, onSvg }: Props) {
  const host = useRef<HTMLDivElement>(null);
  // The latest handlers, without drawing the chart again when they change.
  const handlers = useRef({ onOpen, onSvg });
  useEffect(() => {
    handlers.current = { onOpen, onSvg };
  }, [onOpen, onSvg]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    // One place per period, in order, named as the filer names it (FY2024, Q2 2025): the
    // periods of one kind are evenly spaced, and a name reads better than a date tick.
    const data = points.map((p) => ({ p, x: periodText(p), y: p.value }));
    const chart = Plot.plot({
      width: Math.max(360, Math.min(760, el.clientWidth || 640)),
      height: 280,
      marginLeft: 72,
      style: { fontSize: '12px', background: 'white', color: '#1f2328' },
      x: { type: 'point', domain: data.map((d) => d.x), label: null, padding: 0.4 },
      y: { grid: true, label: null, zero: points.every((p) => p.value >= 0) },
      marks: [
        Plot.ruleY([0]),
        Plot.line(data, { x: 'x', y: 'y', stroke: '#2f6fbd', strokeWidth: 2 }),
        Plot.dot(data, {
          x: 'x',
          y: 'y',
          r: 5,
          fill: '#2f6fbd',
          stroke: 'white',
          title: (d: (typeof data)[number]) => `${periodText(d.p)}: ${valueText(d.p)}`,
        }),
        Plot.text(data, {
          x: 'x',
          y: 'y',
          text: (d: (typeof data)[number]) => valueText(d.p),
          dy: -12,
          fill: '#57606a',
        }),
      ],
    });
    const svg = chart instanceof SVGSVGElement ? chart : chart.querySelector('svg');
    if (!svg) return;
    svg.setAttribute('role', 'img');
    svg.setAttribute(
      'aria-label',
      `${title}: ${points.map((p) => `${periodText(p)} ${valueText(p)}`).join('; ')}`,
    );
    // The dots are drawn in the data's order: each becomes a link to its point's cell.
    const dots = svg.querySelectorAll<SVGCircleElement>('g[aria-label="dot"] circle');
    dots.forEach((circle: SVGCircleElement, i: number) => {
      const p = data[i]?.p;
      if (!p) return;
      circle.setAttribute('tabindex', '0');
      circle.setAttribute('role', 'link');
      circle.setAttribute('aria-label', `${periodText(p)}: ${valueText(p)}, open its cell`);
      circle.setAttribute('data-period', periodText(p));
      circle.classList.add('trend-point');
      circle.addEventListener('click', () => handlers.current.onOpen(p));
      circle.addEventListener('keydown', (e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          handlers.current.onOpen(p);
        }
      });
    });
    el.replaceChildren(chart);
    handlers.current.onSvg(svg);
    return () => {
      handlers.current.onSvg(null);
      chart.remove();
    };
  }, [points, title]);

  return (
    <figure className="trend-chart">
      <figcaption>{title}</figcaption>
      <div ref={host} className="trend-chart-plot" />
    </figure>
  );
}
