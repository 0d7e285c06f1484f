import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import type { ProviderConfig } from '../../../shared/llm/provider';
import { createLlmStore } from '../../../renderer/stores/llm/llm-store';
import { fakeClient } from '../questions/fake-client';
import { provider } from '../ask/panel-fixtures';

const config: ProviderConfig = {
  name: 'Work server',
  preset: 'custom',
  baseUrl: 'https://llm.example.com/v1',
  apiKeyName: 'llm.work-server',
  defaultModel: 'big',
  params: { temperature: 0 },
  timeoutMs: 30_000,
  maxRetries: 1,
};

function llmApi() {
  const secrets = new Map<string, string>();
  const api = fakeClient({
    'llm.providers': () =>
      ok({ providers: [provider(1)], settings: { offline: false, prices: [] } }),
    'secrets.set': ({ name, value }) => (secrets.set(name, value), ok({ stored: true as const })),
    'secrets.remove': ({ name }) => ok({ removed: secrets.delete(name) }),
    'llm.saveProvider': ({ id, config: c }) =>
      ok({
        provider: {
          ...c,
          id: id ?? 2,
          hasKey: c.apiKeyName !== null && secrets.has(c.apiKeyName),
          loopback: false,
        },
      }),
    'llm.removeProvider': () => ok({ removed: true }),
    'llm.test': ({ providerId }) =>
      ok(
        providerId === 1
          ? {
              ok: true,
              message: '2 models at http://127.0.0.1:8001/v1',
              code: null,
              models: ['a', 'b'],
              latencyMs: 3,
            }
          : {
              ok: false,
              message: 'refused the key (401)',
              code: 'llm-unauthorized',
              models: [],
              latencyMs: 5,
            },
      ),
    'llm.models': () => ok({ models: ['a', 'b'] }),
    'llm.autodetect': () =>
      ok({
        servers: [
          { preset: 'ollama' as const, baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama'] },
        ],
      }),
    'llm.setSettings': (patch) =>
      ok({ offline: patch.offline ?? false, prices: patch.prices ?? [] }),
  });
  return { api, secrets };
}

describe('llm store', () => {
  it('loads providers and settings once; an unbuilt backend is an error to show', async () => {
    const { api } = llmApi();
    const store = createLlmStore(api.client);
    await store.getState().load();
    await store.getState().load();
    expect(store.getState()).toMatchObject({
      status: 'ready',
      providers: [{ id: 1 }],
      settings: { offline: false },
    });
    expect(api.calls).toHaveLength(1);
    const down = createLlmStore(
      fakeClient({
        'llm.providers': () => fail('unsupported', 'model providers are not built yet'),
      }).client,
    );
    await down.getState().load();
    expect(down.getState()).toMatchObject({ status: 'error', error: { code: 'unsupported' } });
  });

  it('stores the key with secrets.set before saving the provider, and never keeps it in state', async () => {
    const { api, secrets } = llmApi();
    const store = createLlmStore(api.client);
    await store.getState().load();
    const saved = await store.getState().save({ config, apiKey: ' sk-very-secret ' });
    expect(saved).toMatchObject({ id: 2, hasKey: true });
    expect(secrets.get('llm.work-server')).toBe('sk-very-secret');
    expect(api.calls.map((c) => c.method)).toEqual([
      'llm.providers',
      'secrets.set',
      'llm.saveProvider',
    ]);
    expect(store.getState().providers.map((p) => p.id)).toEqual([1, 2]);
    expect(JSON.stringify(store.getState())).not.toContain('sk-very-secret');
    // Forgetting the key removes the secret; the provider shows it has none.
    await store.getState().forgetKey(2);
    expect(secrets.has('llm.work-server')).toBe(false);
    expect(store.getState().providers.find((p) => p.id === 2)?.hasKey).toBe(false);
  });

  it('a key without a key name is refused before anything is sent; a failed save is shown', async () => {
    const { api } = llmApi();
    const store = createLlmStore(api.client);
    expect(
      await store.getState().save({ config: { ...config, apiKeyName: null }, apiKey: 'k' }),
    ).toBeUndefined();
    expect(store.getState().actionError?.code).toBe('invalid-input');
    expect(api.calls).toHaveLength(0);
    const refusing = createLlmStore(
      fakeClient({
        'llm.saveProvider': () =>
          fail('llm-offline', 'offline: https://llm.example.com is not local'),
      }).client,
    );
    expect(
      await refusing.getState().save({ config: { ...config, apiKeyName: null } }),
    ).toBeUndefined();
    expect(refusing.getState()).toMatchObject({
      saving: false,
      actionError: { code: 'llm-offline' },
    });
  });

  it('tests a connection per provider; a good test also fills the model list', async () => {
    const { api } = llmApi();
    const store = createLlmStore(api.client);
    await store.getState().test(1);
    await store.getState().test(2);
    expect(store.getState().tests[1]).toMatchObject({ status: 'done', value: { ok: true } });
    expect(store.getState().tests[2]).toMatchObject({
      status: 'done',
      value: { ok: false, code: 'llm-unauthorized' },
    });
    expect(store.getState().models[1]).toEqual({ status: 'done', value: ['a', 'b'] });
    // Models already known are not asked again.
    await store.getState().loadModels(1);
    expect(api.calls.filter((c) => c.method === 'llm.models')).toHaveLength(0);
    await store.getState().loadModels(2);
    expect(store.getState().models[2]).toEqual({ status: 'done', value: ['a', 'b'] });
  });

  it('detects local servers, switches offline and saves prices', async () => {
    const { api } = llmApi();
    const store = createLlmStore(api.client);
    await store.getState().autodetect();
    expect(store.getState().detected).toMatchObject({
      status: 'done',
      value: [{ preset: 'ollama' }],
    });
    await store.getState().setOffline(true);
    expect(store.getState().settings?.offline).toBe(true);
    const prices = [{ model: 'big', inputPerMTok: 2.5, outputPerMTok: 10 }];
    expect(await store.getState().setPrices(prices)).toBe(true);
    expect(store.getState().settings?.prices).toEqual(prices);
    expect(api.calls.at(-1)).toEqual({ method: 'llm.setSettings', input: { prices } });
  });

  it('removes a provider', async () => {
    const { api } = llmApi();
    const store = createLlmStore(api.client);
    await store.getState().load();
    expect(await store.getState().remove(1)).toBe(true);
    expect(store.getState().providers).toEqual([]);
  });
});
