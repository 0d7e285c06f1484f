import { useEffect, useId, useState } from 'react';
import { judgeRunStore, runReportStore, useJudgeRun } from '../../stores/runs';
import { ApiErrorText } from '../ask/ApiErrorText';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';

/**
 * "Judge with a model…": a judge provider and model grade the run's answers with the built-in
 * rubric (runs.judge, a cancellable job). When the pass ends the report is read again, so the
 * judge section shows its verdicts.
 */
export function JudgeForm({ runId }: { runId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<{ providerId?: number; model: string }>({ model: '' });
  const mine = useJudgeRun((s) => s.runId === runId);
  const status = useJudgeRun((s) => (s.runId === runId ? s.status : 'idle'));
  const percent = useJudgeRun((s) => s.percent);
  const cancelling = useJudgeRun((s) => s.cancelling);
  const canCancel = useJudgeRun((s) => s.jobId !== undefined);
  const result = useJudgeRun((s) => s.result);
  const error = useJudgeRun((s) => s.error);

  useEffect(() => {
    // A pass of another run, already over, is not this report's news.
    const s = judgeRunStore.getState();
    if (s.runId !== runId && s.status !== 'running') s.reset();
  }, [runId]);

  const running = status === 'running';
  const problem =
    choice.providerId === undefined
      ? 'Choose a model provider (add one on the Models screen).'
      : choice.model.trim() === ''
        ? 'Name the judge model.'
        : undefined;

  if (!open && !running)
    return (
      <div className="judge-form-closed">
        <button type="button" onClick={() => setOpen(true)}>
          Judge with a model…
        </button>
        {mine && status === 'done' && result && <JudgeResultText runId={runId} />}
        {mine && status === 'error' && error && <ApiErrorText error={error} />}
      </div>
    );
  return (
    <form
      className="start-run judge-form"
      aria-label="Judge with a model"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem !== undefined || running || choice.providerId === undefined) return;
        void judgeRunStore
          .getState()
          .start({ runId, provider: { providerId: choice.providerId }, model: choice.model.trim() })
          .then((r) => {
            if (r) setOpen(false);
            // Cancelled or failed passes keep what they stored: the report shows it too.
            void runReportStore.getState().open(runId, true);
          });
      }}
    >
      <p className="hint">
        The judge grades each answer against the gold with the built-in rubric (analytic-v1).
        Judgements already made with the same judge, answer and gold are re-used, not asked again.
      </p>
      <div className="start-fields">
        <ProviderModelPicker
          idPrefix={id}
          fieldClass="field"
          providerId={choice.providerId}
          model={choice.model}
          onChange={(patch) => setChoice((c) => ({ ...c, ...patch }))}
        />
      </div>
      <NoProviderHint />
      <div className="actions">
        <button type="submit" disabled={running || problem !== undefined} title={problem}>
          Start judging
        </button>
        {running ? (
          <button
            type="button"
            disabled={!canCancel || cancelling}
            onClick={() => void judgeRunStore.getState().cancel()}
          >
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : (
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        )}
      </div>
      {running && (
        <p className="judge-progress" role="status">
          <progress aria-label="Judging progress" max={100} value={percent ?? 0} />{' '}
          {percent === undefined ? 'Judging…' : `Judging… ${percent}%`}
        </p>
      )}
      {mine && status === 'error' && error && <ApiErrorText error={error} />}
    </form>
  );
}

/** What the last pass did, in words (the verdicts themselves are in the table). */
function JudgeResultText({ runId }: { runId: number }) {
  const result = useJudgeRun((s) => (s.runId === runId ? s.result : undefined));
  if (!result) return null;
  const parts = [
    `${result.asked} asked`,
    `${result.reused} re-used`,
    ...(result.skipped > 0 ? [`${result.skipped} without an answer`] : []),
    ...(result.failed > 0 ? [`${result.failed} failed`] : []),
    ...(result.notAsked > 0 ? [`${result.notAsked} not asked`] : []),
  ];
  return (
    <p className="hint" role="status">
      Judged with {result.judgeModel} ({result.rubric.id}): {parts.join(', ')}.
      {result.firstError ? ` First error: ${result.firstError}` : ''}
    </p>
  );
}
