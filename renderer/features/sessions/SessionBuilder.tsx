import { useCallback, useId } from 'react';
import { RunMode } from '../../../shared/runs/run';
import { navigationStore } from '../../stores/navigation';
import {
  questionSetsStore,
  sessionsListStore,
  useQuestionSets,
  useSessionsList,
} from '../../stores/sessions';
import type { SessionDraft } from '../../stores/sessions/sessions-list-store';
import { ApiErrorText } from '../../components/ApiErrorText';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';
import { DatasetOptions, StratifyOptions } from '../../components/FormOptions';
import { RunModeOptions } from '../runs/RunModeOptions';

/**
 * A new blinded session: which dataset, its questions (a question set's, or drawn with a seed,
 * balanced by subset or answer type), the time budget, the expert and their instructions; and,
 * in the same step, a model run on exactly those questions (provider, model, mode).
 */
export function SessionBuilder() {
  const id = useId();
  const draft = useSessionsList((s) => s.draft);
  const datasets = useSessionsList((s) => s.datasets);
  const creating = useSessionsList((s) => s.creating);
  const createError = useSessionsList((s) => s.createError);
  const allSets = useQuestionSets((s) => s.sets);
  const sets = allSets.filter((x) => x.datasetId === draft.datasetId);
  const chosenSet = allSets.find((x) => x.id === draft.questionSetId);
  const set = (patch: Partial<SessionDraft>) => sessionsListStore.getState().setDraft(patch);
  const pickModel = useCallback(
    (patch: { providerId?: number; model: string }) =>
      sessionsListStore.getState().setDraft({
        runModel: patch.model,
        ...(patch.providerId !== undefined ? { runProviderId: patch.providerId } : {}),
      }),
    [],
  );
  const fixed = draft.sameQuestionsAs !== undefined || draft.questionSetId !== undefined;

  const create = () =>
    void sessionsListStore
      .getState()
      .create()
      .then((id) => {
        if (id === undefined) return;
        // A set may have been made for the session's questions (a run with it).
        void questionSetsStore.getState().load();
        navigationStore.getState().go({ screen: 'session', id });
      });

  if (datasets.length === 0)
    return (
      <p className="hint">
        No dataset in this workspace yet: import one from the <a href="#/library">Library</a>.
      </p>
    );

  return (
    <form
      className="session-builder"
      aria-label="New session"
      onSubmit={(e) => {
        e.preventDefault();
        create();
      }}
    >
      {draft.sameQuestionsAs !== undefined && (
        <p className="wide same-questions" role="status">
          Another expert on the questions of session #{draft.sameQuestionsAs} (their own order from
          the seed).{' '}
          <button
            type="button"
            className="link"
            onClick={() => sessionsListStore.getState().sameQuestionsAs(undefined)}
          >
            Draw new questions instead
          </button>
        </p>
      )}
      <label>
        Dataset
        <select
          disabled={fixed}
          value={draft.datasetId ?? ''}
          onChange={(e) => set({ datasetId: Number(e.currentTarget.value) })}
        >
          <DatasetOptions datasets={datasets} />
        </select>
      </label>
      <label>
        Questions from
        <select
          disabled={draft.sameQuestionsAs !== undefined}
          value={draft.questionSetId ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            sessionsListStore
              .getState()
              .fromQuestionSet(value === '' ? undefined : sets.find((x) => x.id === Number(value)));
          }}
        >
          <option value="">a new sample</option>
          {draft.questionSetId !== undefined && !chosenSet && (
            <option value={draft.questionSetId}>question set #{draft.questionSetId}</option>
          )}
          {sets.map((x) => (
            <option key={x.id} value={x.id}>
              question set “{x.name}” ({x.questionIds.length})
            </option>
          ))}
        </select>
      </label>
      <label>
        Questions
        <input
          inputMode="numeric"
          readOnly={fixed}
          value={draft.questions}
          onChange={(e) => set({ questions: e.currentTarget.value })}
        />
      </label>
      <label>
        Seed
        <input
          inputMode="numeric"
          value={draft.seed}
          onChange={(e) => set({ seed: e.currentTarget.value })}
        />
      </label>
      <label>
        Balance by
        <select
          disabled={fixed}
          value={draft.stratify}
          onChange={(e) => set({ stratify: e.currentTarget.value as SessionDraft['stratify'] })}
        >
          <StratifyOptions />
        </select>
      </label>
      <label>
        Total minutes
        <input
          inputMode="decimal"
          value={draft.totalMinutes}
          onChange={(e) => set({ totalMinutes: e.currentTarget.value })}
        />
      </label>
      <label>
        Minutes per question <span className="hint">(optional cap)</span>
        <input
          inputMode="decimal"
          value={draft.perQuestionMinutes}
          placeholder="no cap"
          onChange={(e) => set({ perQuestionMinutes: e.currentTarget.value })}
        />
      </label>
      <label>
        Expert
        <input
          name="expert"
          value={draft.expert}
          autoComplete="off"
          placeholder="name or id"
          onChange={(e) => set({ expert: e.currentTarget.value })}
        />
      </label>
      <label className="wide">
        Instructions <span className="hint">(shown to the expert)</span>
        <textarea
          rows={3}
          value={draft.instructions}
          onChange={(e) => set({ instructions: e.currentTarget.value })}
        />
      </label>
      <div className="wide checkbox-field">
        <label>
          <input
            type="checkbox"
            checked={draft.alsoRun}
            onChange={(e) => set({ alsoRun: e.currentTarget.checked })}
          />{' '}
          Also run a model on these questions
        </label>
      </div>
      {draft.alsoRun && (
        <fieldset className="wide session-run" aria-describedby={`${id}-run-hint`}>
          <legend>Model run on the same questions</legend>
          <ProviderModelPicker
            idPrefix={id}
            fieldClass="picker-field"
            providerId={draft.runProviderId}
            model={draft.runModel}
            onChange={pickModel}
          />
          <div className="picker-field">
            <label htmlFor={`${id}-mode`}>Mode</label>
            <select
              id={`${id}-mode`}
              value={draft.runMode}
              onChange={(e) => set({ runMode: RunMode.parse(e.currentTarget.value) })}
            >
              <RunModeOptions />
            </select>
          </div>
          <p id={`${id}-run-hint`} className="hint">
            The run starts with the session, on exactly its questions (the endpoint is checked
            first); follow it on the <a href="#/runs">Runs</a> screen. The expert does not see it.
          </p>
          <NoProviderHint />
        </fieldset>
      )}
      <div className="wide builder-actions">
        <button type="submit" className="primary" disabled={creating}>
          {creating
            ? draft.alsoRun
              ? 'Creating, starting the run…'
              : 'Creating…'
            : draft.alsoRun
              ? 'Create, start and run the model'
              : 'Create and start'}
        </button>
        <span className="hint">
          Blinded: no gold and no model answers are shown until the session is finished.
        </span>
      </div>
      {createError && (
        <div className="wide">
          <ApiErrorText error={createError} />
        </div>
      )}
    </form>
  );
}
