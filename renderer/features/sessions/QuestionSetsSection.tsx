import { useEffect, useId } from 'react';
import { selectionText } from '../../../shared/question-sets/question-set';
import type { Stratify } from '../../../shared/sessions/session';
import { ColumnHeads } from '../../components/ColumnHeads';
import { DatasetOptions, StratifyOptions } from '../../components/FormOptions';
import {
  questionSetsStore,
  sessionsListStore,
  useQuestionSets,
  useSessionsList,
} from '../../stores/sessions';
import type {
  QuestionSetDraft,
  QuestionSetMethod,
} from '../../stores/sessions/question-sets-store';
import { ApiErrorText } from '../../components/ApiErrorText';

/** Takes a set's questions into the session builder and moves the focus there. */
function startSessionOn(setId: number): void {
  const set = questionSetsStore.getState().sets.find((s) => s.id === setId);
  sessionsListStore.getState().fromQuestionSet(set);
  const title = document.getElementById('new-session-title');
  title?.scrollIntoView();
  // The first field of the builder that is still to fill: the expert's name.
  document
    .querySelector<HTMLInputElement>('form[aria-label="New session"] input[name="expert"]')
    ?.focus();
}

/**
 * Question sets (docs/sessions.md, "Question sets"): the builder (a seeded sample of a
 * dataset's questions, balanced; or the questions a filter passes; or a list of ids) and the
 * sets of the workspace, each a step from a session (and a model run) on exactly its questions.
 */
export function QuestionSetsSection() {
  const id = useId();
  const datasets = useSessionsList((s) => s.datasets);
  const sets = useQuestionSets((s) => s.sets);
  const status = useQuestionSets((s) => s.status);
  const error = useQuestionSets((s) => s.error);
  const draft = useQuestionSets((s) => s.draft);
  const creating = useQuestionSets((s) => s.creating);
  const createError = useQuestionSets((s) => s.createError);
  const created = useQuestionSets((s) => s.created);
  const set = (patch: Partial<QuestionSetDraft>) => questionSetsStore.getState().setDraft(patch);

  useEffect(() => {
    void questionSetsStore.getState().load();
  }, []);
  useEffect(() => {
    if (!datasets.some((d) => d.id === draft.datasetId) && datasets[0])
      questionSetsStore.getState().setDraft({ datasetId: datasets[0].id });
  }, [datasets, draft.datasetId]);

  if (datasets.length === 0) return null;
  const filters = draft.method !== 'ids';

  return (
    <>
      <form
        className="session-builder question-set-builder"
        aria-label="New question set"
        onSubmit={(e) => {
          e.preventDefault();
          void questionSetsStore.getState().create();
        }}
      >
        <label>
          Dataset
          <select
            value={draft.datasetId ?? ''}
            onChange={(e) => set({ datasetId: Number(e.currentTarget.value) })}
          >
            <DatasetOptions datasets={datasets} />
          </select>
        </label>
        <label>
          Set name
          <input
            value={draft.name}
            autoComplete="off"
            placeholder="e.g. pilot-25"
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
        </label>
        <label>
          Choose by
          <select
            value={draft.method}
            onChange={(e) => set({ method: e.currentTarget.value as QuestionSetMethod })}
          >
            <option value="sample">a seeded sample</option>
            <option value="filter">a filter (every question it passes)</option>
            <option value="ids">a list of question ids</option>
          </select>
        </label>
        {draft.method === 'sample' && (
          <>
            <label>
              Number of questions
              <input
                inputMode="numeric"
                value={draft.count}
                onChange={(e) => set({ count: e.currentTarget.value })}
              />
            </label>
            <label>
              Sample seed
              <input
                inputMode="numeric"
                value={draft.seed}
                onChange={(e) => set({ seed: e.currentTarget.value })}
              />
            </label>
            <label>
              Balance sample by
              <select
                value={draft.stratify}
                onChange={(e) => set({ stratify: e.currentTarget.value as Stratify })}
              >
                <StratifyOptions />
              </select>
            </label>
          </>
        )}
        {filters && (
          <fieldset className="wide question-set-filter">
            <legend>
              {draft.method === 'sample' ? 'Sample only from questions with' : 'Questions with'}{' '}
              <span className="hint">(comma-separated; empty: any)</span>
            </legend>
            <label>
              Type
              <input
                value={draft.types}
                placeholder="e.g. arithmetic, span"
                onChange={(e) => set({ types: e.currentTarget.value })}
              />
            </label>
            <label>
              Answer source
              <input
                value={draft.answerSources}
                placeholder="e.g. table, text"
                onChange={(e) => set({ answerSources: e.currentTarget.value })}
              />
            </label>
            <label>
              Document
              <input
                value={draft.documents}
                placeholder="its dataset id or workspace id"
                onChange={(e) => set({ documents: e.currentTarget.value })}
              />
            </label>
          </fieldset>
        )}
        {draft.method === 'ids' && (
          <label className="wide">
            Question ids{' '}
            <span className="hint">
              (one a line: the dataset’s own ids, or workspace ids as{' '}
              <code>workbench questions</code> lists them)
            </span>
            <textarea
              rows={4}
              value={draft.ids}
              onChange={(e) => set({ ids: e.currentTarget.value })}
            />
          </label>
        )}
        <div className="wide builder-actions">
          <button type="submit" disabled={creating}>
            {creating ? 'Creating…' : 'Create question set'}
          </button>
          {created && (
            <span role="status">
              Question set “{created.name}”: {created.questionIds.length} questions.{' '}
              <button type="button" className="link" onClick={() => startSessionOn(created.id)}>
                New session on it
              </button>
            </span>
          )}
        </div>
        {createError && (
          <div className="wide">
            <ApiErrorText error={createError} />
          </div>
        )}
      </form>
      {error && <ApiErrorText error={error} />}
      {status === 'ready' && sets.length > 0 && (
        <table className="sessions-table question-sets-table" aria-labelledby={`${id}-sets`}>
          <caption id={`${id}-sets`} className="visually-hidden">
            Question sets
          </caption>
          <ColumnHeads names={['#', 'Name', 'Dataset', 'Questions', 'Chosen by', '']} />
          <tbody>
            {sets.map((s) => (
              <tr key={s.id}>
                <td className="num">{s.id}</td>
                <th scope="row">{s.name}</th>
                <td>{s.datasetName}</td>
                <td className="num">{s.questionIds.length}</td>
                <td>{selectionText(s.selection)}</td>
                <td className="session-actions">
                  <button
                    type="button"
                    className="link"
                    aria-label={`New session on question set ${s.name}`}
                    onClick={() => startSessionOn(s.id)}
                  >
                    New session on it
                  </button>
                  <button
                    type="button"
                    className="link"
                    aria-label={`Remove question set ${s.name}`}
                    onClick={() => void questionSetsStore.getState().remove(s.id)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
