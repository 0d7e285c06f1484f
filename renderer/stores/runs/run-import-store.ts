import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { RunImportFormat, RunImportResult } from '../../../shared/runs/run';
import type { ApiClient } from '../../api/client-core';

/** A prediction file the user picked (a `File`): web mode uploads its bytes. */
export type PickedFile = Pick<File, 'name' | 'arrayBuffer'>;

export interface RunImportState {
  format: RunImportFormat;
  /** '' lets main find the dataset holding the file's ids. */
  datasetId: number | '';
  status: 'idle' | 'reading' | 'importing' | 'done' | 'error';
  /** The file being imported, and how far its items are written (percent, from its job). */
  fileName?: string | undefined;
  percent?: number | undefined;
  result?: RunImportResult | undefined;
  error?: ApiError | undefined;
  setFormat(format: RunImportFormat): void;
  setDatasetId(datasetId: number | ''): void;
  /** Uploads and imports the file; answers the new run's id, or undefined when refused. */
  importFile(file: PickedFile): Promise<number | undefined>;
  reset(): void;
}

/** The Runs screen's "Import predictions…": format, file, progress and the import report. */
export function createRunImportStore(api: ApiClient) {
  const store = createStore<RunImportState>()((set, get) => ({
    format: 'jsonl',
    datasetId: '',
    status: 'idle',
    setFormat: (format) => set({ format }),
    setDatasetId: (datasetId) => set({ datasetId }),
    async importFile(file) {
      const { format, datasetId } = get();
      set({
        status: 'reading',
        fileName: file.name,
        percent: undefined,
        result: undefined,
        error: undefined,
      });
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (e) {
        set({
          status: 'error',
          error: { code: 'file-unreadable', message: `cannot read ${file.name}: ${String(e)}` },
        });
        return undefined;
      }
      set({ status: 'importing' });
      const r = await api.call('runs.importBytes', {
        name: file.name,
        format,
        bytes,
        ...(datasetId !== '' ? { datasetId } : {}),
      });
      if (!r.ok) {
        set({ status: 'error', error: r.error });
        return undefined;
      }
      set({ status: 'done', result: r.value, percent: 100 });
      return r.value.runId;
    },
    reset: () =>
      set({
        status: 'idle',
        fileName: undefined,
        percent: undefined,
        result: undefined,
        error: undefined,
      }),
  }));
  // The import is a `run` job labelled with the file's name: its percent is the progress shown.
  api.subscribe('job.progress', (p) => {
    const s = store.getState();
    if (s.status !== 'importing' || p.kind !== 'run' || p.label !== `import ${s.fileName}`) return;
    if (p.unit === 'percent') store.setState({ percent: p.done });
  });
  return store;
}
