import type { ProviderView } from '../../../shared/llm/provider';
import type { ApiClient } from '../../api/client-core';
import type { LlmAccess, LlmState } from './llm-state';

/**
 * Saving and removing providers and their stored keys. A failure is the store's actionError; a
 * success clears it.
 */
export function llmProviders(
  api: ApiClient,
  { get, set }: LlmAccess,
): Pick<LlmState, 'save' | 'remove' | 'forgetKey'> {
  // A saved provider replaces its old view in place; a new one goes last.
  const withProvider = (p: ProviderView) =>
    get().providers.some((x) => x.id === p.id)
      ? get().providers.map((x) => (x.id === p.id ? p : x))
      : [...get().providers, p];
  return {
    async save({ id, config, apiKey }) {
      set({ saving: true, actionError: undefined });
      try {
        const key = apiKey?.trim();
        if (key) {
          if (!config.apiKeyName) {
            set({ actionError: { code: 'invalid-input', message: 'name the key to store it' } });
            return undefined;
          }
          const stored = await api.call('secrets.set', { name: config.apiKeyName, value: key });
          if (!stored.ok) {
            set({ actionError: stored.error });
            return undefined;
          }
        }
        const r = await api.call(
          'llm.saveProvider',
          id === undefined ? { config } : { id, config },
        );
        if (!r.ok) {
          set({ actionError: r.error });
          return undefined;
        }
        const provider = r.value.provider;
        // The base URL or key may have changed: earlier tests and model lists no longer hold.
        const { [provider.id]: _t, ...tests } = get().tests;
        const { [provider.id]: _m, ...models } = get().models;
        set({ providers: withProvider(provider), tests, models });
        return provider;
      } finally {
        set({ saving: false });
      }
    },
    async remove(id) {
      const r = await api.call('llm.removeProvider', { id });
      if (!r.ok) {
        set({ actionError: r.error });
        return false;
      }
      set({ providers: get().providers.filter((p) => p.id !== id), actionError: undefined });
      return r.value.removed;
    },
    async forgetKey(id) {
      const p = get().providers.find((x) => x.id === id);
      if (!p?.apiKeyName) return;
      const r = await api.call('secrets.remove', { name: p.apiKeyName });
      if (!r.ok) {
        set({ actionError: r.error });
        return;
      }
      set({ providers: withProvider({ ...p, hasKey: false }), actionError: undefined });
    },
  };
}
