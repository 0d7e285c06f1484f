import { useEffect, useId } from 'react';
import { RunMode } from '../../../shared/runs/run';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';
import { navigationStore } from '../../stores/navigation';
import { runsListStore, useRunsList } from '../../stores/runs';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import { startProblem, type StartDraft } from '../../stores/runs/start-draft';
import { DatasetOptions } from '../../components/FormOptions';
import { RunModeOptions } from './RunModeOptions';

type SetDraft = (patch: Partial<StartDraft>) => void;

/** Starts the run; once started, its screen opens (where its progress shows). */
function startRun() {
  void runsListStore
    .getState()
    .start()
    .then((runId) => {
      if (runId !== undefined) navigationStore.getState().go({ screen: 'run', id: runId });
    });
}

/** Which questions: the dataset, a subset of it, and how many at most. */
function QuestionScopeFields(p: {
  id: string;
  draft: StartDraft;
  datasets: DatasetSummary[];
  set: SetDraft;
}) {
  const { id, draft, datasets, set } = p;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-dataset`}>Dataset</label>
        <select
          id={`${id}-dataset`}
          value={draft.datasetId ?? ''}
          onChange={(e) => set({ datasetId: Number(e.currentTarget.value) })}
        >
          {datasets.length === 0 && <option value="">none</option>}
          <DatasetOptions datasets={datasets} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subset`}>Subset</label>
        <input
          id={`${id}-subset`}
          value={draft.subset}
          placeholder="all, or e.g. arithmetic"
          onChange={(e) => set({ subset: e.currentTarget.value })}
        />
      </div>
      <div className="field narrow">
        <label htmlFor={`${id}-limit`}>Limit</label>
        <input
          id={`${id}-limit`}
          inputMode="numeric"
          value={draft.limit}
          placeholder="all"
          onChange={(e) => set({ limit: e.currentTarget.value })}
        />
      </div>
    </>
  );
}

/** Pacing: concurrency, requests per minute, the answer cache and OpenAI's Batch API. */
function PacingFields({ id, draft, set }: { id: string; draft: StartDraft; set: SetDraft }) {
  return (
    <>
      <div className="field narrow">
        <label htmlFor={`${id}-concurrency`}>Concurrency</label>
        <input
          id={`${id}-concurrency`}
          inputMode="numeric"
          value={draft.concurrency}
          onChange={(e) => set({ concurrency: e.currentTarget.value })}
        />
      </div>
      <div className="field narrow">
        <label htmlFor={`${id}-rpm`}>Requests/min</label>
        <input
          id={`${id}-rpm`}
          inputMode="numeric"
          value={draft.rpm}
          placeholder="no cap"
          onChange={(e) => set({ rpm: e.currentTarget.value })}
        />
      </div>
      <div className="field checkbox">
        <label>
          <input
            type="checkbox"
            checked={draft.cache}
            onChange={(e) => set({ cache: e.currentTarget.checked })}
          />{' '}
          Reuse cached answers
        </label>
      </div>
      <div className="field checkbox">
        <label title="One OpenAI Batch API batch instead of a request per question: cheaper on OpenAI, answers within 24 h; most local servers do not offer it">
          <input
            type="checkbox"
            checked={draft.batchApi}
            onChange={(e) => set({ batchApi: e.currentTarget.checked })}
          />{' '}
          Batch API
        </label>
      </div>
    </>
  );
}

/**
 * A new engine run: dataset and which of its questions, provider and model (the provider's
 * models as suggestions), mode, and pacing. Starting opens the run's screen, where its progress
 * shows.
 */
export function StartRunForm() {
  const id = useId();
  const draft = useRunsList((s) => s.draft);
  const datasets = useRunsList((s) => s.datasets);
  const starting = useRunsList((s) => s.starting);
  const set = (patch: Partial<StartDraft>) => runsListStore.getState().setDraft(patch);
  const problem = startProblem(draft);
  // Default: the first dataset (the picker takes the first provider).
  useEffect(() => {
    if (!datasets.some((d) => d.id === draft.datasetId) && datasets[0])
      runsListStore.getState().setDraft({ datasetId: datasets[0].id });
  }, [datasets, draft.datasetId]);

  return (
    <form
      className="start-run"
      aria-label="Start a run"
      onSubmit={(e) => {
        e.preventDefault();
        startRun();
      }}
    >
      <div className="start-fields">
        <QuestionScopeFields id={id} draft={draft} datasets={datasets} set={set} />
        <ProviderModelPicker
          idPrefix={id}
          fieldClass="field"
          providerId={draft.providerId}
          model={draft.model}
          onChange={set}
        />
        <div className="field">
          <label htmlFor={`${id}-mode`}>Mode</label>
          <select
            id={`${id}-mode`}
            value={draft.mode}
            onChange={(e) => set({ mode: RunMode.parse(e.currentTarget.value) })}
          >
            <RunModeOptions />
          </select>
        </div>
        <PacingFields id={id} draft={draft} set={set} />
      </div>
      <NoProviderHint />
      <div className="actions">
        <button
          type="submit"
          className="primary"
          disabled={starting || problem !== null}
          title={problem ?? 'Start the run'}
        >
          {starting ? 'Starting…' : 'Start run'}
        </button>
        {problem && <span className="hint">{problem}</span>}
      </div>
    </form>
  );
}
