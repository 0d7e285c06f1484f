import { useEffect } from 'react';
import type { RunProgress, RunSummary } from '../../../shared/runs/run';
import { navigationStore } from '../../stores/navigation';
import { runsListStore, useRunsList } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import { ImportPredictions } from './ImportPredictions';
import { RunControls } from './RunControls';
import { RunProgressBar } from './RunProgressBar';
import { modeText } from './run-text';
import { RunsTable } from './RunsTable';
import { StartRunForm } from './StartRunForm';
import './runs.css';

/** Engine runs on their way (running or paused), each with a full progress bar and controls. */
function ActiveRuns(p: { active: RunSummary[]; progress: Record<number, RunProgress> }) {
  const { active, progress } = p;
  return (
    <section aria-labelledby="active-runs-title">
      <h2 id="active-runs-title">In progress</h2>
      {active.map((r) => (
        <div key={r.runId} className="run-live">
          <div className="run-live-name">
            <a href={`#/run/${r.runId}`}>#{r.runId}</a> {r.model} · {modeText(r.mode)}{' '}
            <span className={`run-status status-${r.status}`}>{r.status}</span>
          </div>
          <RunProgressBar summary={r} progress={progress[r.runId]} />
          {/* A paused run says why (its own pause, or an endpoint that stopped answering)
              when no event of this session has said it yet. */}
          {r.status === 'paused' && r.message && !progress[r.runId]?.message && (
            <p className="hint run-reason">{r.message}</p>
          )}
          <RunControls summary={r} />
        </div>
      ))}
    </section>
  );
}

/** The Runs title with Compare (the two runs ticked) and Refresh. */
function RunsBar({ picked }: { picked: number[] }) {
  const [a, b] = picked;
  return (
    <div className="section-bar">
      <h2 id="runs-title">Runs</h2>
      <div className="actions">
        <span className="hint">
          {picked.length < 2 ? 'Tick two runs to compare them.' : `A = #${a}, B = #${b}`}
        </span>
        <button
          type="button"
          disabled={a === undefined || b === undefined}
          onClick={() => {
            if (a !== undefined && b !== undefined)
              navigationStore.getState().go({ screen: 'compare', a, b });
          }}
        >
          Compare
        </button>
        <button type="button" onClick={() => void runsListStore.getState().load(true)}>
          Refresh
        </button>
      </div>
    </div>
  );
}

/** Runs: start one over a dataset, follow and steer the running ones, open reports, compare two. */
export function RunsScreen() {
  const status = useRunsList((s) => s.status);
  const runs = useRunsList((s) => s.runs);
  const datasets = useRunsList((s) => s.datasets);
  const error = useRunsList((s) => s.error);
  const actionError = useRunsList((s) => s.actionError);
  const picked = useRunsList((s) => s.picked);
  const progress = useRunsList((s) => s.progress);
  // Engine runs on their way (running or paused) get a full progress bar above the table.
  const active = runs.filter(
    (r) => r.source === 'engine' && (r.status === 'running' || r.status === 'paused'),
  );

  useEffect(() => {
    void runsListStore.getState().load(true);
  }, []);

  return (
    <main className="screen runs-screen">
      <header className="screen-header">
        <h1>Runs</h1>
      </header>
      <section aria-labelledby="start-run-title">
        <h2 id="start-run-title">Start a run</h2>
        <StartRunForm />
      </section>
      <section aria-labelledby="import-run-title">
        <h2 id="import-run-title" className="visually-hidden">
          Import predictions
        </h2>
        <ImportPredictions />
      </section>
      {actionError && <ApiErrorText error={actionError} />}
      {active.length > 0 && <ActiveRuns active={active} progress={progress} />}
      {status === 'error' && error && <ApiErrorText error={error} />}
      <section aria-labelledby="runs-title">
        <RunsBar picked={picked} />
        {status === 'loading' && <p className="hint">Loading runs…</p>}
        {status === 'ready' && runs.length === 0 && (
          <p className="hint">
            No runs yet. Start one above, or import a prediction file (Import predictions…, or{' '}
            <code>workbench import-run</code>).
          </p>
        )}
        {runs.length > 0 && <RunsTable runs={runs} datasets={datasets} />}
      </section>
    </main>
  );
}
