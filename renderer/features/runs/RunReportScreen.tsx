import { useEffect, useId } from 'react';
import { runReportStore, runsListStore, useRunReport, useRunsList } from '../../stores/runs';
import { navigationStore } from '../../stores/navigation';
import { ExportMenu } from '../../components/ExportMenu';
import { ApiErrorText } from '../../components/ApiErrorText';
import { Breakdowns } from './Breakdowns';
import { ReportItems } from './ReportItems';
import { RunControls } from './RunControls';
import { JudgeSection } from './JudgeSection';
import { RunManifestView } from './RunManifestView';
import { RunProgressBar } from './RunProgressBar';
import { ScorerAccuracy } from './ScorerAccuracy';
import { Table2 } from './Table2';
import { IMPORTED_SCORER_ID } from '../../../shared/runs/run';
import { dateText, modeText, pct, scorerLabel } from './run-text';
import './runs.css';

/** One run: what it is, its accuracy with intervals, Table 2, breakdowns, failures and items. */
export function RunReportScreen({ id }: { id: number }) {
  const htmlId = useId();
  const status = useRunReport((s) => (s.runId === id ? s.status : 'loading'));
  const report = useRunReport((s) => (s.runId === id ? s.report : undefined));
  const summary = useRunReport((s) => (s.runId === id ? s.summary : undefined));
  const manifest = useRunReport((s) => (s.runId === id ? s.manifest : undefined));
  const error = useRunReport((s) => s.error);
  const regraded = useRunReport((s) => (s.runId === id ? s.regraded : undefined));
  const runs = useRunsList((s) => s.runs);
  const progress = useRunsList((s) => s.progress[id]);
  // The list's line moves with run.progress; the report's summary is from when it was read.
  const live = runs.find((r) => r.runId === id) ?? summary;

  useEffect(() => {
    void runReportStore.getState().open(id, true);
    void runsListStore.getState().load();
  }, [id]);

  const others = runs.filter((r) => r.runId !== id);
  return (
    <main className="screen runs-screen" aria-labelledby={`${htmlId}-title`}>
      <header className="screen-header">
        <h1 id={`${htmlId}-title`}>
          Run #{id}
          {report ? `: ${report.model} · ${modeText(report.mode)}` : ''}
        </h1>
        <div className="actions">
          <a href="#/runs">All runs</a>
          {manifest && (
            <ExportMenu target={{ kind: 'run', id }} datasetFormat={manifest.dataset.format} />
          )}
        </div>
      </header>
      {status === 'error' && error && <ApiErrorText error={error} />}
      {status === 'loading' && !report && <p className="hint">Loading the report…</p>}
      {report && summary && manifest && (
        <>
          <p className="run-facts">
            <span className={`run-status status-${live?.status ?? summary.status}`}>
              {live?.status ?? summary.status}
            </span>{' '}
            {report.n}/{summary.total} items in this report · dataset{' '}
            {report.datasetId !== null ? (
              <a href={`#/dataset/${report.datasetId}`}>{report.datasetName}</a>
            ) : (
              `${report.datasetName} (removed)`
            )}{' '}
            · {summary.source} · {dateText(summary.createdAt)}
          </p>
          {summary.message && <p className="hint">{summary.message}</p>}
          {live && live.source === 'engine' && (
            <div className="run-live">
              <RunProgressBar summary={live} progress={progress} />
              <RunControls summary={live} />
              {live.status === 'running' && (
                <button type="button" onClick={() => void runReportStore.getState().open(id, true)}>
                  Refresh report
                </button>
              )}
            </div>
          )}
          {report.datasetChanged && (
            <p className="notice" role="note">
              The dataset changed since this run was made: verdicts were graded against the older
              questions or gold. Re-grade to grade against the current ones.
            </p>
          )}
          {report.unanswered > 0 && live?.status !== 'running' && (
            <p className="notice" role="note">
              {report.unanswered} questions of the run's scope have no item; accuracy is over the{' '}
              {report.n} items written.
            </p>
          )}
          <RunManifestView manifest={manifest} />
          <div className="report-controls">
            <label htmlFor={`${htmlId}-scorer`}>Items and failures by scorer</label>
            <select
              id={`${htmlId}-scorer`}
              value={report.scorer}
              onChange={(e) => void runReportStore.getState().setScorer(e.currentTarget.value)}
            >
              {report.scorers.map((s) => (
                <option key={s.scorer} value={s.scorer}>
                  {scorerLabel(s.scorer)}
                </option>
              ))}
            </select>
            {report.scorer !== IMPORTED_SCORER_ID && (
              <button
                type="button"
                disabled={regraded?.status === 'running'}
                title="Grade every item again with this scorer against the dataset as it is now (no model calls)"
                onClick={() => void runReportStore.getState().regrade(report.scorer)}
              >
                {regraded?.status === 'running' ? 'Re-grading…' : 'Re-grade'}
              </button>
            )}
            {others.length > 0 && (
              <>
                <label htmlFor={`${htmlId}-compare`}>Compare with</label>
                <select
                  id={`${htmlId}-compare`}
                  value=""
                  onChange={(e) => {
                    const b = Number(e.currentTarget.value);
                    if (b) navigationStore.getState().go({ screen: 'compare', a: id, b });
                  }}
                >
                  <option value="">choose a run…</option>
                  {others.map((r) => (
                    <option key={r.runId} value={r.runId}>
                      #{r.runId} {r.model} · {modeText(r.mode)}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
          {regraded?.status === 'error' && <ApiErrorText error={regraded.error} />}
          {regraded?.status === 'done' && (
            <p className="hint" role="status">
              Re-graded {regraded.value.items} items with {regraded.value.scorer.id}{' '}
              {regraded.value.scorer.version}: {pct(regraded.value.accuracy)}%
              {regraded.value.previous
                ? ` (was ${pct(regraded.value.previous.accuracy)}%)`
                : ' (first grading with this scorer)'}
              {regraded.value.missingQuestions > 0 &&
                `; ${regraded.value.missingQuestions} items' questions are no longer in the dataset`}
              .
            </p>
          )}
          {report.n === 0 ? (
            <p className="hint">
              No item is committed yet: the report fills in as items are answered and graded.
            </p>
          ) : (
            <>
              <ScorerAccuracy report={report} />
              <JudgeSection report={report} />
              <Table2 report={report} />
              <Breakdowns report={report} />
              <ReportItems report={report} />
            </>
          )}
        </>
      )}
    </main>
  );
}
