import type { StoreApi } from 'zustand/vanilla';
import type { MethodInput } from '../../../shared/api/contract';
import type { ApiClient } from '../../api/client-core';
import {
  draftProblem,
  type AskAccess,
  type AskContext,
  type AskDraft,
  type AskState,
} from './ask-state';
import { compact } from '../../../shared/util/compact';

/** The `ask.run` request for the draft: the question, the document(s) and the settings. */
function runInput(
  askId: string,
  draft: AskDraft,
  context: AskContext,
  filings: readonly number[],
  question: string,
): MethodInput<'ask.run'> {
  return {
    askId,
    mode: draft.mode,
    providerId: draft.providerId!,
    model: draft.model.trim(),
    ...(context.questionId !== undefined
      ? { questionId: context.questionId }
      : context.documentId !== undefined && filings.length > 0
        ? { documentIds: [context.documentId, ...filings] }
        : { documentId: context.documentId }),
    ...(question ? { question } : {}),
    ...(draft.k !== undefined || draft.unit !== undefined
      ? {
          retrieval: compact({ k: draft.k, unit: draft.unit }),
        }
      : {}),
    ...(draft.samples > 1 ? { samples: draft.samples } : {}),
    ...compact({ templateId: draft.templateId }),
  };
}

/** The ask store's running ask: starting it, its answer or error, and cancelling it. */
export function askRunSlice(
  api: ApiClient,
  { get, set }: AskAccess,
  newId: () => string,
): Pick<AskState, 'run' | 'cancel'> {
  return {
    async run() {
      const { draft, context, running, filings } = get();
      if (running || draftProblem(draft, context) !== null || !context) return;
      const askId = newId();
      const question = draft.question.trim();
      set({
        running: {
          askId,
          question: question || (context.question ?? ''),
          output: '',
          messages: [],
          cancelling: false,
        },
        ended: undefined,
        shown: undefined,
      });
      const r = await api.call('ask.run', runInput(askId, draft, context, filings, question));
      const now = get().running;
      if (now?.askId !== askId) return; // the panel moved to another document
      if (r.ok) {
        const history = get().history;
        set({
          running: undefined,
          shown: r.value,
          history:
            history.status === 'ready'
              ? {
                  status: 'ready',
                  asks: [r.value, ...history.asks.filter((a) => a.id !== r.value.id)],
                }
              : history,
        });
      } else {
        set({
          running: undefined,
          ended: {
            askId,
            question: now.question,
            ...(now.phase ? { phase: now.phase } : {}),
            output: now.output,
            messages: now.messages,
            error: r.error,
          },
        });
      }
    },
    async cancel() {
      const running = get().running;
      if (!running || running.cancelling) return;
      set({ running: { ...running, cancelling: true } });
      // ask.run then answers `cancelled`, which ends the run (above).
      const r = await api.call('ask.cancel', { askId: running.askId });
      const now = get().running;
      if (now?.askId !== running.askId) return;
      if (!r.ok)
        set({
          running: {
            ...now,
            cancelling: false,
            messages: [...now.messages, `Cancel failed: ${r.error.message}`],
          },
        });
    },
  };
}

/** The running ask's phase and streamed text, from `ask.progress`. */
export function followAskProgress(api: ApiClient, store: StoreApi<AskState>): void {
  api.subscribe('ask.progress', (p) => {
    const running = store.getState().running;
    // Other asks (another window, an earlier cancelled one) stream on the same event.
    if (!running || p.askId !== running.askId) return;
    store.setState({
      running: {
        ...running,
        phase: p.phase,
        output: p.delta ? running.output + p.delta : running.output,
        messages: p.message ? [...running.messages, p.message] : running.messages,
      },
    });
  });
}
