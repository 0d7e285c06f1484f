import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { BundleImportResult } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';
import type { SaveDownload } from '../export/export-store';

export interface BundleState {
  /** The session whose bundle is being prepared. */
  exporting?: number | undefined;
  exported?: { sessionId: number; name: string } | undefined;
  exportError?: { sessionId: number; error: ApiError } | undefined;
  importing: boolean;
  imported?: (BundleImportResult & { name: string }) | undefined;
  /** Why a file was refused (newer version, changed after signing, already imported, …). */
  importError?: { name: string; error: ApiError } | undefined;
  exportBundle(sessionId: number): Promise<boolean>;
  /** `allowUnsigned`: the user accepted an older, unsigned bundle (it is marked unsigned). */
  importBundle(
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    options?: { allowUnsigned?: boolean },
  ): Promise<boolean>;
}

/**
 * Signed session bundles for experts on other machines (docs/sessions.md "Bundles"): a
 * finished session downloaded as its bundle file (signed by this workspace's expert key), a
 * picked file imported into this workspace after main checked its signature.
 */
export function createBundleStore(api: ApiClient, save: SaveDownload, onImported: () => void) {
  return createStore<BundleState>()((set, get) => ({
    importing: false,
    async exportBundle(sessionId) {
      if (get().exporting !== undefined) return false;
      set({ exporting: sessionId, exportError: undefined, exported: undefined });
      const r = await api.call('sessions.bundleBytes', { sessionId });
      if (!r.ok) {
        set({ exporting: undefined, exportError: { sessionId, error: r.error } });
        return false;
      }
      save(r.value.name, r.value.bytes, 'application/json');
      set({ exporting: undefined, exported: { sessionId, name: r.value.name } });
      return true;
    },
    async importBundle(name, bytes, options = {}) {
      if (get().importing) return false;
      set({ importing: true, importError: undefined, imported: undefined });
      const r = await api.call('sessions.importBundleBytes', {
        name,
        bytes,
        ...(options.allowUnsigned ? { allowUnsigned: true } : {}),
      });
      if (!r.ok) {
        set({ importing: false, importError: { name, error: r.error } });
        return false;
      }
      set({ importing: false, imported: { ...r.value, name } });
      onImported();
      return true;
    },
  }));
}
