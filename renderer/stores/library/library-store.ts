import { createStore } from 'zustand/vanilla';
import type { DatasetSummary } from '../../../shared/api/contract';
import type { DatasetImportReport } from '../../../shared/datasets/stored-question';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetFormat } from '../../../shared/datasets';
import type { ImportItemResult } from '../../../shared/library/document';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { ApiClient } from '../../api/client-core';
import {
  defaultLibraryView,
  nextSort,
  type KindFilter,
  type LibraryView,
  type SortKey,
} from './library-view';
import { readGrouping, writeGrouping, type Grouping, type PreferenceStorage } from './grouping';

export interface FormatGuess {
  format: DatasetFormat | null;
  reason: string;
}

export interface ImportProgress {
  label: string;
  done: number;
  total: number;
}

export interface LibraryState {
  documents: LibraryEntry[];
  /** Search, kind filter and sort of the document table. */
  view: LibraryView;
  /** What each dataset file's shape says its format is (datasets.guessFormat), by document id. */
  formatGuesses: Record<number, FormatGuess>;
  /** Asks once per dataset file for its format guess. */
  loadFormatGuess(documentId: number): Promise<void>;
  datasets: DatasetSummary[];
  loaded: boolean;
  busy: boolean;
  /** Failure of the last list/remove call (import failures are per item, in lastImport). */
  error?: ApiError;
  lastImport: ImportItemResult[];
  progress?: ImportProgress;
  /** Asks for the list and the datasets again (after a change). */
  refresh(): Promise<void>;
  /**
   * The screen's load on showing: joins a refresh already on its way (the one started as the
   * app loads, see ./index.ts), or keeps one answered in the last two seconds, instead of
   * asking twice; else refreshes. (Changes arrive as `library.changed` events meanwhile.)
   */
  load(): Promise<void>;
  importFiles(files: File[]): Promise<void>;
  /**
   * Imports the sample filing, or finds it when it is already in the library, and answers its
   * document id for the screen to open (undefined when it could not be imported: see lastImport).
   */
  openSample(): Promise<number | undefined>;
  /** The documents as one list or one section per filer; remembered (localStorage). */
  grouping: Grouping;
  setGrouping(grouping: Grouping): void;
  setQuery(query: string): void;
  setKindFilter(kind: KindFilter): void;
  sortBy(key: SortKey): void;
  pickAndImport(): Promise<void>;
  remove(id: number): Promise<void>;
  /** Reads a dataset file already in the library into documents and questions. */
  readDataset(documentId: number, format: DatasetFormat): Promise<void>;
  removeDataset(id: number): Promise<void>;
  dismissImport(): void;
  /** Outcome of the last dataset read, shown next to the import report. */
  datasetNotice?: { ok: boolean; message: string };
}

