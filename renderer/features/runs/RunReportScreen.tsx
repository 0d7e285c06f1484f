import { useEffect, useId } from 'react';
import { runReportStore, runsListStore, useRunReport, useRunsList } from '../../stores/runs';
import { ExportMenu } from '../../components/ExportMenu';
import { ApiErrorText } from '../../components/ApiErrorText';
import { RunManifestView } from './RunManifestView';
import {
  RegradeResult,
  ReportBody,
  ReportControls,
  RunFacts,
  RunLive,
  RunNotices,
} from './RunReportParts';
import { modeText } from './run-text';
import './runs.css';

/** One run: what it is, its accuracy with intervals, Table 2, breakdowns, failures and items. */
export function RunReportScreen({ id }: { id: number }) {
  const htmlId = useId();
  const status = useRunReport((s) => (s.runId === id ? s.status : 'loading'));
  const report = useRunReport((s) => (s.runId === id ? s.report : undefined));
  const summary = useRunReport((s) => (s.runId === id ? s.summary : undefined));
  const manifest = useRunReport((s) => (s.runId === id ? s.manifest : undefined));
  const error = useRunReport((s) => s.error);
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
          <RunFacts report={report} summary={summary} live={live} />
          {live && live.source === 'engine' && <RunLive id={id} live={live} progress={progress} />}
          <RunNotices report={report} live={live} />
          <RunManifestView manifest={manifest} />
          <ReportControls htmlId={htmlId} id={id} report={report} others={others} />
          <RegradeResult runId={id} />
          <ReportBody report={report} />
        </>
      )}
    </main>
  );
}
