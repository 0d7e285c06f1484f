import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary, StoredQuestion } from '../../../shared/datasets/stored-question';
import type { DocumentSummary } from '../../../shared/library/document';
import type { GoldHistory, ProposedAnswer } from '../../../shared/disputes/dispute';
import type { ApiClient } from '../../api/client-core';
import { readShowGold, writeShowGold, type PreferenceStorage } from './gold-preference';

export interface QuestionState {
  openId?: number | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  question?: StoredQuestion | undefined;
  dataset?: DatasetSummary | undefined;
  /** The document the question stands on; null when it is not in the library (a removed PDF). */
  document?: DocumentSummary | null | undefined;
  error?: ApiError | undefined;
  /** The gold over time: current, the dataset's original, disputes (docs/disputes.md). */
  goldHistory?: GoldHistory | undefined;
  /** A dispute being raised or decided; its error, if it failed. */
  disputeBusy: boolean;
  disputeError?: ApiError | undefined;
  /** Whether the gold answer is shown. Hidden by default; the choice is remembered. */
  showGold: boolean;
  /** The evidence item (index into question.evidence) the user last went to. */
  activeEvidence?: number | undefined;
  open(id: number): Promise<void>;
  toggleGold(): void;
  setActiveEvidence(index: number | undefined): void;
  /** Proposes a correction of the open question's gold; true when it was recorded. */
  raiseDispute(answer: ProposedAnswer, reason: string, raisedBy?: string): Promise<boolean>;
  /** Accepts (re-grades runs and sessions) or rejects a dispute, then reads the question again. */
  decideDispute(
    disputeId: number,
    decision: 'accept' | 'reject',
    note?: string,
    decidedBy?: string,
  ): Promise<void>;
  /** The open question and its gold history read again in place (a dispute changed them). */
  reloadGold(): Promise<void>;
}

/** One question with its gold, evidence and document summary (the document itself: document store). */
export function createQuestionStore(api: ApiClient, storage?: PreferenceStorage) {
  return createStore<QuestionState>()((set, get) => ({
    status: 'idle',
    disputeBusy: false,
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
        goldHistory: undefined,
        disputeError: undefined,
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
          goldHistory: r.value.goldHistory,
        });
    },
    toggleGold() {
      const showGold = !get().showGold;
      writeShowGold(storage, showGold);
      set({ showGold });
    },
    setActiveEvidence: (activeEvidence) => set({ activeEvidence }),
    async raiseDispute(answer, reason, raisedBy) {
      const questionId = get().openId;
      if (questionId === undefined) return false;
      set({ disputeBusy: true, disputeError: undefined });
      const r = await api.call('disputes.raise', {
        questionId,
        answer,
        reason,
        ...(raisedBy ? { raisedBy } : {}),
      });
      set({ disputeBusy: false, ...(r.ok ? {} : { disputeError: r.error }) });
      if (r.ok) await get().reloadGold();
      return r.ok;
    },
    async decideDispute(disputeId, decision, note, decidedBy) {
      set({ disputeBusy: true, disputeError: undefined });
      const r = await api.call('disputes.decide', {
        disputeId,
        decision,
        ...(note ? { note } : {}),
        ...(decidedBy ? { decidedBy } : {}),
      });
      set({ disputeBusy: false, ...(r.ok ? {} : { disputeError: r.error }) });
      if (r.ok) await get().reloadGold();
    },
    async reloadGold() {
      const id = get().openId;
      if (id === undefined) return;
      const r = await api.call('questions.get', { id });
      if (r.ok && get().openId === id)
        set({ question: r.value.question, goldHistory: r.value.goldHistory });
    },
  }));
}
