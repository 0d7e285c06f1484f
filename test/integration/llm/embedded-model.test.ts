import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedModel } from '../../../main/llm/embedded/embedded-model';
import { tempDir } from '../../support/temp-dir';
import { TINY_CHAT_TEMPLATE, writeTinyGguf } from '../../support/tiny-gguf';

// One llama.cpp thread: on a loaded 2-core machine more threads spin against each other.
const THREADS = 1;
const QUESTION = [{ role: 'user' as const, content: 'What was total revenue in 2025?' }];

describe('embedded model (a tiny GGUF in its own process)', () => {
  const t = tempDir('embedded-model-');
  const file = join(t.dir, 'tiny.gguf');
  let model: EmbeddedModel;

  beforeAll(() => {
    writeTinyGguf(file, { seed: 7 });
    model = new EmbeddedModel(file, { threads: THREADS, contextSize: 2048 });
  });

  afterAll(() => {
    model.close();
    t.cleanup();
  });

  it('loads the file and reports its metadata and a memory estimate', async () => {
    const info = await model.info();
    expect(info).toMatchObject({
      fileName: 'tiny.gguf',
      architecture: 'llama',
      name: 'workbench-tiny-test-model',
      quantisation: 'F32',
      trainContextLength: 4096,
      contextSize: 2048,
      chatTemplate: TINY_CHAT_TEMPLATE,
      chatFormat: 'ChatML',
      device: 'cpu',
    });
    // 304 × 64 twice (embeddings, output), 2 blocks of 4 × 64² + 3 × 64 × 128, 5 norms of 64.
    expect(info.parameters).toBe(2 * 304 * 64 + 2 * (4 * 64 * 64 + 3 * 64 * 128) + 5 * 64);
    expect(info.estimatedRamBytes).toBeGreaterThan(info.sizeBytes);
    expect(info.loadMs).toBeGreaterThan(0);
  });

  it('streams tokens and counts them, with timing', async () => {
    const deltas: string[] = [];
    const r = await model.chat({
      messages: QUESTION,
      maxTokens: 24,
      temperature: 0,
      onDelta: (d) => deltas.push(d),
    });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(r.text);
    expect(r.completionTokens).toBeGreaterThan(0);
    expect(r.completionTokens).toBeLessThanOrEqual(24);
    // The ChatML frame around the question: more tokens than the question's bytes alone.
    expect(r.promptTokens).toBeGreaterThan(QUESTION[0]!.content.length);
    expect(r.timing.totalMs).toBeGreaterThanOrEqual(r.timing.firstTokenMs);
    if (r.completionTokens > 1) expect(r.timing.tokensPerSecond).toBeGreaterThan(0);
  });

  it('is deterministic at temperature 0 and stops at a stop string', async () => {
    const ask = (stop?: string[]) =>
      model.chat({ messages: QUESTION, maxTokens: 60, temperature: 0, ...(stop ? { stop } : {}) });
    const free = await ask();
    expect((await ask()).text).toBe(free.text);
    // A printable character the model writes after a few others.
    const at = [...free.text].findIndex((c, i) => i >= 3 && /[a-z0-9]/.test(c));
    expect(at, `no letter or digit in ${JSON.stringify(free.text)}`).toBeGreaterThan(0);
    const stop = [...free.text][at]!;
    const stopped = await ask([stop]);
    expect(stopped.text).toBe(free.text.slice(0, free.text.indexOf(stop)));
    expect(stopped.finishReason).toBe('stop');
  });

  it('constrains the output to JSON with a grammar when asked', async () => {
    const ask = (json: boolean) =>
      model.chat({ messages: QUESTION, maxTokens: 40, temperature: 0, json });
    const [free, constrained] = [await ask(false), await ask(true)];
    expect(free.text).not.toMatch(/^\s*\{/);
    // The tiny model writes gibberish, but inside JSON's syntax; finished, it parses.
    expect(constrained.text).toMatch(/^\s*[[{]/);
    if (constrained.finishReason === 'stop')
      expect(() => JSON.parse(constrained.text) as unknown).not.toThrow();
  });

  it('cancels mid-generation and is free again within 1 s', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    let deltas = 0;
    const running = model.chat({
      messages: QUESTION,
      maxTokens: 100_000,
      signal: controller.signal,
      onDelta: () => {
        if (++deltas === 3) {
          abortedAt = performance.now();
          controller.abort();
        }
      },
    });
    const outcome = await running.then(
      () => 'answered',
      (e: { code?: string }) => e.code,
    );
    expect(outcome).toBe('cancelled');
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(model.busy).toBe(false);
    const next = await model.chat({ messages: QUESTION, maxTokens: 4 });
    // Cancel stopped the generation itself: the model stayed loaded and answers at once.
    expect(next.loadMs).toBe(0);
    expect(next.completionTokens).toBeGreaterThan(0);
  });

  it('cancelled while it reads a long prompt: free within 1 s too (killed if it must be)', async () => {
    const controller = new AbortController();
    const long = [
      { role: 'user' as const, content: 'Revenue grew 12.4% to $1,482.6 million. '.repeat(60) },
    ];
    const running = model.chat({ messages: long, maxTokens: 100_000, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    const abortedAt = performance.now();
    controller.abort();
    const outcome = await running.then(
      () => 'answered',
      (e: { code?: string }) => e.code,
    );
    expect(outcome).toBe('cancelled');
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    const next = await model.chat({ messages: QUESTION, maxTokens: 4 });
    expect(next.completionTokens).toBeGreaterThan(0);
  });

  it('survives its process being killed: the request fails in one line, the next one reloads', async () => {
    const killed = model.chat({
      messages: QUESTION,
      maxTokens: 100_000,
      onDelta: () => model.kill('SIGKILL'),
    });
    const error = await killed.then(
      () => null,
      (e: { code?: string; message?: string }) => e,
    );
    expect(error?.code).toBe('llm-server-error');
    expect(error?.message).toMatch(/^the process running tiny\.gguf was killed \(SIGKILL/);
    expect(error?.message).not.toContain('\n');
    const again = await model.chat({ messages: QUESTION, maxTokens: 4 });
    expect(again.loadMs).toBeGreaterThan(0);
  });
});
