import { createStore } from 'zustand/vanilla';
import { MAX_ASK_DOCUMENTS } from '../../../shared/ask/filing-id';
import type { ApiClient } from '../../api/client-core';
import { askDraftSlice } from './ask-draft';
import { askOpenSlice } from './ask-open';
import { askRunSlice, followAskProgress } from './ask-run';
import { emptyDraft, type AskAccess, type AskState } from './ask-state';

export {
  draftProblem,
  type AskContext,
  type AskDraft,
  type AskState,
  type EndedAsk,
  type HistoryState,
  type RunningAsk,
  type TemplatesState,
} from './ask-state';

/** A UUID; randomUUID exists only in secure contexts, so random bytes stand in elsewhere. */
export function newAskId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Ask panel: the draft question and its settings (ask-draft.ts), the document or question
 * in view and its history (ask-open.ts), the ask running with its phase and streamed text from
 * `ask.progress`, and its result (ask-run.ts). `newId` makes the askId (crypto.randomUUID in
 * the app, a counter in tests).
 */
export function createAskStore(api: ApiClient, newId: () => string = newAskId) {
  const store = createStore<AskState>()((set, get) => {
    const s: AskAccess = { get, set };
    return {
      draft: emptyDraft(),
      filings: [],
      addFiling(documentId) {
        const { context, filings } = get();
        if (context?.documentId === undefined || context.documentId === documentId) return;
        if (filings.includes(documentId) || filings.length + 1 >= MAX_ASK_DOCUMENTS) return;
        set({ filings: [...filings, documentId] });
      },
      removeFiling(documentId) {
        set({ filings: get().filings.filter((id) => id !== documentId) });
      },
      history: { status: 'idle' },
      templates: { status: 'idle' },
      panelOpen: false,
      setPanelOpen: (panelOpen) => set({ panelOpen }),
      ...askOpenSlice(api, s),
      ...askDraftSlice(api, s),
      ...askRunSlice(api, s, newId),
    };
  });
  followAskProgress(api, store);
  return store;
}
