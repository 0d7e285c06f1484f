import { createStore } from 'zustand/vanilla';
import type { MethodInput } from '../../../shared/api/contract';
import type { ApiError } from '../../../shared/api/result';
import type { AskMode, AskPhase, AskResult, PromptTemplate } from '../../../shared/ask/ask';
import type { PassageKind } from '../../../shared/retrieval/hit';
import { MAX_ASK_DOCUMENTS } from '../../../shared/ask/filings';
import type { ApiClient } from '../../api/client-core';

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
  providerId?: number;
  model: string;
  /** Retrieval: hits to put in the prompt, and what a hit is (advanced; absent = main's default). */
  k?: number;
  unit?: PassageKind;
  /** Self-consistency: samples to vote over (1 = off). */
  samples: number;
  /** A prompt template of the mode (ask.templates); absent: the mode's default. */
  templateId?: string;
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
  context?: AskContext;
  draft: AskDraft;
  /**
   * Filings asked about together with the context's document (issue 27), in the order added;
   * empty for a one-document ask.
   */
  filings: number[];
  addFiling(documentId: number): void;
  removeFiling(documentId: number): void;
  running?: RunningAsk;
  /** The last ask that was cancelled or failed (shown until the next one starts). */
  ended?: EndedAsk;
  /** The result shown: the one just answered or one picked from the history. */
  shown?: AskResult;
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

const sameContext = (a: AskContext | undefined, b: AskContext) =>
  a?.documentId === b.documentId && a?.questionId === b.questionId;

const emptyDraft = (question = ''): AskDraft => ({
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

/** A UUID; randomUUID exists only in secure contexts, so random bytes stand in elsewhere. */
export function newAskId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Ask panel: the draft question and its settings, the ask running (phase and streamed text
 * from `ask.progress`), its result, and the history of the document or question in view.
 * `newId` makes the askId (crypto.randomUUID in the app, a counter in tests).
 */
export function createAskStore(api: ApiClient, newId: () => string = newAskId) {
  const store = createStore<AskState>()((set, get) => ({
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
        draft: {
          ...emptyDraft(context.question),
          // The model choice carries over from one document to the next.
          mode: was.draft.mode,
          ...(was.draft.providerId !== undefined ? { providerId: was.draft.providerId } : {}),
          model: was.draft.model,
          ...(was.draft.k !== undefined ? { k: was.draft.k } : {}),
          ...(was.draft.unit !== undefined ? { unit: was.draft.unit } : {}),
          samples: was.draft.samples,
          ...(was.draft.templateId !== undefined ? { templateId: was.draft.templateId } : {}),
        },
        running: undefined,
        ended: undefined,
        shown: undefined,
        filings: [],
        history: { status: 'idle' },
      });
      void get().loadHistory();
    },
    setDraft(patch) {
      const draft = { ...get().draft, ...patch };
      // A template belongs to one mode: another mode goes back to that mode's default.
      const t = get().templates;
      const template =
        t.status === 'ready' ? t.templates.find((x) => x.id === draft.templateId) : undefined;
      if (draft.templateId !== undefined && template && template.mode !== draft.mode)
        delete draft.templateId;
      set({ draft });
    },
    async loadTemplates(force = false) {
      const t = get().templates;
      if (!force && (t.status === 'ready' || t.status === 'loading')) return;
      set({ templates: { status: 'loading' } });
      const r = await api.call('ask.templates', {});
      set({
        templates: r.ok
          ? { status: 'ready', templates: r.value.templates }
          : { status: 'error', error: r.error },
      });
    },
    async saveTemplate(template) {
      const r = await api.call('ask.saveTemplate', { template: { ...template, builtin: false } });
      if (!r.ok) return r.error;
      const saved = r.value.template;
      const t = get().templates;
      const list = t.status === 'ready' ? t.templates.filter((x) => x.id !== saved.id) : [];
      set({
        templates: { status: 'ready', templates: [...list, saved] },
        draft: { ...get().draft, mode: saved.mode, templateId: saved.id },
      });
      return undefined;
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
      const input: MethodInput<'ask.run'> = {
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
              retrieval: {
                ...(draft.k !== undefined ? { k: draft.k } : {}),
                ...(draft.unit !== undefined ? { unit: draft.unit } : {}),
              },
            }
          : {}),
        ...(draft.samples > 1 ? { samples: draft.samples } : {}),
        ...(draft.templateId !== undefined ? { templateId: draft.templateId } : {}),
      };
      const r = await api.call('ask.run', input);
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
    show(id) {
      const h = get().history;
      const found = h.status === 'ready' ? h.asks.find((a) => a.id === id) : undefined;
      if (found) set({ shown: found, ended: undefined });
    },
  }));
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
  return store;
}
