import type { ApiClient } from '../../api/client-core';
import { emptyDraft, sameContext, type AskAccess, type AskDraft, type AskState } from './ask-state';
import { compact } from '../../../shared/util/compact';

/** A new document's draft: its question, and the model choice carried over from the last. */
function carriedDraft(was: AskDraft, question: string | undefined): AskDraft {
  return {
    ...emptyDraft(question),
    // The model choice carries over from one document to the next.
    mode: was.mode,
    ...compact({ providerId: was.providerId }),
    model: was.model,
    ...compact({ k: was.k, unit: was.unit }),
    samples: was.samples,
    ...compact({ templateId: was.templateId }),
  };
}

/**
 * The ask store's document or question in view: pointing the panel at one, its history of
 * asks, and showing one of them.
 */
export function askOpenSlice(
  api: ApiClient,
  { get, set }: AskAccess,
): Pick<AskState, 'open' | 'loadHistory' | 'show'> {
  return {
    open(context) {
      const was = get();
      if (sameContext(was.context, context)) return;
      // Going to another filing of the ask shown (a citation's cell) keeps the ask and its
      // filings: the new document's cells are framed and the way back is one click.
      const across = was.shown?.documentIds;
      if (
        context.questionId === undefined &&
        context.documentId !== undefined &&
        was.context?.questionId === undefined &&
        across?.includes(context.documentId) &&
        !was.running
      ) {
        set({
          context,
          filings: across.filter((id) => id !== context.documentId),
          history: { status: 'idle' },
        });
        void get().loadHistory();
        return;
      }
      // An ask of the previous document would land nowhere: stop it rather than pay for it.
      if (was.running) void api.call('ask.cancel', { askId: was.running.askId });
      set({
        context,
        draft: carriedDraft(was.draft, context.question),
        running: undefined,
        ended: undefined,
        shown: undefined,
        filings: [],
        history: { status: 'idle' },
      });
      void get().loadHistory();
    },
    async loadHistory() {
      const context = get().context;
      if (!context) return;
      set({ history: { status: 'loading' } });
      // A question's history is its own asks; a document's covers every ask about it.
      const input =
        context.questionId !== undefined
          ? { questionId: context.questionId, limit: 50 }
          : { documentId: context.documentId, limit: 50 };
      const r = await api.call('ask.history', input);
      if (!sameContext(get().context, context)) return;
      set({
        history: r.ok
          ? { status: 'ready', asks: r.value.asks }
          : { status: 'error', error: r.error },
      });
    },
    show(id) {
      const h = get().history;
      const found = h.status === 'ready' ? h.asks.find((a) => a.id === id) : undefined;
      if (found) set({ shown: found, ended: undefined });
    },
  };
}
