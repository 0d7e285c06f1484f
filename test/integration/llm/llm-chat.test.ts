import { afterEach, describe, expect, it } from 'vitest';
import { WorkbenchError } from '../../../shared/api/result';
import { countTokens } from '../../support/openai-test-server';
import { llmFixture, user, type LlmFixture } from './llm-fixture';

let fx: LlmFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const failure = async (p: Promise<unknown>): Promise<WorkbenchError> => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(WorkbenchError);
  return e as WorkbenchError;
};

describe('LlmService.chat', () => {
  it('answers without streaming: text, usage, finish reason, cost from the price table', async () => {
    fx = await llmFixture({ replies: [{ match: 'revenue', reply: 'Revenue was 42 million.' }] });
    fx.llm.providers.setSettings({
      prices: [{ model: 'test-chat', inputPerMTok: 2, outputPerMTok: 8 }],
    });
    const q = 'What was revenue?';
    const r = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user(q),
      params: { temperature: 0, topP: 0.5, maxTokens: 100, seed: 7 },
    });
    expect(r.text).toBe('Revenue was 42 million.');
    expect(r.finishReason).toBe('stop');
    expect(r.cached).toBe(false);
    expect(r.retries).toBe(0);
    expect(r.usage).toEqual({
      promptTokens: countTokens(q),
      completionTokens: countTokens(r.text),
    });
    expect(r.costUsd).toBeCloseTo((countTokens(q) * 2 + countTokens(r.text) * 8) / 1e6, 12);
    const body = fx.server.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ temperature: 0, top_p: 0.5, max_tokens: 100, seed: 7 });
    expect(body.stream).toBe(false);
    // Keyless endpoint: no Authorization header at all, and no OPENAI_* leakage.
    expect(fx.server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('streams deltas in order and returns the same text, usage from the final chunk', async () => {
    const reply = 'Step 1: read B7. Step 2: subtract. Therefore, the answer is 12.5%.';
    fx = await llmFixture({ replies: [{ match: 'grow', reply, chunkSize: 3 }] });
    const deltas: string[] = [];
    const r = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('How much did it grow?'),
      onDelta: (d) => deltas.push(d),
    });
    expect(deltas.length).toBe(Math.ceil(reply.length / 3));
    expect(deltas.join('')).toBe(reply);
    expect(r.text).toBe(reply);
    expect(r.usageEstimated).toBe(false);
    expect(r.usage.completionTokens).toBe(countTokens(reply));
    expect((fx.server.requests[0]?.body as { stream_options: unknown }).stream_options).toEqual({
      include_usage: true,
    });
  });

  it('cancel mid-stream: rejects with cancelled at once and the server sees the request aborted', async () => {
    fx = await llmFixture({ defaultReply: 'x'.repeat(200) });
    fx.server.fault({ kind: 'slow', delayMs: 100, perChunk: true });
    const ac = new AbortController();
    let got = '';
    const p = fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('long please'),
      signal: ac.signal,
      onDelta: (d) => {
        got += d;
        if (got.length >= 16) ac.abort();
      },
    });
    const t = performance.now();
    const e = await failure(p);
    expect(e.code).toBe('cancelled');
    expect(performance.now() - t).toBeLessThan(1_000);
    expect(got.length).toBeLessThan(200);
    await expect.poll(() => fx?.server.requests[0]?.aborted).toBe(true);
    // A cancelled answer is not cached: the same request goes to the server again.
    fx.server.clearFaults();
    const again = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('long please'),
    });
    expect(again.cached).toBe(false);
  });

  it('cancel before headers and during a backoff wait are immediate and never retried', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    fx.server.fault({ kind: 'slow', delayMs: 5_000 });
    const ac = new AbortController();
    // Cancelled once the server holds the request (before its headers): a fixed delay raced
    // the request itself on a loaded machine.
    let abortedAt = Infinity;
    const { server } = fx;
    const held = setInterval(() => {
      if (server.requests.length > 0) {
        clearInterval(held);
        abortedAt = performance.now();
        ac.abort();
      }
    }, 5);
    expect(
      (
        await failure(
          fx.llm.chat({
            provider: { baseUrl: fx.server.baseUrl, maxRetries: 5 },
            model: 'test-chat',
            messages: user('hi'),
            signal: ac.signal,
          }),
        )
      ).code,
    ).toBe('cancelled');
    expect(performance.now() - abortedAt).toBeLessThan(1_000);
    expect(fx.server.requests).toHaveLength(1);

    fx.server.clearFaults();
    fx.server.fault({ kind: 'status', status: 429, retryAfter: '30' });
    const ac2 = new AbortController();
    const t = performance.now();
    const p = fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl, maxRetries: 5 },
      model: 'test-chat',
      messages: user('hi'),
      signal: ac2.signal,
      onRetry: () => setTimeout(() => ac2.abort(), 50),
    });
    expect((await failure(p)).code).toBe('cancelled');
    expect(performance.now() - t).toBeLessThan(1_000);
    expect(fx.server.requests).toHaveLength(2);
  });

  it('times out a slow server with llm-timeout naming the endpoint, streaming included', async () => {
    fx = await llmFixture({ defaultReply: 'abcdefgh'.repeat(4) });
    fx.server.fault({ kind: 'slow', delayMs: 10_000 });
    let t = performance.now();
    let e = await failure(
      fx.llm.chat({
        provider: { baseUrl: fx.server.baseUrl, timeoutMs: 300, maxRetries: 0 },
        model: 'test-chat',
        messages: user('hi'),
      }),
    );
    expect(e.code).toBe('llm-timeout');
    expect(e.message).toContain(fx.server.baseUrl);
    expect(performance.now() - t).toBeLessThan(2_000);

    // Headers arrive at once, chunks crawl: the timeout covers the whole stream.
    fx.server.fault({ kind: 'slow', delayMs: 200, perChunk: true });
    t = performance.now();
    e = await failure(
      fx.llm.chat({
        provider: { baseUrl: fx.server.baseUrl, timeoutMs: 300, maxRetries: 0 },
        model: 'test-chat',
        messages: user('hi'),
        onDelta: () => undefined,
        cache: false,
      }),
    );
    expect(e.code).toBe('llm-timeout');
    expect(performance.now() - t).toBeLessThan(2_000);
  });

  it('caches an identical request; model, params, messages or sample index changes miss', async () => {
    fx = await llmFixture({
      replies: [{ match: '', reply: (req) => `answer ${fx!.server.requests.indexOf(req)}` }],
    });
    const base = {
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('q'),
      params: { temperature: 0 },
    };
    const first = await fx.llm.chat(base);
    const again = await fx.llm.chat({ ...base, provider: { baseUrl: `${fx.server.baseUrl}/` } });
    expect(again).toMatchObject({ text: first.text, cached: true, costUsd: 0, latencyMs: 0 });
    expect(fx.server.requests).toHaveLength(1);
    // A streaming caller of a cached answer gets the text as one delta.
    const deltas: string[] = [];
    await fx.llm.chat({ ...base, onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual([first.text]);

    const variants = [
      { ...base, model: 'other-model' },
      { ...base, params: { temperature: 0.7 } },
      { ...base, params: { temperature: 0, seed: 1 } },
      { ...base, messages: user('q2') },
      { ...base, messages: [{ role: 'system' as const, content: 's' }, ...user('q')] },
      { ...base, sampleIndex: 1 },
    ];
    const texts = new Set([first.text]);
    for (const v of variants) {
      const r = await fx.llm.chat(v);
      expect(r.cached).toBe(false);
      texts.add(r.text);
    }
    expect(texts.size).toBe(variants.length + 1);
    expect(fx.server.requests).toHaveLength(1 + variants.length);
    // cache: false always asks.
    expect((await fx.llm.chat({ ...base, cache: false })).cached).toBe(false);
    const rows = fx.db.prepare('SELECT COUNT(*) AS n FROM llm_cache').get() as { n: number };
    expect(rows.n).toBe(1 + variants.length);
  });

  it('two models never share a cache entry, even with identical everything else', async () => {
    fx = await llmFixture({
      replies: [{ match: '', reply: (req) => `from ${(req.body as { model: string }).model}` }],
    });
    const ask = (model: string) =>
      fx!.llm.chat({ provider: { baseUrl: fx!.server.baseUrl }, model, messages: user('same') });
    expect((await ask('model-a')).text).toBe('from model-a');
    expect((await ask('model-b')).text).toBe('from model-b');
    expect((await ask('model-a')).text).toBe('from model-a');
    expect((await ask('model-b')).cached).toBe(true);
  });

  it('single-flight: identical concurrent requests share one call; errors are not cached', async () => {
    fx = await llmFixture({ defaultReply: 'shared answer' });
    fx.server.fault({ kind: 'slow', delayMs: 200 });
    const req = {
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('same'),
    };
    const deltas: string[] = [];
    const [a, b] = await Promise.all([
      fx.llm.chat(req),
      fx.llm.chat({ ...req, onDelta: (d) => deltas.push(d) }),
    ]);
    expect(a.text).toBe('shared answer');
    expect(b.text).toBe('shared answer');
    // It joined a call that does not stream: the whole text arrives as one delta.
    expect(deltas).toEqual(['shared answer']);
    expect(fx.server.requests).toHaveLength(1);

    // Joining a streaming call late: the text so far, then the rest, in order, once.
    fx.server.fault({ kind: 'slow', delayMs: 60, perChunk: true });
    const late: string[] = [];
    const streamReq = { ...req, messages: user('streamed') };
    const first = fx.llm.chat({ ...streamReq, onDelta: () => undefined });
    await new Promise((r) => setTimeout(r, 100));
    const second = fx.llm.chat({ ...streamReq, onDelta: (d) => late.push(d) });
    expect((await first).text).toBe('shared answer');
    await second;
    expect(late.join('')).toBe('shared answer');
    expect(fx.server.requests).toHaveLength(2);

    fx.server.fault({ kind: 'status', status: 400 });
    const other = { ...req, messages: user('different') };
    expect((await failure(fx.llm.chat(other))).code).toBe('llm-bad-response');
    expect((await fx.llm.chat(other)).cached).toBe(false);
  });

  it('refused or filtered answers are not cached', async () => {
    fx = await llmFixture({
      replies: [{ match: 'forbidden', reply: 'I cannot help.', finishReason: 'content_filter' }],
    });
    const req = {
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('forbidden'),
    };
    const r = await fx.llm.chat(req);
    expect(r).toMatchObject({
      text: 'I cannot help.',
      finishReason: 'content_filter',
      refused: true,
    });
    expect((await fx.llm.chat(req)).cached).toBe(false);
    expect(fx.server.requests).toHaveLength(2);
  });

  it('a joiner that cancels leaves the shared call running for the other caller', async () => {
    fx = await llmFixture({ defaultReply: 'still here' });
    fx.server.fault({ kind: 'slow', delayMs: 300 });
    const req = {
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('same'),
    };
    const ac = new AbortController();
    const leaving = fx.llm.chat({ ...req, signal: ac.signal });
    const staying = fx.llm.chat(req);
    setTimeout(() => ac.abort(), 50);
    expect((await failure(leaving)).code).toBe('cancelled');
    expect((await staying).text).toBe('still here');
    expect(fx.server.requests).toHaveLength(1);
    expect(fx.server.requests[0]?.aborted).toBe(false);
  });

  it('provider defaults apply and request params override them', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    const p = fx.llm.providers.save(undefined, {
      name: 'Local',
      preset: 'custom',
      baseUrl: fx.server.baseUrl,
      apiKeyName: null,
      defaultModel: 'test-chat',
      params: { temperature: 0.2, maxTokens: 50 },
      timeoutMs: 5_000,
      maxRetries: 1,
    });
    await fx.llm.chat({
      provider: { providerId: p.id },
      model: 'test-chat',
      messages: user('hi'),
      params: { temperature: 0 },
    });
    expect(fx.server.requests[0]?.body).toMatchObject({ temperature: 0, max_tokens: 50 });
  });
});
