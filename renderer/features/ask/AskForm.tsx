import { useId } from 'react';
import { ASK_MODES, parseAskMode } from '../../../shared/ask/ask-mode';
import { askStore, useAsk } from '../../stores/ask';
import { draftProblem, type AskDraft } from '../../stores/ask/ask-store';
import { useLlm } from '../../stores/llm';
import { NoProviderHint, ProviderModelPicker } from '../llm/ProviderModelPicker';
import { MODE_TEXT } from './answer-text';
import { ApiErrorText } from '../../components/ApiErrorText';
import { AskAdvanced } from './AskAdvanced';
import { FilingPicker } from './FilingPicker';

type SetDraft = (patch: Partial<AskDraft>) => void;

/** The question; Enter asks, Shift+Enter makes a new line. */
function QuestionBox(p: {
  id: string;
  question: string;
  placeholder?: string | undefined;
  set: SetDraft;
}) {
  const { id, set } = p;
  return (
    <>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Question
      </label>
      <textarea
        id={`${id}-q`}
        rows={3}
        placeholder={p.placeholder ?? 'Ask about this filing, e.g. "By how much did revenue grow?"'}
        value={p.question}
        onChange={(e) => set({ question: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
    </>
  );
}

/** The mode, and the provider with its model. */
function ModeAndModel({ id, draft, set }: { id: string; draft: AskDraft; set: SetDraft }) {
  return (
    <div className="ask-pickers">
      <div className="ask-field">
        <label htmlFor={`${id}-mode`}>Mode</label>
        <select
          id={`${id}-mode`}
          value={draft.mode}
          onChange={(e) => set({ mode: parseAskMode(e.currentTarget.value) })}
        >
          {ASK_MODES.map((m) => (
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
  );
}

/** Why the model cannot be asked yet: the providers failed to load, none, or no model list. */
function ModelProblems({ providerId }: { providerId: number | undefined }) {
  const llmStatus = useLlm((s) => s.status);
  const llmError = useLlm((s) => s.error);
  const models = useLlm((s) => (providerId === undefined ? undefined : s.models[providerId]));
  return (
    <>
      {llmStatus === 'error' && llmError && <ApiErrorText error={llmError} />}
      <NoProviderHint />
      {models?.status === 'error' && (
        <p className="hint">The provider's models could not be listed: {models.error.message}</p>
      )}
    </>
  );
}

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
      <QuestionBox id={id} question={draft.question} placeholder={context?.question} set={set} />
      {context?.documentId !== undefined && context.questionId === undefined && (
        <FilingPicker documentId={context.documentId} />
      )}
      <ModeAndModel id={id} draft={draft} set={set} />
      <AskAdvanced id={id} draft={draft} />
      <ModelProblems providerId={draft.providerId} />
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
