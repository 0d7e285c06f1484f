import { useEffect, useId } from 'react';
import { PairedCharts } from '../../components/charts/PairedCharts';
import { gapStore, useGap } from '../../stores/gap';
import { navigationStore } from '../../stores/navigation';
import { ApiErrorText } from '../../components/ApiErrorText';
import { CoverageTable } from './CoverageTable';
import { UnsignedMark } from '../sessions/UnsignedMark';
import { DisagreementList } from './DisagreementList';
import { EachRunTable } from './EachRunTable';
import { EvidenceOverlapTable } from './EvidenceOverlapTable';
import { f2, gapBars, pValueText } from './gap-bars';
import { GapGroupsTable } from './GapGroupsTable';
import { TimeScatter } from './TimeScatter';
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

  useEffect(() => {
    void gapStore.getState().loadLists();
  }, []);
  useEffect(() => {
    if (sessionId !== undefined && runId !== undefined)
      void gapStore.getState().open(sessionId, runId);
  }, [sessionId, runId]);
  // The runs on the session's questions; a session chosen without a run opens on the first
  // (one answering every question, made from the session's own question set first).
  useEffect(() => {
    if (sessionId === undefined) return;
    void gapStore
      .getState()
      .loadCoverage(sessionId)
      .then((c) => {
        const top = c?.runs[0];
        const route = navigationStore.getState().route;
        if (
          top &&
          top.answered > 0 &&
          route.screen === 'gap' &&
          route.sessionId === sessionId &&
          route.runId === undefined
        )
          navigationStore.getState().go({ screen: 'gap', sessionId, runId: top.runId });
      });
  }, [sessionId]);

  const session = sessions.find((s) => s.id === sessionId);
  // Runs on the session's dataset first; the others stay pickable (two imports of one dataset).
  const sameDataset = runs.filter((r) => session && r.datasetId === session.datasetId);
  const otherRuns = runs.filter((r) => !sameDataset.includes(r));
  const go = (s: number | undefined, r: number | undefined) =>
    navigationStore.getState().go({
      screen: 'gap',
      ...(s !== undefined ? { sessionId: s } : {}),
      ...(s !== undefined && r !== undefined ? { runId: r } : {}),
    });
  const ready = status === 'ready' && report !== undefined;
  const bars = ready ? gapBars(report) : undefined;
  const all = ready ? report.groups[0] : undefined;

  return (
    <main className="screen gap-screen" aria-labelledby={`${id}-title`}>
      <header className="screen-header">
        <h1 id={`${id}-title`}>Human vs model gap</h1>
        <div className="actions">
          <a href="#/sessions">Sessions</a> <a href="#/runs">Runs</a>
        </div>
      </header>
      <div className="report-controls">
        <span>
          <label htmlFor={`${id}-session`}>Finished session</label>{' '}
          <select
            id={`${id}-session`}
            value={sessionId ?? ''}
            onChange={(e) =>
              go(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value), runId)
            }
          >
            <option value="">Choose a session…</option>
            {sessionId !== undefined && !session && <option value={sessionId}>#{sessionId}</option>}
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                #{s.id} {s.expert}
                {s.signature === 'unsigned' ? ' (unsigned)' : ''} · {s.datasetName} ·{' '}
                {s.questionIds.length} questions
              </option>
            ))}
          </select>
        </span>
        <span>
          <label htmlFor={`${id}-run`}>Run</label>{' '}
          <select
            id={`${id}-run`}
            value={runId ?? ''}
            disabled={sessionId === undefined}
            onChange={(e) =>
              go(
                sessionId,
                e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value),
              )
            }
          >
            <option value="">Choose a run…</option>
            {runId !== undefined && !runs.some((r) => r.runId === runId) && (
              <option value={runId}>#{runId}</option>
            )}
            {sameDataset.length > 0 && (
              <optgroup label="On the session's dataset">
                {sameDataset.map((r) => (
                  <option key={r.runId} value={r.runId}>
                    #{r.runId} {r.model} · {r.mode ?? 'imported'} · {r.done} items
                  </option>
                ))}
              </optgroup>
            )}
            {otherRuns.length > 0 && (
              <optgroup label="Other runs">
                {otherRuns.map((r) => (
                  <option key={r.runId} value={r.runId}>
                    #{r.runId} {r.model} · {r.mode ?? 'imported'}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </span>
      </div>
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
      {ready && (
        <>
          <section aria-labelledby={`${id}-stats`}>
            <h2 id={`${id}-stats`}>Paired statistics</h2>
            <dl className="compare-stats gap-stats">
              <dt>Expert</dt>
              <dd>
                <a href={`#/session/${report.sessionId}/results`}>
                  session #{report.sessionId} ({report.expert})
                </a>
                {report.expertSignature === 'unsigned' && (
                  <>
                    {' '}
                    <UnsignedMark />
                  </>
                )}
                , graded {report.scorer.human}
              </dd>
              <dt>Model</dt>
              <dd>
                <a href={`#/run/${report.runId}`}>
                  run #{report.runId} {report.model}
                  {report.mode ? ` · ${report.mode}` : ''}
                </a>
                , graded {report.scorer.model}
              </dd>
              <dt>Paired questions</dt>
              <dd>
                {report.counts.paired} of {report.counts.questions} ({report.counts.humanOnly}{' '}
                answered by the expert only, {report.counts.modelOnly} by the model only,{' '}
                {report.counts.neither} by neither)
              </dd>
              {all && (
                <>
                  <dt>Accuracy</dt>
                  <dd>
                    expert {f2(all.human.accuracy)}%, model {f2(all.model.accuracy)}%
                  </dd>
                  <dt>Difference expert − model</dt>
                  <dd>
                    {f2(all.difference)} points, paired bootstrap 95% {f2(all.bootstrap.low)} to{' '}
                    {f2(all.bootstrap.high)} ({pValueText(all.bootstrap.pValue)};{' '}
                    {report.iterations} resamples of whole documents, seed {report.seed})
                  </dd>
                  <dt>McNemar (exact)</dt>
                  <dd>
                    b = {all.mcnemar.humanOnly} (expert right only), c = {all.mcnemar.modelOnly}{' '}
                    (model right only), {pValueText(all.mcnemar.pValue)}
                  </dd>
                </>
              )}
            </dl>
            {report.notes.map((n) => (
              <p key={n} className="hint">
                Note: {n}.
              </p>
            ))}
          </section>
          {report.groups.length > 0 && bars && (
            <section aria-labelledby={`${id}-groups`}>
              <h2 id={`${id}-groups`}>Per subset</h2>
              <GapGroupsTable report={report} />
              <PairedCharts
                accuracy={bars.accuracy}
                difference={bars.difference}
                differenceOf="expert − model"
              />
            </section>
          )}
          <section aria-labelledby={`${id}-time`}>
            <h2 id={`${id}-time`}>Accuracy vs time</h2>
            <p>
              Expert: {f2(report.time.humanTotalSeconds)} s active on the paired questions. Model:{' '}
              {report.time.modelTotalSeconds === null
                ? 'no latency recorded'
                : `${f2(report.time.modelTotalSeconds)} s over ${report.time.modelTimed} timed questions`}
              {report.time.modelCached > 0 &&
                `; ${report.time.modelCached} answers from the cache (not timed)`}
              .
            </p>
            <TimeScatter report={report} />
          </section>
          <section aria-labelledby={`${id}-dis`}>
            <h2 id={`${id}-dis`}>Disagreements ({report.disagreements.length})</h2>
            <DisagreementList items={report.disagreements} />
          </section>
          <section aria-labelledby={`${id}-ev`}>
            <h2 id={`${id}-ev`}>Evidence overlap</h2>
            <EvidenceOverlapTable overlap={report.overlap} />
          </section>
        </>
      )}
    </main>
  );
}
