import { describe, expect, it } from 'vitest';
import { chatCacheKey } from '../../../main/llm/cache-key';
import { isLoopbackUrl, presetOf, unreachableHint } from '../../../main/llm/endpoint';
import { redact } from '../../../main/llm/llm-errors';
import { costUsd } from '../../../main/llm/price';
import { backoffMs, retryAfterMs, sleep } from '../../../main/llm/retry-policy';

const headers = (h: Record<string, string>) => new Headers(h);

describe('retry policy', () => {
  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms; over 60 s is ignored', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': '1' }), now)).toBe(1000);
    expect(retryAfterMs(headers({ 'retry-after': '2.5' }), now)).toBe(2500);
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 23 Nov 2026 12:00:20 GMT' }), now)).toBe(
      20_000,
    );
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 23 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '60' }), now)).toBe(60_000);
    expect(retryAfterMs(headers({ 'retry-after': '61' }), now)).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(headers({}), now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('backs off 0.5, 1, 2, 4, 8, 8 s, jitter taking off at most a quarter', () => {
    expect([0, 1, 2, 3, 4, 5].map((r) => backoffMs(r, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffMs(0, () => 1)).toBe(375);
    for (let i = 0; i < 100; i++) {
      const w = backoffMs(3);
      expect(w).toBeGreaterThanOrEqual(3000);
      expect(w).toBeLessThanOrEqual(4000);
    }
  });

  it('sleep ends early when the signal aborts', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('stop')), 20);
    const t = performance.now();
    await expect(sleep(5_000, ac.signal)).rejects.toThrow('stop');
    expect(performance.now() - t).toBeLessThan(1_000);
  });
});

describe('endpoints', () => {
  it('loopback is 127.0.0.0/8, ::1 and localhost; everything else is remote', () => {
    for (const u of [
      'http://127.0.0.1:11434/v1',
      'http://127.8.9.10/v1',
      'http://localhost:1234/v1',
      'http://[::1]:8080/v1',
      'http://api.localhost/v1',
    ])
      expect(isLoopbackUrl(u), u).toBe(true);
    for (const u of [
      'https://api.openai.com/v1',
      'http://10.0.0.2/v1',
      'http://[::2]/v1',
      'http://127.0.0.1.nip.io/v1',
      'http://localhost.evil.com/v1',
      'not a url',
    ])
      expect(isLoopbackUrl(u), u).toBe(false);
  });

  it('names the local server to start when nothing listens on its port', () => {
    expect(presetOf('http://localhost:11434/v1')).toBe('ollama');
    expect(unreachableHint('http://127.0.0.1:11434/v1')).toBe('is Ollama running?');
    expect(unreachableHint('http://127.0.0.1:1234/v1')).toBe('is LM Studio running?');
    expect(unreachableHint('http://127.0.0.1:9999/v1')).toBe(
      'is the server running, and on this port?',
    );
    expect(unreachableHint('https://llm.example.com/v1')).toBe(
      'check the base URL and the network connection',
    );
  });

  it('redacts the key from server text', () => {
    expect(redact('invalid key sk-abc123 given', 'sk-abc123')).toBe('invalid key *** given');
  });
});

describe('cache key and prices', () => {
  const base = {
    baseUrl: 'http://x/v1',
    model: 'm',
    params: { temperature: 0 },
    messages: [{ role: 'user' as const, content: 'q' }],
    sampleIndex: 0,
  };
  it('is equal for equal requests and differs in every field that changes the answer', () => {
    expect(chatCacheKey(base)).toBe(
      chatCacheKey({
        ...base,
        baseUrl: 'http://x/v1/',
        params: { temperature: 0, seed: undefined },
      }),
    );
    const keys = [
      base,
      { ...base, baseUrl: 'http://y/v1' },
      { ...base, model: 'm2' },
      { ...base, params: { temperature: 1 } },
      { ...base, params: { temperature: 0, topP: 0.9 } },
      { ...base, params: { temperature: 0, maxTokens: 5 } },
      { ...base, params: { temperature: 0, seed: 3 } },
      { ...base, messages: [{ role: 'system' as const, content: 'q' }] },
      { ...base, sampleIndex: 2 },
    ].map(chatCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('costs USD per million tokens, null without a price', () => {
    const prices = [{ model: 'gpt-4o-mini', inputPerMTok: 0.15, outputPerMTok: 0.6 }];
    expect(
      costUsd(prices, 'gpt-4o-mini', { promptTokens: 1_000_000, completionTokens: 500_000 }),
    ).toBeCloseTo(0.45, 10);
    expect(
      costUsd(prices, 'GPT-4o-mini', { promptTokens: 0, completionTokens: 1_000_000 }),
    ).toBeCloseTo(0.6, 10);
    expect(costUsd(prices, 'other', { promptTokens: 1, completionTokens: 1 })).toBeNull();
  });
});
