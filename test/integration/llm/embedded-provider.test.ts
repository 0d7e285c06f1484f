import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEmbeddedModels } from '../../../main/llm/embedded/embedded-models';
import { modelFileUrl, type ProviderConfig } from '../../../shared/llm/provider';
import { writeTinyGguf } from '../../support/tiny-gguf';
import { llmFixture, type LlmFixture } from './llm-fixture';

process.env.WORKBENCH_EMBEDDED_THREADS ??= '1';

const embedded = (path: string): ProviderConfig => ({
  name: 'Tiny',
  preset: 'embedded',
  baseUrl: modelFileUrl(path),
  apiKeyName: null,
  defaultModel: 'tiny.gguf',
  params: { maxTokens: 8, temperature: 0 },
  timeoutMs: 60_000,
  maxRetries: 0,
});

describe('LlmService: an embedded model is a provider like an endpoint', () => {
  let f: LlmFixture;
  let file: string;

  beforeAll(async () => {
    f = await llmFixture();
    file = writeTinyGguf(join(f.dir, 'tiny.gguf'));
  });

  afterAll(async () => {
    closeEmbeddedModels();
    await f.close();
  });

  it('is saved with its file, tested by loading it, and answers chats by provider id', async () => {
    // Offline mode refuses remote endpoints; a file on this machine is not one.
    f.llm.providers.setSettings({ offline: true });
    const saved = f.llm.providers.save(undefined, embedded(file));
    expect(saved).toMatchObject({ preset: 'embedded', baseUrl: `file://${file}`, hasKey: false });

    const test = await f.llm.connections.test(saved.id);
    expect(test).toMatchObject({ ok: true, code: null, models: ['tiny.gguf'] });
    expect(test.message).toMatch(
      /^tiny\.gguf: llama, 121 K parameters, F32, context \d+ of 4096 \(ChatML\)/,
    );
    expect(test.embedded?.architecture).toBe('llama');

    const deltas: string[] = [];
    const r = await f.llm.chat({
      provider: { providerId: saved.id },
      model: 'tiny.gguf',
      messages: [{ role: 'user', content: 'What was revenue?' }],
      onDelta: (d) => deltas.push(d),
    });
    expect(r).toMatchObject({ model: 'tiny.gguf', cached: false, retries: 0, costUsd: null });
    // The provider's own params apply: at most 8 tokens.
    expect(r.usage.completionTokens).toBeGreaterThan(0);
    expect(r.usage.completionTokens).toBeLessThanOrEqual(8);
    expect(deltas.join('')).toBe(r.text);
    expect(r.timing?.tokensPerSecond).toBeGreaterThanOrEqual(0);
    // No remote endpoint was asked.
    expect(f.server.requests).toHaveLength(0);
  });

  it('a path with no file is refused when saved', () => {
    expect(() => f.llm.providers.save(undefined, embedded(join(f.dir, 'missing.gguf')))).toThrow(
      /^no model file at .*missing\.gguf; give the path of a \.gguf file$/,
    );
  });

  it('a test of a file that is not a model says why, without throwing', async () => {
    const notModel = join(f.dir, 'notes.gguf');
    writeFileSync(notModel, 'just text');
    const saved = f.llm.providers.save(undefined, embedded(notModel));
    const test = await f.llm.connections.test(saved.id);
    expect(test).toMatchObject({ ok: false, code: 'llm-model-file', models: [] });
    expect(test.message).toMatch(/^notes\.gguf is not a GGUF model file/);
  });
});
