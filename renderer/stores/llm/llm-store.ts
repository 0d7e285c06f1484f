import { createStore } from 'zustand/vanilla';
import type { LlmSettings } from '../../../shared/llm/provider';
import type { ApiClient } from '../../api/client-core';
import { llmChecks } from './llm-checks';
import { llmProviders } from './llm-providers';
import type { LlmAccess, LlmState } from './llm-state';

export type { LlmState, Pending, SaveProviderInput } from './llm-state';

/**
 * Providers (saving, removing, keys: llm-providers.ts), their connection tests and model lists
 * (llm-checks.ts), and the offline and price settings.
 */
export function createLlmStore(api: ApiClient) {
  return createStore<LlmState>()((set, get) => {
    const s: LlmAccess = { get, set };
    const setSettings = async (patch: Partial<LlmSettings>): Promise<boolean> => {
      const r = await api.call('llm.setSettings', patch);
      if (!r.ok) {
        set({ actionError: r.error });
        return false;
      }
      set({ settings: r.value, actionError: undefined });
      return true;
    };
    return {
      status: 'idle',
      providers: [],
      saving: false,
      tests: {},
      models: {},
      canPickModelFile: api.transport === 'electron',
      async pickModelFile() {
        const r = await api.call('llm.pickModelFile', {});
        if (!r.ok) {
          set({ actionError: r.error });
          return null;
        }
        return r.value.path;
      },
      async load(force = false) {
        if (!force && (get().status === 'ready' || get().status === 'loading')) return;
        set({ status: 'loading', error: undefined });
        const r = await api.call('llm.providers', {});
        if (!r.ok) set({ status: 'error', error: r.error });
        else set({ status: 'ready', providers: r.value.providers, settings: r.value.settings });
      },
      ...llmProviders(api, s),
      ...llmChecks(api, s),
      setOffline: async (offline) => void (await setSettings({ offline })),
      setPrices: (prices) => setSettings({ prices }),
      clearActionError: () => set({ actionError: undefined }),
    };
  });
}
