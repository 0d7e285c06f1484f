import type { ImportItemResult } from '../../../shared/library/document';
import type { ApiClient } from '../../api/client-core';
import type { LibraryAccess, LibraryState } from './library-state';

/** An import call's items, or one failed item named `name` when the call itself failed. */
const itemsOf = (r: Awaited<ReturnType<ApiClient['call']>>, name: string): ImportItemResult[] =>
  r.ok ? (r.value as { items: ImportItemResult[] }).items : [{ ok: false, name, error: r.error }];

/**
 * Importing into the library: dropped files, the picker's files, the sample filing. Each shows
 * busy and its report (lastImport), then asks for the list again.
 */
export function libraryImports(
  api: ApiClient,
  { get, set }: LibraryAccess,
): Pick<LibraryState, 'importFiles' | 'pickAndImport' | 'openSample'> {
  const runImport = async (work: () => Promise<ImportItemResult[]>) => {
    set({ busy: true, lastImport: [], error: undefined });
    try {
      set({ lastImport: await work() });
    } finally {
      set({ busy: false, progress: undefined });
      await get().refresh();
    }
  };
  return {
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
    pickAndImport: () =>
      runImport(async () => itemsOf(await api.call('library.pickAndImport', {}), 'import')),
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
  };
}
