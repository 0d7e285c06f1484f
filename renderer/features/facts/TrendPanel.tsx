import { lazy, Suspense, useMemo, useRef } from 'react';
import type { FactsSeriesResult } from '../../../shared/facts/company-facts';
import {
  chartPoints,
  periodKindLabel,
  periodKinds,
  type PeriodKind,
} from '../../../shared/facts/series';
import { factsStore } from '../../stores/facts';
import { ChartDownloads } from './ChartDownloads';
import { openCell, slug } from './facts-route';
import { dimensionsText, unitText } from './format';

// The chart library (Observable Plot, with d3) is a chunk of its own, fetched when a chart is
// first drawn: the Library and document views do not load it.
const TrendChart = lazy(() => import('./TrendChart').then((m) => ({ default: m.TrendChart })));

/**
 * The series over time: the kind of periods charted, the downloads, and the chart (each point a
 * link to its cell). Nothing when the series has no period to chart.
 */
export function TrendPanel({
  result,
  kind,
  companyName,
}: {
  result: FactsSeriesResult;
  kind: PeriodKind | null;
  /** For the downloads' file names. */
  companyName: string;
}) {
  const svg = useRef<SVGSVGElement | null>(null);
  const kinds = useMemo(() => periodKinds(result.points), [result]);
  const drawn = useMemo(
    () => (kind ? chartPoints(result.points, kind, result.filings) : []),
    [result, kind],
  );
  if (kinds.length === 0) return null;
  const base = `${slug(companyName)}-${slug(result.concept.replace(/^[^:]*:/, ''))}`;
  const chartTitle =
    kind && drawn[0]
      ? `${result.concept}${Object.keys(result.dimensions).length ? ` (${dimensionsText(result.dimensions)})` : ''}, ${periodKindLabel[kind].toLowerCase()} (${unitText(drawn[0])})`
      : '';
  return (
    <div className="trend">
      <ChartDownloads svg={svg} base={base} result={result}>
        <label>
          Chart{' '}
          <select
            aria-label="Periods to chart"
            value={kind ?? ''}
            onChange={(e) => factsStore.getState().setKind(e.currentTarget.value as PeriodKind)}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {periodKindLabel[k]}
              </option>
            ))}
          </select>
        </label>
      </ChartDownloads>
      <Suspense fallback={<p className="hint">Drawing the chart…</p>}>
        <TrendChart
          points={drawn}
          title={chartTitle}
          onOpen={openCell}
          onSvg={(s) => (svg.current = s)}
        />
      </Suspense>
    </div>
  );
}
