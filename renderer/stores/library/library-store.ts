import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../api/client-core';
import { defaultLibraryView, nextSort } from './library-view';
import { readGrouping, writeGrouping, type PreferenceStorage } from './grouping';
import { libraryDatasets } from './library-datasets';
import { libraryImports } from './library-imports';
import type { LibraryAccess, LibraryState } from './library-state';

export type { FormatGuess, ImportProgress, LibraryState } from './library-state';
export { datasetImportMessage } from './library-datasets';

/**
 * Library state and actions; created with a client so tests can pass a real one. Imports are
 * library-imports.ts, dataset files library-datasets.ts.
 */
export function createLibraryStore(api: ApiClient, storage?: PreferenceStorage) {
  let inFlight: Promise<void> | undefined;
  let lastAsked = -Infinity;
  const store = createStore<LibraryState>()((set, get) => {
    const s: LibraryAccess = { get, set };
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
      ...libraryImports(api, s),
      ...libraryDatasets(api, s),
      setGrouping: (grouping) => {
        writeGrouping(storage, grouping);
        set({ grouping });
      },
      setQuery: (query) => set({ view: { ...get().view, query } }),
      setKindFilter: (kind) => set({ view: { ...get().view, kind } }),
      sortBy: (key) => set({ view: { ...get().view, sort: nextSort(get().view.sort, key) } }),
      async remove(id) {
        const r = await api.call('library.remove', { id });
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
