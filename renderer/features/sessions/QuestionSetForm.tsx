import type { Stratify } from '../../../shared/sessions/session';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import { DatasetOptions, StratifyOptions } from '../../components/FormOptions';
import { questionSetsStore, useQuestionSets } from '../../stores/sessions';
import type {
  QuestionSetDraft,
  QuestionSetMethod,
} from '../../stores/sessions/question-sets-store';
import { ApiErrorText } from '../../components/ApiErrorText';
import { startSessionOn } from './start-session-on';

interface FieldsProps {
  draft: QuestionSetDraft;
  set: (patch: Partial<QuestionSetDraft>) => void;
}

/** A seeded sample: how many, the seed, the balance. */
function SampleFields({ draft, set }: FieldsProps) {
  return (
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
  );
}

/** The filter a sample draws from, or the set is: types, answer sources, documents. */
function FilterFields({ draft, set }: FieldsProps) {
  return (
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
  );
}

/** A list of question ids, one a line. */
function IdsField({ draft, set }: FieldsProps) {
  return (
    <label className="wide">
      Question ids{' '}
      <span className="hint">
        (one a line: the dataset’s own ids, or workspace ids as <code>workbench questions</code>{' '}
        lists them)
      </span>
      <textarea rows={4} value={draft.ids} onChange={(e) => set({ ids: e.currentTarget.value })} />
    </label>
  );
}

/** The submit button, the set just made (with a session on it), and why creating failed. */
function QuestionSetActions() {
  const creating = useQuestionSets((s) => s.creating);
  const createError = useQuestionSets((s) => s.createError);
  const created = useQuestionSets((s) => s.created);
  return (
    <>
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
    </>
  );
}

/**
 * The question-set builder: a dataset, a name, and how the questions are chosen (a seeded
 * sample, a filter, or a list of ids).
 */
export function QuestionSetForm({ datasets }: { datasets: DatasetSummary[] }) {
  const draft = useQuestionSets((s) => s.draft);
  const set = (patch: Partial<QuestionSetDraft>) => questionSetsStore.getState().setDraft(patch);
  return (
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
      {draft.method === 'sample' && <SampleFields draft={draft} set={set} />}
      {draft.method !== 'ids' && <FilterFields draft={draft} set={set} />}
      {draft.method === 'ids' && <IdsField draft={draft} set={set} />}
      <QuestionSetActions />
    </form>
  );
}
