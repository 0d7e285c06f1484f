import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { ExportFormat, ExportTarget } from '../../../shared/export/export-format';
import type { ApiClient } from '../../api/client-core';

export type SaveDownload = (name: string, bytes: Uint8Array, mimeType: string) => void;

/** `run:3`, `session:7`: one entry per thing a screen exports. */
export const exportKey = (t: ExportTarget) => `${t.kind}:${t.id}`;

export interface ExportEntry {
  /** The format being prepared (one at a time per target). */
  busy?: ExportFormat;
  error?: ApiError;
  /** The last file handed to the browser. */
  saved?: { name: string; bytes: number };
}

export interface ExportState {
  entries: Record<string, ExportEntry>;
  /** Fetches the export as bytes and saves it as a download; false when refused. */
  download(target: ExportTarget, format: ExportFormat): Promise<boolean>;
}

/** Graded-transcript downloads (export.bytes) for the run report and session results. */
export function createExportStore(api: ApiClient, save: SaveDownload) {
  return createStore<ExportState>()((set, get) => {
    const put = (key: string, entry: ExportEntry) =>
      set({ entries: { ...get().entries, [key]: entry } });
    return {
      entries: {},
      async download(target, format) {
        const key = exportKey(target);
        if (get().entries[key]?.busy) return false;
        put(key, { busy: format });
        const r = await api.call('export.bytes', { target, format });
        if (!r.ok) {
          put(key, { error: r.error });
          return false;
        }
        save(r.value.name, r.value.bytes, r.value.mimeType);
        put(key, { saved: { name: r.value.name, bytes: r.value.bytes.byteLength } });
        return true;
      },
    };
  });
}
