import { useId } from 'react';
import { AskMode } from '../../../shared/ask/ask';
import { PassageKind } from '../../../shared/retrieval/hit';
import { askStore, useAsk } from '../../stores/ask';
import { draftProblem, type AskDraft } from '../../stores/ask/ask-store';
import { useLlm } from '../../stores/llm';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';
import { MODE_TEXT } from './answer-text';
import { ApiErrorText } from '../../components/ApiErrorText';
import { PromptTemplates } from './PromptTemplates';
import { FilingPicker } from './FilingPicker';

const optionalInt = (s: string) => (s.trim() === '' ? undefined : Math.trunc(Number(s)));

/**
 * The question and how to ask it: mode, provider and model (the provider's models as
 * suggestions, any name accepted), and in Advanced the retrieval k and unit and the samples.
 * Enter asks (Shift+Enter: a new line), Escape cancels a running ask.
 */
export function AskForm() {
  const id = useId();
  const draft = useAsk((s) => s.draft);
  const context = useAsk((s) => s.context);
  const running = useAsk((s) => s.running !== undefined);
  const llmStatus = useLlm((s) => s.status);
  const llmError = useLlm((s) => s.error);
  const models = useLlm((s) =>
    draft.providerId === undefined ? undefined : s.models[draft.providerId],
  );
  const problem = draftProblem(draft, context);
  const set = (patch: Partial<AskDraft>) => askStore.getState().setDraft(patch);

  return (
    <form
      className="ask-form"
      aria-label="Ask a question"
      onSubmit={(e) => {
        e.preventDefault();
        void askStore.getState().run();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && running) {
          e.preventDefault();
          void askStore.getState().cancel();
        }
      }}
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Question
      </label>
      <textarea
        id={`${id}-q`}
        rows={3}
        placeholder={
          context?.question ?? 'Ask about this filing, e.g. "By how much did revenue grow?"'
        }
        value={draft.question}
        onChange={(e) => set({ question: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
      {context?.documentId !== undefined && context.questionId === undefined && (
        <FilingPicker documentId={context.documentId} />
      )}
      <div className="ask-pickers">
        <div className="ask-field">
          <label htmlFor={`${id}-mode`}>Mode</label>
          <select
            id={`${id}-mode`}
            value={draft.mode}
            onChange={(e) => set({ mode: AskMode.parse(e.currentTarget.value) })}
          >
            {AskMode.options.map((m) => (
              <option key={m} value={m}>
                {MODE_TEXT[m]}
              </option>
            ))}
          </select>
        </div>
        <ProviderModelPicker
          idPrefix={id}
          fieldClass="ask-field"
          providerId={draft.providerId}
          model={draft.model}
          onChange={set}
        />
      </div>
      <details className="ask-advanced">
        <summary>Advanced</summary>
        <div className="ask-pickers">
          <div className="ask-field">
            <label htmlFor={`${id}-k`}>Retrieved hits (k)</label>
            <input
              id={`${id}-k`}
              type="number"
              min={1}
              max={200}
              value={draft.k ?? ''}
              placeholder="default"
              onChange={(e) => set({ k: optionalInt(e.currentTarget.value) })}
            />
          </div>
          <div className="ask-field">
            <label htmlFor={`${id}-unit`}>Unit</label>
            <select
              id={`${id}-unit`}
              value={draft.unit ?? ''}
              onChange={(e) =>
                set({
                  unit:
                    e.currentTarget.value === ''
                      ? undefined
                      : PassageKind.parse(e.currentTarget.value),
                })
              }
            >
              <option value="">default</option>
              {PassageKind.options.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </div>
          <div className="ask-field">
            <label htmlFor={`${id}-samples`}>Samples</label>
            <input
              id={`${id}-samples`}
              type="number"
              min={1}
              max={15}
              value={draft.samples}
              onChange={(e) =>
                set({ samples: Math.min(15, Math.max(1, optionalInt(e.currentTarget.value) ?? 1)) })
              }
            />
          </div>
        </div>
        <PromptTemplates />
      </details>
      {llmStatus === 'error' && llmError && <ApiErrorText error={llmError} />}
      <NoProviderHint />
      {models?.status === 'error' && (
        <p className="hint">The provider's models could not be listed: {models.error.message}</p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="primary"
          disabled={running || problem !== null}
          title={problem ?? 'Ask (Enter)'}
        >
          Ask
        </button>
        {problem && !running && <span className="hint">{problem}</span>}
      </div>
    </form>
  );
}