/** Library state and actions; created with a client so tests can pass a real one. */
export function createLibraryStore(api: ApiClient, storage?: PreferenceStorage) {
  const asked = new Set<number>();
  let inFlight: Promise<void> | undefined;
  let lastAsked = -Infinity;
  const store = createStore<LibraryState>()((set, get) => {
    const runImport = async (work: () => Promise<ImportItemResult[]>) => {
      set({ busy: true, lastImport: [], error: undefined });
      try {
        set({ lastImport: await work() });
      } finally {
        set({ busy: false, progress: undefined });
        await get().refresh();
      }
    };
    const itemsOf = (
      r: Awaited<ReturnType<ApiClient['call']>>,
      name: string,
    ): ImportItemResult[] =>
      r.ok
        ? (r.value as { items: ImportItemResult[] }).items
        : [{ ok: false, name, error: r.error }];

    return {
      documents: [],
      view: defaultLibraryView,
      grouping: readGrouping(storage),
      formatGuesses: {},
      datasets: [],
      loaded: false,
      busy: false,
      lastImport: [],
      refresh() {
        lastAsked = Date.now();
        // The list is shown as soon as it is here; the datasets (below it) need not hold it up.
        const list = api.call('library.list', {}).then((r) => {
          if (r.ok) set({ documents: r.value.documents, loaded: true });
          return r;
        });
        const sets = api.call('datasets.list', {}).then((d) => {
          if (d.ok) set({ datasets: d.value.datasets });
          return d;
        });
        const run = Promise.all([list, sets]).then(([r, d]) => {
          if (r.ok && d.ok) set({ loaded: true, error: undefined });
          else set({ error: !r.ok ? r.error : !d.ok ? d.error : undefined, loaded: true });
        });
        inFlight = run;
        void run.finally(() => {
          if (inFlight === run) inFlight = undefined;
        });
        return run;
      },
      load: () =>
        inFlight ??
        (get().loaded && !get().error && Date.now() - lastAsked < 2000
          ? Promise.resolve()
          : get().refresh()),
      importFiles: (files) =>
        runImport(async () => {
          const items: ImportItemResult[] = [];
          for (const file of files) {
            set({ progress: { label: file.name, done: items.length, total: files.length } });
            const bytes = new Uint8Array(await file.arrayBuffer());
            items.push(
              ...itemsOf(
                await api.call('library.importBytes', { name: file.name, bytes }),
                file.name,
              ),
            );
          }
          return items;
        }),
      async openSample() {
        set({ busy: true, lastImport: [], error: undefined });
        try {
          const items = itemsOf(await api.call('library.importSample', {}), 'sample filing');
          const opened = items.find((i) => i.ok);
          if (opened?.ok) return opened.document.id;
          set({ lastImport: items });
          return undefined;
        } finally {
          set({ busy: false });
          await get().refresh();
        }
      },
      async loadFormatGuess(documentId) {
        if (asked.has(documentId)) return;
        asked.add(documentId);
        const r = await api.call('datasets.guessFormat', { documentId });
        if (r.ok) set({ formatGuesses: { ...get().formatGuesses, [documentId]: r.value } });
      },
      setGrouping: (grouping) => {
        writeGrouping(storage, grouping);
        set({ grouping });
      },
      setQuery: (query) => set({ view: { ...get().view, query } }),
      setKindFilter: (kind) => set({ view: { ...get().view, kind } }),
      sortBy: (key) => set({ view: { ...get().view, sort: nextSort(get().view.sort, key) } }),
      pickAndImport: () =>
        runImport(async () => itemsOf(await api.call('library.pickAndImport', {}), 'import')),
      async remove(id) {
        const r = await api.call('library.remove', { id });
        if (!r.ok) set({ error: r.error });
        await get().refresh();
      },
      async readDataset(documentId, format) {
        set({ busy: true, datasetNotice: undefined });
        const r = await api.call('datasets.importDocument', { documentId, format });
        set({
          busy: false,
          datasetNotice: r.ok
            ? {
                ok: true,
                message: datasetImportMessage(r.value, format),
              }
            : { ok: false, message: r.error.message },
        });
        await get().refresh();
      },
      async removeDataset(id) {
        const r = await api.call('datasets.remove', { id });
        if (!r.ok) set({ error: r.error });
        await get().refresh();
      },
      dismissImport: () => set({ lastImport: [], datasetNotice: undefined }),
    };
  });

  api.subscribe('library.changed', () => void store.getState().refresh());
  api.subscribe('job.progress', (p) => {
    if (p.kind === 'import') store.setState({ progress: p.done < p.total ? p : undefined });
  });
  return store;
}

/** "x.json: 278 documents and 1,668 questions read as tatqa; 2 questions changed, …". */
export function datasetImportMessage(r: DatasetImportReport, format: string): string {
  const d = r.dataset;
  const head = `${d.name}: ${d.documentCount} documents and ${d.questionCount} questions read as ${format}`;
  if (!r.replaced) return head;
  const q = r.questions;
  return `${head}; compared with the earlier import: ${q.added} questions added, ${q.changed} changed, ${q.removed} removed, ${q.unchanged} unchanged (ids kept)`;
}
