import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EventPayload, MethodOutput } from '../../../shared/api/contract';
import type { ApiError, Result } from '../../../shared/api/result';
import type { MarkTarget } from '../../../shared/document/evidence';
import { evidenceKey } from '../../../shared/document/evidence-key';
import type { DocumentSummary } from '../../../shared/library/document';
import { documentJobSubject } from '../../../shared/jobs/job-subject';
import type { Document } from '../../../shared/document';
import type { FirstScreen } from '../../../shared/document/first-screen-json';
import { documentSchemaVersion } from '../../../shared/document/schema-version';
import type { ApiClient } from '../../api/client-core';

export interface CellRef {
  tableId: string;
  sourceRow: number;
  sourceCol: number;
}

/** What was asked for at load for a document (stores/document/early-open.ts), taken once. */
export interface EarlyOpen {
  /**
   * The model's and the evidence marks' answers. Web mode: the model's JSON is parsed only when
   * this is called, so a store showing the first screen first calls it after that is drawn.
   */
  answers: () => Promise<
    [Result<MethodOutput<'document.open'>>, Result<MethodOutput<'evidence.list'>>]
  >;
  /**
   * The cached model's first screen (`document.firstScreen`), if it is here already: the store
   * shows it as the model's prefix, so the view draws its grid without waiting for the whole
   * (2.7 MB of JSON for a 10-K) to be parsed. Absent for a beginning still read (the store asks
   * for that itself, with the read's progress) or when it has not arrived.
   */
  firstScreen: FirstScreen | undefined;
}

export interface DocumentState {
  openId?: number | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  document?: DocumentSummary | undefined;
  model?: Document | undefined;
  /**
   * While a PDF is parsed: the pages read so far (`document.pages`), a prefix of the model to
   * come, shown until it arrives; `partialPages` is how many. Dropped when the parse ends,
   * whichever way: the final model replaces it, or the error says where the parse stopped.
   */
  partial?: Document | undefined;
  partialPages?: number | undefined;
  /**
   * What `partial` is, for a filing: `beginning`, its first blocks read from the file while the
   * rest is read (a parse, seconds); `first-screen`, the cached model's first screen, shown while
   * the whole model (a few MB of JSON) arrives and is parsed, moments later.
   */
  partialOf?: 'beginning' | 'first-screen' | undefined;
  error?: ApiError | undefined;
  progress?: Pick<EventPayload<'job.progress'>, 'done' | 'total' | 'unit'> | undefined;
  /** The job parsing the open document (from its progress events), while it runs. */
  parseJobId?: string | undefined;
  /** Cancel was asked for and has not been answered yet. */
  cancelling: boolean;
  selected?: CellRef | undefined;
  /** evidenceKey() of every marked paragraph or cell */
  marks: Set<string>;
  /** The marked paragraphs and cells themselves (the evidence panel lists them). */
  markTargets: MarkTarget[];
  query: string;
  open(id: number): Promise<void>;
  select(cell: CellRef | undefined): void;
  toggleEvidence(target: MarkTarget): Promise<void>;
  setQuery(query: string): void;
  /** Stops the running parse of the open document (its worker is terminated). */
  cancelParse(): Promise<void>;
  /**
   * The view has drawn the first screen shown as the prefix (its first grid's rows): the whole
   * model is taken now (its JSON parsed), not before, so the parse does not hold that grid back.
   */
  firstScreenDrawn(): void;
}

/** The open document's parse progress and job id (for Cancel), from `job.progress`. */
function followParseProgress(api: ApiClient, store: StoreApi<DocumentState>): void {
  api.subscribe('job.progress', (p) => {
    const { status, openId } = store.getState();
    // Another document may be parsing at the same time (another window, the CLI).
    if (
      p.state === 'running' &&
      status === 'loading' &&
      openId !== undefined &&
      p.subject === documentJobSubject(openId)
    )
      store.setState({
        progress: { done: p.done, total: p.total, unit: p.unit },
        parseJobId: p.jobId,
      });
  });
  api.subscribe('document.pages', (p) => {
    const { status, openId, partial, partialPages = 0 } = store.getState();
    // Only the next pages in order: a window that opened mid-parse missed the first ones.
    if (status !== 'loading' || openId !== p.documentId || p.fromPage !== partialPages + 1) return;
    store.setState({
      partial: partial
        ? {
            ...partial,
            blocks: [...partial.blocks, ...p.document.blocks],
            tables: [...partial.tables, ...p.document.tables],
          }
        : p.document,
      partialPages: p.toPage,
    });
  });
}

/**
 * No parse running: the pages read so far go when it ends, whichever way (the whole model
 * replaces them, or the error says where the parse stopped), so no prefix is left looking like
 * the document.
 */
const noParse = {
  partial: undefined,
  partialPages: undefined,
  partialOf: undefined,
  cancelling: false,
} as const;

/**
 * A filing's first blocks read from its beginning (`document.firstScreen` answering `partial`)
 * as the prefix of its model shown while the rest is read, as a PDF's pages read so far are.
 */
const beginningModel = (first: FirstScreen): Document => ({
  schemaVersion: documentSchemaVersion,
  source: { name: first.document.name, kind: 'sec-html', bytes: 0 },
  title: first.document.name,
  blocks: first.blocks,
  tables: first.tables,
  warnings: [],
});

/** An open that has not answered by then asks for the filing's first blocks read so far. */
const ASK_BEGINNING_AFTER_MS = 100;

