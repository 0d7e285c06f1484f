import type { ApiError } from '../../../shared/api/result';
import type { AskMode, AskPhase, AskResult, PromptTemplate } from '../../../shared/ask/ask';
import type { PassageKind } from '../../../shared/retrieval/hit';

/** What the panel asks about: a library or record document, or a stored dataset question. */
export interface AskContext {
  documentId?: number;
  questionId?: number;
  /** The question box starts with this (a dataset question's text). */
  question?: string;
}

export interface AskDraft {
  question: string;
  mode: AskMode;
  providerId?: number | undefined;
  model: string;
  /** Retrieval: hits to put in the prompt, and what a hit is (advanced; absent = main's default). */
  k?: number | undefined;
  unit?: PassageKind | undefined;
  /** Self-consistency: samples to vote over (1 = off). */
  samples: number;
  /** A prompt template of the mode (ask.templates); absent: the mode's default. */
  templateId?: string | undefined;
}

/** The ask in flight: its id, phase and the model's text so far. */
export interface RunningAsk {
  askId: string;
  question: string;
  phase?: AskPhase;
  /** Everything `ask.progress` streamed, in order (retries and repairs add to it). */
  output: string;
  /** Progress messages ("retrying in 2 s after 429", the repair reason). */
  messages: string[];
  cancelling: boolean;
}

/** An ask that ended without a result: cancelled, or failed with an error. */
export interface EndedAsk {
  askId: string;
  question: string;
  phase?: AskPhase;
  output: string;
  messages: string[];
  error: ApiError;
}

export type HistoryState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; asks: AskResult[] }
  | { status: 'error'; error: ApiError };

export type TemplatesState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; templates: PromptTemplate[] }
  | { status: 'error'; error: ApiError };

export interface AskState {
  context?: AskContext | undefined;
  draft: AskDraft;
  /**
   * Filings asked about together with the context's document (issue 27), in the order added;
   * empty for a one-document ask.
   */
  filings: number[];
  addFiling(documentId: number): void;
  removeFiling(documentId: number): void;
  running?: RunningAsk | undefined;
  /** The last ask that was cancelled or failed (shown until the next one starts). */
  ended?: EndedAsk | undefined;
  /** The result shown: the one just answered or one picked from the history. */
  shown?: AskResult | undefined;
  history: HistoryState;
  templates: TemplatesState;
  /** Whether the panel is open beside the document (kept across documents). */
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
  /** Points the panel at a document or question: clears what was shown and loads its history. */
  open(context: AskContext): void;
  setDraft(patch: Partial<AskDraft>): void;
  /** Asks the draft's question; resolves when the ask ends (answered, cancelled or failed). */
  run(): Promise<void>;
  cancel(): Promise<void>;
  /** Shows an earlier ask of the history. */
  show(id: number): void;
  loadHistory(): Promise<void>;
  /** Built-in and saved prompt templates (once; `force` asks again). */
  loadTemplates(force?: boolean): Promise<void>;
  /** Saves a user template and picks it; answers the error when main refused it. */
  saveTemplate(template: PromptTemplate): Promise<ApiError | undefined>;
}

/** What each part of the ask store reads and writes (zustand's get and set). */
export interface AskAccess {
  get: () => AskState;
  set: (patch: Partial<AskState>) => void;
}

export const sameContext = (a: AskContext | undefined, b: AskContext) =>
  a?.documentId === b.documentId && a?.questionId === b.questionId;

export const emptyDraft = (question = ''): AskDraft => ({
  question,
  mode: 'pot',
  model: '',
  samples: 1,
});

/** Why a run cannot start, or null when it can. */
export function draftProblem(draft: AskDraft, context: AskContext | undefined): string | null {
  if (!context || (context.documentId === undefined && context.questionId === undefined))
    return 'Open a document or a question first.';
  if (draft.question.trim() === '' && context.questionId === undefined) return 'Type a question.';
  if (draft.providerId === undefined)
    return 'Choose a model provider (add one on the Models screen).';
  if (draft.model.trim() === '') return 'Choose a model.';
  return null;
}
