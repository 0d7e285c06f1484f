import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { judgeRunStore, runReportStore, useJudgeRun } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import {
  JudgeModelFields,
  JudgePassControls,
  judgeChoiceProblem,
  type JudgeChoice,
} from './JudgePass';

/**
 * "Judge with a model…": a judge provider and model grade the run's answers with the built-in
 * rubric (runs.judge, a cancellable job). When the pass ends the report is read again, so the
 * judge section shows its verdicts.
 */
export function JudgeForm({ runId }: { runId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<JudgeChoice>({ model: '' });
  const pass = useJudgeRun(
    useShallow((s) =>
      s.runId === runId
        ? {
            status: s.status,
            percent: s.percent,
            jobId: s.jobId,
            cancelling: s.cancelling,
            error: s.error,
          }
        : { status: 'idle' as const, cancelling: false },
    ),
  );

  useEffect(() => {
    // A pass of another run, already over, is not this report's news.
    const s = judgeRunStore.getState();
    if (s.runId !== runId && s.status !== 'running') s.reset();
  }, [runId]);

  const problem = judgeChoiceProblem(choice);
  if (!open && pass.status !== 'running')
    return (
      <div className="judge-form-closed">
        <button type="button" onClick={() => setOpen(true)}>
          Judge with a model…
        </button>
        <JudgeResultText runId={runId} />
        {pass.status === 'error' && pass.error && <ApiErrorText error={pass.error} />}
      </div>
    );
  return (
    <form
      className="start-run judge-form"
      aria-label="Judge with a model"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem !== undefined || pass.status === 'running' || choice.providerId === undefined)
          return;
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
      <JudgeModelFields idPrefix={id} choice={choice} onChange={setChoice} />
      <JudgePassControls
        pass={pass}
        startLabel="Start judging"
        problem={problem}
        onCancel={() => void judgeRunStore.getState().cancel()}
        onClose={() => setOpen(false)}
      />
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
