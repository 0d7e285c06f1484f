import type { DatasetImportReport } from '../../../shared/datasets/stored-question';
import type { ApiClient } from '../../api/client-core';
import type { LibraryAccess, LibraryState } from './library-state';

/** "x.json: 278 documents and 1,668 questions read as tatqa; 2 questions changed, …". */
export function datasetImportMessage(r: DatasetImportReport, format: string): string {
  const d = r.dataset;
  const head = `${d.name}: ${d.documentCount} documents and ${d.questionCount} questions read as ${format}`;
  if (!r.replaced) return head;
  const q = r.questions;
  return `${head}; compared with the earlier import: ${q.added} questions added, ${q.changed} changed, ${q.removed} removed, ${q.unchanged} unchanged (ids kept)`;
}

/**
 * The library's dataset files: the format each one's shape suggests (asked once per file),
 * reading one into documents and questions, removing a dataset.
 */
export function libraryDatasets(
  api: ApiClient,
  { get, set }: LibraryAccess,
): Pick<LibraryState, 'loadFormatGuess' | 'readDataset' | 'removeDataset'> {
  const asked = new Set<number>();
  return {
    async loadFormatGuess(documentId) {
      if (asked.has(documentId)) return;
      asked.add(documentId);
      const r = await api.call('datasets.guessFormat', { documentId });
      if (r.ok) set({ formatGuesses: { ...get().formatGuesses, [documentId]: r.value } });
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
  };
}
