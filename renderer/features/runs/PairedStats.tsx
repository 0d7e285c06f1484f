import { modelTimeText } from '../../../shared/runs/model-time';
import type { RunComparison, RunReport } from '../../../shared/runs/report';
import { PairedCharts } from '../../components/charts/PairedCharts';
import type { comparisonBars } from './report-bars';
import { modeText, pct, scorerLabel } from './run-text';

export const runName = (r: RunReport) => `#${r.runId} ${r.model} · ${modeText(r.mode)}`;
const pValue = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`);

interface Props {
  id: string;
  /** The two runs' ids, as the route names them. */
  a: number;
  b: number;
  comparison: RunComparison;
  reportA: RunReport;
  reportB: RunReport;
  bars: ReturnType<typeof comparisonBars>;
}

/** Accuracy of A and B, the paired difference with its bootstrap interval, McNemar, model time. */
export function PairedStats({ id, a, b, comparison, reportA, reportB, bars }: Props) {
  return (
    <section aria-labelledby={`${id}-stats`}>
      <h2 id={`${id}-stats`}>Paired comparison ({scorerLabel(comparison.scorer)})</h2>
      <dl className="compare-stats">
        <dt>A</dt>
        <dd>
          <a href={`#/run/${a}`}>{runName(reportA)}</a>: {pct(comparison.accuracyA)}%
        </dd>
        <dt>B</dt>
        <dd>
          <a href={`#/run/${b}`}>{runName(reportB)}</a>: {pct(comparison.accuracyB)}%
        </dd>
        <dt>Paired questions</dt>
        <dd>
          {comparison.paired}
          {comparison.onlyA + comparison.onlyB > 0 &&
            ` (${comparison.onlyA} only in A, ${comparison.onlyB} only in B, left out)`}
        </dd>
        <dt>Difference A − B</dt>
        <dd>
          {pct(comparison.difference)} points, paired bootstrap 95% {pct(comparison.bootstrap.low)}{' '}
          to {pct(comparison.bootstrap.high)} ({pValue(comparison.bootstrap.pValue)})
        </dd>
        <dt>McNemar (exact)</dt>
        <dd>
          b = {comparison.mcnemar.aOnly} (right in A only), c = {comparison.mcnemar.bOnly} (right in
          B only), {pValue(comparison.mcnemar.pValue)}
        </dd>
        <dt>Model time (paired questions)</dt>
        <dd>
          A: {modelTimeText(comparison.modelTime.a)}; B: {modelTimeText(comparison.modelTime.b)}
        </dd>
      </dl>
      <PairedCharts accuracy={bars.accuracy} difference={bars.difference} differenceOf="A − B" />
    </section>
  );
}
