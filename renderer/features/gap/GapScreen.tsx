import { useId } from 'react';
import { gapStore, useGap } from '../../stores/gap';
import { ApiErrorText } from '../../components/ApiErrorText';
import { CoverageTable } from './CoverageTable';
import { EachRunTable } from './EachRunTable';
import { GapPicker } from './GapPicker';
import { GapReportView } from './GapReportView';
import { useGapLoading } from './use-gap-loading';
import './gap.css';

export interface GapScreenProps {
  sessionId: number | undefined;
  runId: number | undefined;
}

/**
 * The human-vs-model gap (#/gap/<session>/<run>): pick a finished session and a run on the same
 * dataset; see per-subset accuracy on the questions both answered with paired McNemar and the
 * paired bootstrap of the difference, accuracy vs time, the disagreements and evidence overlap.
 */
export function GapScreen({ sessionId, runId }: GapScreenProps) {
  const id = useId();
  const sessions = useGap((s) => s.sessions);
  const runs = useGap((s) => s.runs);
  const listsStatus = useGap((s) => s.listsStatus);
  const status = useGap((s) =>
    s.pair?.sessionId === sessionId && s.pair?.runId === runId ? s.status : 'idle',
  );
  const report = useGap((s) => s.report);
  const error = useGap((s) => s.error);
  const each = useGap((s) => (s.each?.sessionId === sessionId ? s.each : undefined));
  const coverage = useGap((s) => (s.coverage?.sessionId === sessionId ? s.coverage : undefined));
  const coverageError = useGap((s) => s.coverageError);

  useGapLoading(sessionId, runId);

  const session = sessions.find((s) => s.id === sessionId);
  // Runs on the session's dataset first; the others stay pickable (two imports of one dataset).
  const sameDataset = runs.filter((r) => session && r.datasetId === session.datasetId);
  const ready = status === 'ready' && report !== undefined;

  return (
    <main className="screen gap-screen" aria-labelledby={`${id}-title`}>
      <header className="screen-header">
        <h1 id={`${id}-title`}>Human vs model gap</h1>
        <div className="actions">
          <a href="#/sessions">Sessions</a> <a href="#/runs">Runs</a>
        </div>
      </header>
      <GapPicker
        id={id}
        sessions={sessions}
        runs={runs}
        sessionId={sessionId}
        runId={runId}
        sameDataset={sameDataset}
      />
      {sessionId !== undefined && (coverage || coverageError) && (
        <section aria-labelledby={`${id}-coverage`}>
          <h2 id={`${id}-coverage`}>Runs on this session’s questions</h2>
          {coverage && <CoverageTable coverage={coverage} runId={runId} />}
          {!coverage && coverageError && <ApiErrorText error={coverageError} />}
        </section>
      )}
      {sessionId !== undefined && sameDataset.length > 0 && (
        <section aria-labelledby={`${id}-each`}>
          <h2 id={`${id}-each`} className="visually-hidden">
            Expert vs each run
          </h2>
          <button
            type="button"
            onClick={() =>
              void gapStore.getState().compareEach(
                sessionId,
                sameDataset.map((r) => r.runId),
              )
            }
          >
            Compare with every run on this dataset ({sameDataset.length})
          </button>
          {each && <EachRunTable sessionId={sessionId} rows={each.rows} runs={runs} />}
        </section>
      )}
      {listsStatus === 'ready' && sessions.length === 0 && (
        <p className="hint">
          No finished session yet: finish one on the <a href="#/sessions">Sessions</a> screen.
        </p>
      )}
      {(sessionId === undefined || runId === undefined) && (
        <p className="hint">Pick a finished session and a run on the same questions.</p>
      )}
      {status === 'loading' && (
        <p className="hint" role="status">
          Comparing…
        </p>
      )}
      {status === 'error' && error && <ApiErrorText error={error} />}
      {ready && <GapReportView id={id} report={report} />}
    </main>
  );
}
