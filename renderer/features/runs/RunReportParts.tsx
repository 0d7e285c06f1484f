import type { RunReport } from '../../../shared/runs/report';
import { IMPORTED_SCORER_ID, type RunProgress, type RunSummary } from '../../../shared/runs/run';
import { runReportStore, useRunReport } from '../../stores/runs';
import { navigationStore } from '../../stores/navigation';
import { ApiErrorText } from '../../components/ApiErrorText';
import { Breakdowns } from './Breakdowns';
import { JudgeSection } from './JudgeSection';
import { ReportItems } from './ReportItems';
import { RunControls } from './RunControls';
import { RunProgressBar } from './RunProgressBar';
import { ScorerAccuracy } from './ScorerAccuracy';
import { Table2 } from './Table2';
import { dateText, modeText, pct, scorerLabel } from './run-text';

interface FactsProps {
  report: RunReport;
  summary: RunSummary;
  /** The run as the list follows it (status moves with run.progress). */
  live: RunSummary | undefined;
}

/** Status, items in the report, dataset, source and date, and the run's message. */
export function RunFacts({ report, summary, live }: FactsProps) {
  return (
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
    </>
  );
}

/** A run of the engine as it goes: progress, pause/resume/cancel, and reading the report again. */
export function RunLive(p: { id: number; live: RunSummary; progress: RunProgress | undefined }) {
  const { id, live, progress } = p;
  return (
    <div className="run-live">
      <RunProgressBar summary={live} progress={progress} />
      <RunControls summary={live} />
      {live.status === 'running' && (
        <button type="button" onClick={() => void runReportStore.getState().open(id, true)}>
          Refresh report
        </button>
      )}
    </div>
  );
}

/** What the accuracy should be read with: a changed dataset, questions without an item. */
export function RunNotices({ report, live }: Omit<FactsProps, 'summary'>) {
  return (
    <>
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
    </>
  );
}

/** "Compare with": another run, opened side by side with this one. */
function CompareWith(p: { htmlId: string; id: number; others: RunSummary[] }) {
  const { htmlId, id, others } = p;
  return (
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
  );
}

/** Which scorer the items and failures are shown by, re-grading with it, comparing. */
export function ReportControls(p: {
  htmlId: string;
  id: number;
  report: RunReport;
  others: RunSummary[];
}) {
  const { htmlId, id, report, others } = p;
  const regrading = useRunReport((s) => s.runId === id && s.regraded?.status === 'running');
  return (
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
          disabled={regrading}
          title="Grade every item again with this scorer against the dataset as it is now (no model calls)"
          onClick={() => void runReportStore.getState().regrade(report.scorer)}
        >
          {regrading ? 'Re-grading…' : 'Re-grade'}
        </button>
      )}
      {others.length > 0 && <CompareWith htmlId={htmlId} id={id} others={others} />}
    </div>
  );
}

/** What the last re-grade did, or why it failed. */
export function RegradeResult({ runId }: { runId: number }) {
  const regraded = useRunReport((s) => (s.runId === runId ? s.regraded : undefined));
  return (
    <>
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
    </>
  );
}

/** The report's sections, or why there are none yet. */
export function ReportBody({ report }: { report: RunReport }) {
  if (report.n === 0)
    return (
      <p className="hint">
        No item is committed yet: the report fills in as items are answered and graded.
      </p>
    );
  return (
    <>
      <ScorerAccuracy report={report} />
      <JudgeSection report={report} />
      <Table2 report={report} />
      <Breakdowns report={report} />
      <ReportItems report={report} />
    </>
  );
}
