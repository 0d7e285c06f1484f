import type { ApiError } from '../../../shared/api/result';
import type { JudgeJobState } from '../../stores/runs/judge-job';
import { ApiErrorText } from '../../components/ApiErrorText';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';

/** The judge model chosen in a judge form (the picker's provider and model). */
export interface JudgeChoice {
  providerId?: number;
  model: string;
}

/** Why the form cannot start yet, in words; undefined when it can. */
export function judgeChoiceProblem(c: JudgeChoice): string | undefined {
  if (c.providerId === undefined) return 'Choose a model provider (add one on the Models screen).';
  if (c.model.trim() === '') return 'Name the judge model.';
  return undefined;
}

/** The judge's provider and model fields, in a judge form's grid. */
export function JudgeModelFields({
  idPrefix,
  choice,
  onChange,
}: {
  idPrefix: string;
  choice: JudgeChoice;
  onChange: (c: JudgeChoice) => void;
}) {
  return (
    <>
      <div className="start-fields">
        <ProviderModelPicker
          idPrefix={idPrefix}
          fieldClass="field"
          providerId={choice.providerId}
          model={choice.model}
          onChange={(patch) => onChange({ ...choice, ...patch })}
        />
      </div>
      <NoProviderHint />
    </>
  );
}

/**
 * Start, and while the pass runs its progress (from the job's events) and Cancel; the pass's
 * error in words when it ended with one.
 */
export function JudgePassControls({
  pass,
  startLabel,
  problem,
  onCancel,
  onClose,
}: {
  pass: Pick<JudgeJobState, 'status' | 'percent' | 'jobId' | 'cancelling'> & {
    error?: ApiError | undefined;
  };
  startLabel: string;
  problem: string | undefined;
  onCancel: () => void;
  onClose?: () => void;
}) {
  const running = pass.status === 'running';
  return (
    <>
      <div className="actions">
        <button type="submit" disabled={running || problem !== undefined} title={problem}>
          {startLabel}
        </button>
        {running ? (
          <button
            type="button"
            disabled={pass.jobId === undefined || pass.cancelling}
            onClick={onCancel}
          >
            {pass.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : (
          onClose && (
            <button type="button" onClick={onClose}>
              Close
            </button>
          )
        )}
      </div>
      {running && (
        <p className="judge-progress" role="status">
          <progress aria-label="Judging progress" max={100} value={pass.percent ?? 0} />{' '}
          {pass.percent === undefined ? 'Judging…' : `Judging… ${pass.percent}%`}
        </p>
      )}
      {pass.status === 'error' && pass.error && <ApiErrorText error={pass.error} />}
    </>
  );
}
