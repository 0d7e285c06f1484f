import type { ApiClient } from '../../api/client-core';
import type { LlmAccess, LlmState } from './llm-state';

/**
 * Asking servers: a provider's connection test, its model list, and local servers found by
 * autodetect. Each is `running`, then `done` or `error`, per provider.
 */
export function llmChecks(
  api: ApiClient,
  { get, set }: LlmAccess,
): Pick<LlmState, 'test' | 'loadModels' | 'autodetect'> {
  return {
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
  };
}
