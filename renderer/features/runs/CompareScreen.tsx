import { useEffect, useId } from 'react';
import type { RunComparison } from '../../../shared/runs/report';
import type { RunSummary } from '../../../shared/runs/run';
import { navigationStore } from '../../stores/navigation';
import { compareStore, runsListStore, useCompare, useRunsList } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import { EloSection } from './EloSection';
import { FlipList } from './FlipList';
import { PairedStats, runName } from './PairedStats';
import { comparisonBars } from './report-bars';
import { modeText, scorerLabel } from './run-text';
import './runs.css';

/** Run A and run B (another run opens the comparison of that pair), and the scorer compared by. */
function CompareControls(p: {
  id: string;
  a: number;
  b: number;
  runs: RunSummary[];
  /** Shown once the comparison is read, when the runs have more than one scorer. */
  comparison: RunComparison | undefined;
  scorers: string[];
}) {
  const { id, a, b, runs, comparison, scorers } = p;
  const pick = (side: 'a' | 'b', value: number) =>
    navigationStore
      .getState()
      .go({ screen: 'compare', a: side === 'a' ? value : a, b: side === 'b' ? value : b });
  return (
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
      {comparison && scorers.length > 1 && (
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
  );
}

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
      <CompareControls
        id={id}
        a={a}
        b={b}
        runs={runs}
        comparison={ready ? comparison : undefined}
        scorers={scorers}
      />
      {status === 'error' && error && <ApiErrorText error={error} />}
      {status === 'loading' && <p className="hint">Comparing…</p>}
      {ready && bars && (
        <>
          <PairedStats
            id={id}
            a={a}
            b={b}
            comparison={comparison}
            reportA={reportA}
            reportB={reportB}
            bars={bars}
          />
          <FlipList comparison={comparison} reportA={reportA} />
          <EloSection runIds={[a, b]} />
        </>
      )}
    </main>
  );
}
