import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type {
  ConnectionTest,
  DetectedServer,
  LlmSettings,
  ModelPrice,
  ProviderConfig,
  ProviderView,
} from '../../../shared/llm/provider';
import type { ApiClient } from '../../api/client-core';

/** Something asked of main that is running, answered, or failed (one per provider or action). */
export type Pending<T> =
  { status: 'running' } | { status: 'done'; value: T } | { status: 'error'; error: ApiError };

export interface SaveProviderInput {
  /** Absent: a new provider. */
  id?: number;
  config: ProviderConfig;
  /**
   * A new API key, stored with secrets.set under `config.apiKeyName` before the provider is
   * saved. It is passed through, never kept in this store's state.
   */
  apiKey?: string;
}

export interface LlmState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  providers: ProviderView[];
  settings?: LlmSettings;
  /** Why loading the providers failed (e.g. `unsupported` until main/llm is there). */
  error?: ApiError;
  /** The last save, remove or settings change that failed; cleared by the next success. */
  actionError?: ApiError;
  saving: boolean;
  /** "Test connection" per provider id. */
  tests: Record<number, Pending<ConnectionTest>>;
  /** GET /v1/models per provider id (the Ask panel's model picker). */
  models: Record<number, Pending<string[]>>;
  detected?: Pending<DetectedServer[]>;
  load(force?: boolean): Promise<void>;
  /** Stores the key (when given), then the provider; answers the saved provider or undefined. */
  save(input: SaveProviderInput): Promise<ProviderView | undefined>;
  remove(id: number): Promise<boolean>;
  /** Removes the stored key of a provider (the provider keeps naming it, `hasKey` turns false). */
  forgetKey(id: number): Promise<void>;
  test(id: number): Promise<void>;
  loadModels(id: number, force?: boolean): Promise<void>;
  autodetect(): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
  setPrices(prices: ModelPrice[]): Promise<boolean>;
  /** Electron: the native dialog for a .gguf file; its path, or null when cancelled. */
  pickModelFile(): Promise<string | null>;
  /** Whether pickModelFile has a dialog to open (the desktop app). */
  canPickModelFile: boolean;
  clearActionError(): void;
}

/** Providers, their connection tests and model lists, and the offline and price settings. */
export function createLlmStore(api: ApiClient) {
  return createStore<LlmState>()((set, get) => {
    // A saved provider replaces its old view in place; a new one goes last.
    const withProvider = (p: ProviderView) =>
      get().providers.some((x) => x.id === p.id)
        ? get().providers.map((x) => (x.id === p.id ? p : x))
        : [...get().providers, p];
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
      async test(id) {
        set({ tests: { ...get().tests, [id]: { status: 'running' } } });
        const r = await api.call('llm.test', { providerId: id });
        set({
          tests: {
            ...get().tests,
            [id]: r.ok ? { status: 'done', value: r.value } : { status: 'error', error: r.error },
          },
        });
        // A successful test lists the models: the Ask panel's picker can use them.
        if (r.ok && r.value.ok)
          set({ models: { ...get().models, [id]: { status: 'done', value: r.value.models } } });
      },
      async loadModels(id, force = false) {
        const had = get().models[id];
        if (!force && had && had.status !== 'error') return;
        set({ models: { ...get().models, [id]: { status: 'running' } } });
        const r = await api.call('llm.models', { providerId: id });
        set({
          models: {
            ...get().models,
            [id]: r.ok
              ? { status: 'done', value: r.value.models }
              : { status: 'error', error: r.error },
          },
        });
      },
      async autodetect() {
        set({ detected: { status: 'running' } });
        const r = await api.call('llm.autodetect', {});
        set({
          detected: r.ok
            ? { status: 'done', value: r.value.servers }
            : { status: 'error', error: r.error },
        });
      },
      setOffline: async (offline) => void (await setSettings({ offline })),
      setPrices: (prices) => setSettings({ prices }),
      clearActionError: () => set({ actionError: undefined }),
    };
  });
}
