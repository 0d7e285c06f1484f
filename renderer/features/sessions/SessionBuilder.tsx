import { navigationStore } from '../../stores/navigation';
import { sessionsListStore, useSessionsList } from '../../stores/sessions';
import type { SessionDraft } from '../../stores/sessions/sessions-list-store';
import { ApiErrorText } from '../ask/ApiErrorText';

/**
 * A new blinded session: which dataset, how many questions drawn with which seed (balanced by
 * subset or answer type), the time budget, the expert and their instructions.
 */
export function SessionBuilder() {
  const draft = useSessionsList((s) => s.draft);
  const datasets = useSessionsList((s) => s.datasets);
  const creating = useSessionsList((s) => s.creating);
  const createError = useSessionsList((s) => s.createError);
  const set = (patch: Partial<SessionDraft>) => sessionsListStore.getState().setDraft(patch);

  const create = () =>
    void sessionsListStore
      .getState()
      .create()
      .then((id) => {
        if (id !== undefined) navigationStore.getState().go({ screen: 'session', id });
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
          disabled={draft.sameQuestionsAs !== undefined}
          value={draft.datasetId ?? ''}
          onChange={(e) => set({ datasetId: Number(e.currentTarget.value) })}
        >
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({d.questionCount.toLocaleString()} questions)
            </option>
          ))}
        </select>
      </label>
      <label>
        Questions
        <input
          inputMode="numeric"
          readOnly={draft.sameQuestionsAs !== undefined}
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
          disabled={draft.sameQuestionsAs !== undefined}
          value={draft.stratify}
          onChange={(e) => set({ stratify: e.currentTarget.value as SessionDraft['stratify'] })}
        >
          <option value="answer-type">answer type</option>
          <option value="subset">subset</option>
          <option value="none">nothing (simple random)</option>
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
      <div className="wide builder-actions">
        <button type="submit" className="primary" disabled={creating}>
          {creating ? 'Creating…' : 'Create and start'}
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
