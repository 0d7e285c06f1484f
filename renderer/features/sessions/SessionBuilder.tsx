import { useId } from 'react';
import { navigationStore } from '../../stores/navigation';
import { questionSetsStore, sessionsListStore, useSessionsList } from '../../stores/sessions';
import type { SessionDraft } from '../../stores/sessions/sessions-list-store';
import { ApiErrorText } from '../../components/ApiErrorText';
import {
  SameQuestionsNotice,
  SessionExpertFields,
  SessionQuestionFields,
  SessionRunFields,
} from './SessionBuilderFields';

/** Creates the session (and its run); on success the question sets reload and the session opens. */
function createSession() {
  void sessionsListStore
    .getState()
    .create()
    .then((id) => {
      if (id === undefined) return;
      // A set may have been made for the session's questions (a run with it).
      void questionSetsStore.getState().load();
      navigationStore.getState().go({ screen: 'session', id });
    });
}

/** The submit button, saying what it will do, and why creating failed. */
function BuilderActions({ alsoRun }: { alsoRun: boolean }) {
  const creating = useSessionsList((s) => s.creating);
  const createError = useSessionsList((s) => s.createError);
  return (
    <>
      <div className="wide builder-actions">
        <button type="submit" className="primary" disabled={creating}>
          {creating
            ? alsoRun
              ? 'Creating, starting the run…'
              : 'Creating…'
            : alsoRun
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
    </>
  );
}

/**
 * A new blinded session: which dataset, its questions (a question set's, or drawn with a seed,
 * balanced by subset or answer type), the time budget, the expert and their instructions; and,
 * in the same step, a model run on exactly those questions (provider, model, mode).
 */
export function SessionBuilder() {
  const id = useId();
  const draft = useSessionsList((s) => s.draft);
  const datasets = useSessionsList((s) => s.datasets);
  const set = (patch: Partial<SessionDraft>) => sessionsListStore.getState().setDraft(patch);

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
        createSession();
      }}
    >
      {draft.sameQuestionsAs !== undefined && (
        <SameQuestionsNotice sessionId={draft.sameQuestionsAs} />
      )}
      <SessionQuestionFields draft={draft} datasets={datasets} set={set} />
      <SessionExpertFields draft={draft} set={set} />
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
      {draft.alsoRun && <SessionRunFields id={id} draft={draft} set={set} />}
      <BuilderActions alsoRun={draft.alsoRun} />
    </form>
  );
}
