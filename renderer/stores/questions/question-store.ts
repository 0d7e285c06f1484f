import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary, StoredQuestion } from '../../../shared/datasets/stored-question';
import type { DocumentSummary } from '../../../shared/library/document';
import type { ApiClient } from '../../api/client-core';
import { readShowGold, writeShowGold, type PreferenceStorage } from './gold-preference';

export interface QuestionState {
  openId?: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  question?: StoredQuestion;
  dataset?: DatasetSummary;
  /** The document the question stands on; null when it is not in the library (a removed PDF). */
  document?: DocumentSummary | null;
  error?: ApiError;
  /** Whether the gold answer is shown. Hidden by default; the choice is remembered. */
  showGold: boolean;
  /** The evidence item (index into question.evidence) the user last went to. */
  activeEvidence?: number;
  open(id: number): Promise<void>;
  toggleGold(): void;
  setActiveEvidence(index: number | undefined): void;
}

/** One question with its gold, evidence and document summary (the document itself: document store). */
export function createQuestionStore(api: ApiClient, storage?: PreferenceStorage) {
  return createStore<QuestionState>()((set, get) => ({
    status: 'idle',
    showGold: readShowGold(storage),
    async open(id) {
      if (get().openId === id && get().status !== 'error') return;
      set({
        openId: id,
        status: 'loading',
        question: undefined,
        dataset: undefined,
        document: undefined,
        error: undefined,
        activeEvidence: undefined,
      });
      const r = await api.call('questions.get', { id });
      if (get().openId !== id) return; // the user moved on
      if (!r.ok) set({ status: 'error', error: r.error });
      else
        set({
          status: 'ready',
          question: r.value.question,
          dataset: r.value.dataset,
          document: r.value.document,
        });
    },
    toggleGold() {
      const showGold = !get().showGold;
      writeShowGold(storage, showGold);
      set({ showGold });
    },
    setActiveEvidence: (activeEvidence) => set({ activeEvidence }),
  }));
}
