import { describe, expect, it } from 'vitest';
import {
  configOf,
  draftOf,
  keyNameFor,
  newDraft,
  withPreset,
} from '../../../renderer/features/llm/provider-draft';
import { provider } from '../ask/panel-fixtures';

describe('provider form draft', () => {
  it('a preset fills its base URL and name, but never over what the user typed', () => {
    const d = newDraft('ollama');
    expect(d).toMatchObject({ name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(withPreset(d, 'lmstudio')).toMatchObject({
      name: 'LM Studio',
      baseUrl: 'http://127.0.0.1:1234/v1',
    });
    const typed = { ...d, name: 'My box', baseUrl: 'http://10.0.0.5:9000/v1' };
    expect(withPreset(typed, 'vllm')).toMatchObject({
      preset: 'vllm',
      name: 'My box',
      baseUrl: 'http://10.0.0.5:9000/v1',
    });
    // "Other" keeps the URL there was, for the user to edit.
    expect(withPreset(d, 'custom')).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      name: '',
    });
  });

  it('reads the fields into a ProviderConfig (empty numbers left to the server)', () => {
    const r = configOf(
      { ...newDraft('llamacpp'), defaultModel: ' qwen ', temperature: '0.2', seed: '7' },
      false,
    );
    expect(r).toEqual({
      ok: true,
      config: {
        name: 'llama.cpp server',
        preset: 'llamacpp',
        baseUrl: 'http://127.0.0.1:8080/v1',
        apiKeyName: null,
        defaultModel: 'qwen',
        params: { temperature: 0.2, seed: 7 },
        timeoutMs: 120_000,
        maxRetries: 3,
      },
    });
  });

  it('names the key after the provider when a key is typed without a name', () => {
    expect(keyNameFor('LM Studio (work)')).toBe('llm.lm-studio-work');
    expect(keyNameFor('   ')).toBe('llm.provider');
    const r = configOf({ ...newDraft('openai') }, true);
    expect(r.ok && r.config.apiKeyName).toBe('llm.openai');
  });

  it('says what is wrong with each field', () => {
    const r = configOf(
      {
        ...newDraft('custom'),
        name: 'x',
        baseUrl: 'not a url',
        temperature: '3',
        maxTokens: '1.5',
        timeoutSeconds: '0',
      },
      false,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual([
      'baseUrl',
      'maxTokens',
      'temperature',
      'timeoutSeconds',
    ]);
    expect(r.errors.maxTokens).toBe('a whole number');
  });

  it('edits round-trip: a provider read into the form saves back as it was', () => {
    const p = provider(4, {
      params: { temperature: 0, topP: 0.9, maxTokens: 512, seed: 1 },
      apiKeyName: 'llm.x',
    });
    const r = configOf(draftOf(p), false);
    const { id: _id, hasKey: _k, loopback: _l, ...config } = p;
    expect(r).toEqual({ ok: true, config });
  });
});
