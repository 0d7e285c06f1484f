import { useEffect, useId } from 'react';
import { modelTimeText } from '../../../shared/runs/model-time';
import type { RunReport } from '../../../shared/runs/report';
import { PairedCharts } from '../../components/charts/PairedCharts';
import { navigationStore } from '../../stores/navigation';
import { compareStore, runsListStore, useCompare, useRunsList } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import { EloSection } from './EloSection';
import { FlipList } from './FlipList';
import { comparisonBars } from './report-bars';
import { modeText, pct, scorerLabel } from './run-text';
import './runs.css';

const runName = (r: RunReport) => `#${r.runId} ${r.model} · ${modeText(r.mode)}`;
const pValue = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`);

/** Two runs item by item: paired McNemar, the paired bootstrap of the difference, the flips. */
export function CompareScreen({ a, b }: { a: number; b: number }) {
  const id = useId();
  const status = useCompare((s) => (s.pair?.a === a && s.pair.b === b ? s.status : 'loading'));
  const comparison = useCompare((s) => s.comparison);
  const reportA = useCompare((s) => s.reportA);
  const reportB = useCompare((s) => s.reportB);
  const error = useCompare((s) => s.error);
  const runs = useRunsList((s) => s.runs);

  useEffect(() => {
    void compareStore.getState().open(a, b);
    void runsListStore.getState().load();
  }, [a, b]);

  const pick = (side: 'a' | 'b', value: number) =>
    navigationStore
      .getState()
      .go({ screen: 'compare', a: side === 'a' ? value : a, b: side === 'b' ? value : b });
  const ready = status === 'ready' && comparison && reportA && reportB;
  const bars = ready ? comparisonBars(comparison, runName(reportA), runName(reportB)) : undefined;
  const scorers = reportA?.scorers.map((s) => s.scorer) ?? [];

  return (
    <main className="screen runs-screen" aria-labelledby={`${id}-title`}>
      <header className="screen-header">
        <h1 id={`${id}-title`}>
          Compare run #{a} with run #{b}
        </h1>
        <div className="actions">
          <a href="#/runs">All runs</a>
        </div>
      </header>
      <div className="report-controls">
        {(['a', 'b'] as const).map((side) => (
          <span key={side}>
            <label htmlFor={`${id}-${side}`}>Run {side.toUpperCase()}</label>{' '}
            <select
              id={`${id}-${side}`}
              value={side === 'a' ? a : b}
              onChange={(e) => pick(side, Number(e.currentTarget.value))}
            >
              {!runs.some((r) => r.runId === (side === 'a' ? a : b)) && (
                <option value={side === 'a' ? a : b}>#{side === 'a' ? a : b}</option>
              )}
              {runs.map((r) => (
                <option key={r.runId} value={r.runId}>
                  #{r.runId} {r.model} · {modeText(r.mode)}
                </option>
              ))}
            </select>
          </span>
        ))}
        {ready && scorers.length > 1 && (
          <span>
            <label htmlFor={`${id}-scorer`}>Scorer</label>{' '}
            <select
              id={`${id}-scorer`}
              value={comparison.scorer}
              onChange={(e) => void compareStore.getState().setScorer(e.currentTarget.value)}
            >
              {scorers.map((s) => (
                <option key={s} value={s}>
                  {scorerLabel(s)}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      {status === 'error' && error && <ApiErrorText error={error} />}
      {status === 'loading' && <p className="hint">Comparing…</p>}
      {ready && bars && (
        <>
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
                {pct(comparison.difference)} points, paired bootstrap 95%{' '}
                {pct(comparison.bootstrap.low)} to {pct(comparison.bootstrap.high)} (
                {pValue(comparison.bootstrap.pValue)})
              </dd>
              <dt>McNemar (exact)</dt>
              <dd>
                b = {comparison.mcnemar.aOnly} (right in A only), c = {comparison.mcnemar.bOnly}{' '}
                (right in B only), {pValue(comparison.mcnemar.pValue)}
              </dd>
              <dt>Model time (paired questions)</dt>
              <dd>
                A: {modelTimeText(comparison.modelTime.a)}; B:{' '}
                {modelTimeText(comparison.modelTime.b)}
              </dd>
            </dl>
            <PairedCharts
              accuracy={bars.accuracy}
              difference={bars.difference}
              differenceOf="A − B"
            />
          </section>
          <FlipList comparison={comparison} reportA={reportA} />
          <EloSection runIds={[a, b]} />
        </>
      )}
    </main>
  );
}
