import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkbenchError } from '../../../shared/api/result';
import type { RetryInfo } from '../../../main/llm/llm-calls';
import { testEmbedding } from '../../support/openai-test-server';
import { freePort, llmFixture, user, type LlmFixture } from './llm-fixture';
import { compact } from '../../../shared/util/compact';

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

const chat = (f: LlmFixture, extra: { maxRetries?: number; stream?: boolean; q?: string } = {}) =>
  f.llm.chat({
    provider: { baseUrl: f.server.baseUrl, maxRetries: extra.maxRetries ?? 3 },
    model: 'test-chat',
    messages: user(extra.q ?? 'hi'),
    ...compact({ onDelta: extra.stream ? () => undefined : undefined }),
    cache: false,
  });

describe('LlmService faults', () => {
  it('429 with Retry-After: 1 waits that second, then succeeds; the wait is not latency', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    fx.server.fault({ kind: 'status', status: 429, retryAfter: '1' });
    const retries: RetryInfo[] = [];
    const t = performance.now();
    const r = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('hi'),
      onRetry: (i) => retries.push(i),
    });
    const wall = performance.now() - t;
    expect(r.text).toBe('ok');
    expect(retries).toEqual([{ attempt: 1, waitMs: 1000, reason: '429' }]);
    expect(r).toMatchObject({ retries: 1, waitedMs: 1000 });
    expect(wall).toBeGreaterThanOrEqual(1000);
    expect(r.latencyMs).toBeLessThan(wall - 900);
    expect(fx.server.requests).toHaveLength(2);
  });

  it('a 429 storm without Retry-After completes with backoff 0.5, 1, 2 s', async () => {
    fx = await llmFixture({ defaultReply: 'made it' });
    fx.server.fault({ kind: 'status', status: 429, times: 3 });
    const waits: number[] = [];
    const r = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl, maxRetries: 5 },
      model: 'test-chat',
      messages: user('hi'),
      onRetry: (i) => waits.push(i.waitMs),
    });
    expect(r.text).toBe('made it');
    expect(waits).toEqual([500, 1000, 2000]);
    expect(r).toMatchObject({ retries: 3, waitedMs: 3500 });
    expect(fx.server.requests).toHaveLength(4);
  });

  it('a 429 storm beyond max retries ends llm-rate-limited, saying how long it tried', async () => {
    fx = await llmFixture({ defaultReply: 'never' });
    fx.server.fault({ kind: 'status', status: 429, retryAfter: '0', times: 100 });
    const e = await failure(chat(fx, { maxRetries: 3 }));
    expect(e.code).toBe('llm-rate-limited');
    expect(e.message).toContain(
      `${fx.server.baseUrl} is still rate-limiting requests after 3 retries`,
    );
    expect(e.message).toContain('raise max retries on the Models screen');
    expect(fx.server.requests).toHaveLength(4);
  });

  it('500 then success is retried; a 500 storm ends llm-server-error', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    fx.server.fault({ kind: 'status', status: 500 });
    const r = await chat(fx);
    expect(r).toMatchObject({ text: 'ok', retries: 1, waitedMs: 500 });

    fx.server.fault({ kind: 'status', status: 503, retryAfter: '0', times: 10 });
    const e = await failure(chat(fx, { maxRetries: 2 }));
    expect(e.code).toBe('llm-server-error');
    expect(e.message).toMatch(/answered 503.*gave up after 2 retries/);
  });

  it('400 is not retried', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    fx.server.fault({ kind: 'status', status: 400 });
    const e = await failure(chat(fx));
    expect(e.code).toBe('llm-bad-response');
    expect(fx.server.requests).toHaveLength(1);
  });

  it('a stream cut mid-way ends llm-bad-response with the characters received, never a hang', async () => {
    fx = await llmFixture({
      replies: [{ match: '', reply: 'one two three four five', chunkSize: 4 }],
    });
    fx.server.fault({ kind: 'cut-stream', afterChunks: 2 });
    const t = performance.now();
    const e = await failure(chat(fx, { stream: true }));
    expect(e.code).toBe('llm-bad-response');
    expect(e.message).toBe(
      `the stream from ${fx.server.baseUrl} was cut after 8 characters (no finish reason); try again`,
    );
    expect(performance.now() - t).toBeLessThan(2_000);
    // Text already went to the caller: not retried (it would be shown twice).
    expect(fx.server.requests).toHaveLength(1);
  });

  it('a body cut before any text is retried as a dropped connection', async () => {
    fx = await llmFixture({ defaultReply: 'whole' });
    fx.server.fault({ kind: 'cut-stream', afterChunks: 0 });
    expect((await chat(fx)).text).toBe('whole');
    fx.server.fault({ kind: 'cut-stream', afterChunks: 0 });
    expect((await chat(fx, { stream: true })).text).toBe('whole');
    fx.server.fault({ kind: 'cut-stream', afterChunks: 0 });
    const e = await failure(chat(fx, { maxRetries: 0 }));
    expect(e.code).toBe('llm-bad-response');
    expect(e.message).toContain('closed the connection before its answer was complete');
  });

  it('malformed JSON, streamed or not, is llm-bad-response', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    fx.server.fault({ kind: 'malformed-json' });
    let e = await failure(chat(fx));
    expect(e.code).toBe('llm-bad-response');
    expect(e.message).toContain(
      `${fx.server.baseUrl}/chat/completions answered with malformed JSON`,
    );
    fx.server.fault({ kind: 'malformed-json' });
    e = await failure(chat(fx, { stream: true }));
    expect(e.code).toBe('llm-bad-response');
  });

  it('a wrong key is llm-unauthorized naming the secret and where to fix it; a missing one too', async () => {
    fx = await llmFixture({ apiKey: 'sk-right-0123456789', defaultReply: 'ok' });
    await fx.secrets.set('openai-key', 'sk-wrong-0123456789');
    const e = await failure(
      fx.llm.chat({
        provider: { baseUrl: fx.server.baseUrl, apiKeyName: 'openai-key' },
        model: 'test-chat',
        messages: user('hi'),
      }),
    );
    expect(e.code).toBe('llm-unauthorized');
    expect(e.message).toMatch(
      new RegExp(
        `^the API key in secret 'openai-key' was refused by ${fx.server.baseUrl.replace(/[.]/g, '\\.')} \\(401.*set it on the Models screen$`,
      ),
    );
    expect(fx.server.requests).toHaveLength(1); // never retried

    const missing = await failure(
      fx.llm.chat({
        provider: { baseUrl: fx.server.baseUrl, apiKeyName: 'not-stored' },
        model: 'test-chat',
        messages: user('hi'),
      }),
    );
    expect(missing.code).toBe('llm-unauthorized');
    expect(missing.message).toContain("no API key is stored under secret 'not-stored'");

    await fx.secrets.set('openai-key', 'sk-right 01234\u00e9');
    const spaced = await failure(
      fx.llm.chat({
        provider: { baseUrl: fx.server.baseUrl, apiKeyName: 'openai-key' },
        model: 'test-chat',
        messages: user('hi'),
      }),
    );
    expect(spaced.code).toBe('llm-unauthorized');
    expect(spaced.message).toContain('characters an HTTP header cannot carry');
    expect(spaced.message).not.toContain('01234');

    // A trailing line break from a paste is trimmed.
    await fx.secrets.set('openai-key', 'sk-right-0123456789\n');
    const ok = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl, apiKeyName: 'openai-key' },
      model: 'test-chat',
      messages: user('hi'),
    });
    expect(ok.text).toBe('ok');
    expect(fx.server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-right-0123456789');
  });

  it('an unreachable port is llm-unreachable: "nothing is listening at …"', async () => {
    fx = await llmFixture();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const e = await failure(
      fx.llm.chat({ provider: { baseUrl, maxRetries: 0 }, model: 'm', messages: user('hi') }),
    );
    expect(e.code).toBe('llm-unreachable');
    expect(e.message).toBe(
      `nothing is listening at ${baseUrl}; is the server running, and on this port?`,
    );
    // Connection errors are retried with backoff before giving up.
    const retries: RetryInfo[] = [];
    const e2 = await failure(
      fx.llm.chat({
        provider: { baseUrl, maxRetries: 2 },
        model: 'm',
        messages: user('hi'),
        onRetry: (i) => retries.push(i),
      }),
    );
    expect(e2.message).toContain('gave up after 2 retries over 1.5 s');
    expect(retries.map((r) => r.reason)).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
  });

  it('offline mode refuses a remote URL before any network I/O, and still allows loopback', async () => {
    fx = await llmFixture({ defaultReply: 'local ok' });
    fx.llm.providers.setSettings({ offline: true });
    const t = performance.now();
    const remote = { baseUrl: 'https://api.openai.com/v1', apiKeyName: 'never-read' };
    const e = await failure(
      fx.llm.chat({ provider: remote, model: 'gpt-4o', messages: user('hi') }),
    );
    expect(e.code).toBe('llm-offline');
    expect(e.message).toContain(
      'offline mode is on and https://api.openai.com/v1 is not on this machine',
    );
    expect((await failure(fx.llm.embed({ provider: remote, model: 'e', input: ['x'] }))).code).toBe(
      'llm-offline',
    );
    expect((await failure(fx.llm.connections.models(remote))).code).toBe('llm-offline');
    for (const url of [
      'http://192.168.1.5:11434/v1',
      'http://example.com/v1',
      'http://[::2]:80/v1',
    ]) {
      const r = await failure(fx.llm.connections.models({ baseUrl: url }));
      expect(r.code).toBe('llm-offline');
    }
    expect(performance.now() - t).toBeLessThan(500);
    const local = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl.replace('127.0.0.1', 'localhost') },
      model: 'test-chat',
      messages: user('hi'),
    });
    expect(local.text).toBe('local ok');
  });

  it('a URL that is not an OpenAI-compatible API (a web page) is llm-bad-response, streamed or not', async () => {
    fx = await llmFixture();
    const web = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome</body></html>');
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    try {
      const ask = (stream: boolean) =>
        fx!.llm.chat({
          provider: { baseUrl, maxRetries: 0 },
          model: 'm',
          messages: user('hi'),
          ...compact({ onDelta: stream ? () => undefined : undefined }),
        });
      expect((await failure(ask(false))).message).toBe(
        `${baseUrl}/chat/completions answered without a choice; is it an OpenAI-compatible endpoint?`,
      );
      expect((await failure(ask(true))).message).toBe(
        `${baseUrl}/chat/completions sent no stream events; is it an OpenAI-compatible endpoint?`,
      );
      const e = await failure(fx.llm.connections.models({ baseUrl }));
      expect(e.code).toBe('llm-bad-response');
      expect(e.message).toContain('did not answer JSON');
    } finally {
      await new Promise((r) => web.close(r));
    }
  });

  it('a model the server lacks is llm-model-not-found listing a few it has', async () => {
    fx = await llmFixture({ models: ['qwen2.5:7b', 'llama3.1:8b'], defaultReply: 'ok' });
    const e = await failure(
      fx.llm.chat({
        provider: { baseUrl: fx.server.baseUrl },
        model: 'gpt-5',
        messages: user('hi'),
      }),
    );
    expect(e.code).toBe('llm-model-not-found');
    expect(e.message).toContain(`model 'gpt-5' is not available at ${fx.server.baseUrl}`);
    expect(e.message).toContain('available there: llama3.1:8b, qwen2.5:7b');
  });

  it('a prompt over the context window is llm-context-length', async () => {
    fx = await llmFixture({ contextWindow: 10, defaultReply: 'ok' });
    const e = await failure(chat(fx, { q: 'word '.repeat(50) }));
    expect(e.code).toBe('llm-context-length');
    expect(e.message).toContain("model 'test-chat'");
    expect(fx.server.requests).toHaveLength(1);
  });

  it('embeds in input order, in batches, decoding the client default base64', async () => {
    fx = await llmFixture({ embeddingDim: 16 });
    const input = Array.from({ length: 300 }, (_, i) => `cell ${i} revenue ${i % 7}`);
    const vectors = await fx.llm.embed({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-embed',
      input,
    });
    expect(vectors).toHaveLength(300);
    vectors.forEach((v, i) => {
      const want = testEmbedding(input[i]!, 16);
      v.forEach((x, j) => expect(x).toBeCloseTo(want[j]!, 6));
    });
    expect(fx.server.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([
      128, 128, 44,
    ]);
    expect(
      await fx.llm.embed({
        provider: { baseUrl: fx.server.baseUrl },
        model: 'test-embed',
        input: [],
      }),
    ).toEqual([]);
  });

  it('the API key appears nowhere: not in the SQLite files, not in error messages', async () => {
    const key = 'sk-proj-SECRET-7f3a9c1e5b2d4f6a8c0e';
    fx = await llmFixture({ apiKey: key, defaultReply: 'fine' });
    await fx.secrets.set('openai', key);
    const p = fx.llm.providers.save(undefined, {
      name: 'OpenAI-ish',
      preset: 'custom',
      baseUrl: fx.server.baseUrl,
      apiKeyName: 'openai',
      defaultModel: 'test-chat',
      params: { temperature: 0 },
      timeoutMs: 5_000,
      maxRetries: 1,
    });
    const ok = await fx.llm.chat({
      provider: { providerId: p.id },
      model: 'test-chat',
      messages: user('hi'),
    });
    expect(ok.text).toBe('fine');
    expect(
      (
        await fx.llm.chat({
          provider: { providerId: p.id },
          model: 'test-chat',
          messages: user('hi'),
        })
      ).cached,
    ).toBe(true);

    const messages: string[] = [];
    // A server that echoes the key in its error body, as some proxies do.
    fx.server.fault({
      kind: 'status',
      status: 400,
      body: { error: { message: `bad key ${key}` } },
    });
    messages.push(
      (
        await failure(
          fx.llm.chat({ provider: { providerId: p.id }, model: 'x', messages: user('a') }),
        )
      ).message,
    );
    fx.server.fault({
      kind: 'status',
      status: 429,
      retryAfter: '0',
      times: 5,
      body: { error: { message: `rate ${key}` } },
    });
    messages.push(
      (
        await failure(
          fx.llm.chat({ provider: { providerId: p.id }, model: 'x', messages: user('b') }),
        )
      ).message,
    );
    await fx.secrets.set('openai', `${key}-wrong`);
    messages.push(
      (
        await failure(
          fx.llm.chat({ provider: { providerId: p.id }, model: 'x', messages: user('c') }),
        )
      ).message,
    );
    messages.push((await fx.llm.connections.test(p.id)).message);
    for (const m of messages) expect(m).not.toContain('SECRET');
    expect(messages[0]).toContain('bad key ***');

    expect(JSON.stringify(fx.llm.providers.list())).not.toContain('SECRET');
    fx.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = readdirSync(fx.dir).filter((f) => f.startsWith('workbench.sqlite'));
    expect(files).toContain('workbench.sqlite');
    for (const f of files) {
      const bytes = readFileSync(join(fx.dir, f));
      expect(bytes.includes(Buffer.from('SECRET'))).toBe(false);
    }
    // …while the provider and the cached answer really are in that file.
    expect(readFileSync(fx.dbPath).includes(Buffer.from('OpenAI-ish'))).toBe(true);
  });
});
