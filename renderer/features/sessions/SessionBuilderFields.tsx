import { useCallback } from 'react';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import { RunMode } from '../../../shared/runs/run';
import { sessionsListStore, useQuestionSets } from '../../stores/sessions';
import type { SessionDraft } from '../../stores/sessions/sessions-list-store';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';
import { DatasetOptions, StratifyOptions } from '../../components/FormOptions';
import { RunModeOptions } from '../runs/RunModeOptions';
import { compact } from '../../../shared/util/compact';

type SetDraft = (patch: Partial<SessionDraft>) => void;

/** Said when the session takes another session's questions, with the way back to a new draw. */
export function SameQuestionsNotice({ sessionId }: { sessionId: number }) {
  return (
    <p className="wide same-questions" role="status">
      Another expert on the questions of session #{sessionId} (their own order from the seed).{' '}
      <button
        type="button"
        className="link"
        onClick={() => sessionsListStore.getState().sameQuestionsAs(undefined)}
      >
        Draw new questions instead
      </button>
    </p>
  );
}

/** "Questions from": a new sample, or one of the dataset's question sets. */
function QuestionSource({ draft }: { draft: SessionDraft }) {
  const allSets = useQuestionSets((s) => s.sets);
  const sets = allSets.filter((x) => x.datasetId === draft.datasetId);
  const chosenSet = allSets.find((x) => x.id === draft.questionSetId);
  return (
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
  );
}

/**
 * Which questions: the dataset, where they come from, how many, the seed and the balance.
 * Fixed (read-only) when they are a question set's or another session's.
 */
export function SessionQuestionFields({
  draft,
  datasets,
  set,
}: {
  draft: SessionDraft;
  datasets: DatasetSummary[];
  set: SetDraft;
}) {
  const fixed = draft.sameQuestionsAs !== undefined || draft.questionSetId !== undefined;
  return (
    <>
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
      <QuestionSource draft={draft} />
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
    </>
  );
}

/** The time budget, the expert and what they are told. */
export function SessionExpertFields({ draft, set }: { draft: SessionDraft; set: SetDraft }) {
  return (
    <>
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
    </>
  );
}

/** The model run on the same questions: provider, model and mode. */
export function SessionRunFields({
  id,
  draft,
  set,
}: {
  id: string;
  draft: SessionDraft;
  set: SetDraft;
}) {
  const pickModel = useCallback(
    (patch: { providerId?: number; model: string }) =>
      sessionsListStore.getState().setDraft({
        runModel: patch.model,
        ...compact({ runProviderId: patch.providerId }),
      }),
    [],
  );
  return (
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
        The run starts with the session, on exactly its questions (the endpoint is checked first);
        follow it on the <a href="#/runs">Runs</a> screen. The expert does not see it.
      </p>
      <NoProviderHint />
    </fieldset>
  );
}