/** The filing's beginning, shown while the open document `id` is still read. */
async function showBeginning(api: ApiClient, store: StoreApi<DocumentState>, id: number) {
  const r = await api.call('document.firstScreen', { id });
  const { openId, status, partial } = store.getState();
  if (r.ok && r.value?.partial && openId === id && status === 'loading' && !partial)
    store.setState({
      partial: beginningModel(r.value),
      partialOf: 'beginning',
      document: r.value.document,
    });
}

/**
 * The whole model is taken at the latest this long after the first screen was shown as its
 * prefix, if the view has not said it drew it (no grid came: a hidden window, an error).
 */
const WHOLE_AFTER_MS = 1000;

/**
 * Holds an open showing a cached model's first screen until the view has drawn it: `wait` answers
 * true once `release` is called (or after WHOLE_AFTER_MS), false when the user has moved on.
 */
function wholeGate(openId: () => number | undefined) {
  let release: (() => void) | undefined;
  return {
    wait(): Promise<boolean> {
      release?.();
      const id = openId();
      return new Promise((resolve) => {
        const done = () => {
          if (release === done) release = undefined;
          clearTimeout(timer);
          resolve(openId() === id);
        };
        const timer = setTimeout(done, WHOLE_AFTER_MS);
        release = done;
      });
    },
    release: () => release?.(),
  };
}

/** An open's answers while the filing may be read (seconds): its beginning shown meanwhile. */
function whileRead<T>(
  api: ApiClient,
  store: StoreApi<DocumentState>,
  id: number,
  answers: Promise<T>,
  /** Asked for at load (a window opened on it): not answered yet, it may well be a read. */
  askedAtLoad: boolean,
): Promise<T> {
  const slow = setTimeout(
    () => void showBeginning(api, store, id),
    askedAtLoad ? 0 : ASK_BEGINNING_AFTER_MS,
  );
  return answers.finally(() => clearTimeout(slow));
}

/**
 * A cached model's first screen (asked for at load) shown as the model's prefix: the view draws
 * it (its grid, interactive) at once, the whole model is parsed once that is drawn and replaces
 * it in the same elements (same block ids).
 */
const firstScreenShown = (first: FirstScreen) =>
  ({
    partial: beginningModel(first),
    partialOf: 'first-screen',
    document: first.document,
  }) as const;

/** The model and evidence marks of document `id`, asked for now. */
const askOpen = (api: ApiClient, id: number) =>
  Promise.all([api.call('document.open', { id }), api.call('evidence.list', { documentId: id })]);

/** The open document: its parsed model, the selected cell, evidence marks and the find query. */
export function createDocumentStore(
  api: ApiClient,
  /** Answers already asked for (the app opened on this document): used once, else asked now. */
  early: (id: number) => EarlyOpen | undefined = () => undefined,
) {
  const gate = wholeGate(() => store.getState().openId);
  const store = createStore<DocumentState>()((set, get) => ({
    status: 'idle',
    marks: new Set(),
    markTargets: [],
    query: '',
    cancelling: false,
    async open(id) {
      if (get().openId === id && get().status !== 'error') return;
      gate.release(); // an open waiting to take its whole model: it sees the user moved on
      const asked = early(id);
      const first = asked?.firstScreen;
      set({
        openId: id,
        status: 'loading',
        model: undefined,
        ...noParse,
        document: undefined,
        error: undefined,
        selected: undefined,
        marks: new Set(),
        markTargets: [],
        progress: undefined,
        parseJobId: undefined,
        ...(first && firstScreenShown(first)),
      });
      // Taken once the view has drawn the first screen (a few hundred ms at most).
      if (asked && first && !(await gate.wait())) return;
      const [opened, marks] = await (asked && first
        ? asked.answers()
        : whileRead(api, store, id, asked?.answers() ?? askOpen(api, id), asked !== undefined));
      if (get().openId !== id) return; // the user moved on while this parsed
      if (!opened.ok) {
        set({ status: 'error', error: opened.error, parseJobId: undefined, ...noParse });
        return;
      }
      set({
        status: 'ready',
        document: opened.value.document,
        model: opened.value.model,
        ...noParse,
        marks: new Set(marks.ok ? marks.value.marks.map((m) => evidenceKey(m.target)) : []),
        markTargets: marks.ok ? marks.value.marks.map((m) => m.target) : [],
        progress: undefined,
        parseJobId: undefined,
      });
    },
    async cancelParse() {
      const { parseJobId, status } = get();
      if (parseJobId === undefined || status !== 'loading') return;
      set({ cancelling: true });
      // document.open then answers with a `cancelled` error, which ends the loading state.
      const r = await api.call('jobs.cancel', { jobId: parseJobId });
      if (!r.ok && get().parseJobId === parseJobId) set({ cancelling: false, error: r.error });
    },
    firstScreenDrawn: () => gate.release(),
    select: (selected) => set({ selected }),
    async toggleEvidence(target) {
      const id = get().openId;
      if (id === undefined) return;
      const r = await api.call('evidence.toggle', { documentId: id, target });
      if (!r.ok) {
        set({ error: r.error });
        return;
      }
      const marks = new Set(get().marks);
      const key = evidenceKey(target);
      if (r.value.marked) marks.add(key);
      else marks.delete(key);
      const others = get().markTargets.filter((t) => evidenceKey(t) !== key);
      set({ marks, markTargets: r.value.marked ? [...others, target] : others });
    },
    setQuery: (query) => set({ query }),
  }));
  followParseProgress(api, store);
  return store;
}
