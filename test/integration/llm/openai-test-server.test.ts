import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI, { type APIError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  countTokens,
  startOpenAiTestServer,
  testEmbedding,
  type OpenAiTestServer,
} from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';

// The test server is only useful if the real client accepts what it says: every case here goes
// through the `openai` package itself, with its own retries off so each fault is seen once.
let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (s: OpenAiTestServer, apiKey = 'sk-test') =>
  new OpenAI({ baseURL: s.baseUrl, apiKey, maxRetries: 0, timeout: 10_000 });

const ask = (content: string) => ({
  model: 'test-chat',
  messages: [{ role: 'user' as const, content }],
});

describe('openai test server', () => {
  it('answers a scripted reply without streaming, with usage', async () => {
    server = await startOpenAiTestServer({
      replies: [
        { match: /grow/i, reply: 'It grew by 12%.' },
        { match: 'revenue', reply: 'Revenue was 42.' },
      ],
    });
    const res = await client(server).chat.completions.create(ask('What was revenue in 2023?'));
    expect(res.choices[0]?.message.content).toBe('Revenue was 42.');
    expect(res.choices[0]?.finish_reason).toBe('stop');
    expect(res.usage).toEqual({
      prompt_tokens: countTokens('What was revenue in 2023?'),
      completion_tokens: countTokens('Revenue was 42.'),
      total_tokens: countTokens('What was revenue in 2023?') + countTokens('Revenue was 42.'),
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    expect((server.requests[0]?.body as { model: string }).model).toBe('test-chat');
  });

  it('streams chunks in order, usage in the last chunk when asked', async () => {
    const reply = 'The answer is forty-two, computed from cell B7.';
    server = await startOpenAiTestServer({ replies: [{ match: 'answer', reply, chunkSize: 5 }] });
    const stream = await client(server).chat.completions.create({
      ...ask('the answer?'),
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const c = chunk.choices[0];
      if (c?.delta.content) deltas.push(c.delta.content);
      if (c?.finish_reason) finish = c.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas.join('')).toBe(reply);
    expect(deltas).toHaveLength(Math.ceil(reply.length / 5));
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBe(countTokens(reply));
  });

  it('truncates at max_tokens with finish_reason "length"', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'x'.repeat(100) });
    const res = await client(server).chat.completions.create({ ...ask('hi'), max_tokens: 5 });
    expect(res.choices[0]?.message.content).toBe('x'.repeat(20));
    expect(res.choices[0]?.finish_reason).toBe('length');
  });

  it('answers 400 naming the message when no script matches and there is no default', async () => {
    server = await startOpenAiTestServer({ replies: [{ match: 'x-only', reply: 'y' }] });
    const err = await client(server)
      .chat.completions.create(ask('something else'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as Error).message).toContain('no scripted reply matches "something else"');
  });

  it('lists models and refuses unknown ones with 404 model_not_found when models are given', async () => {
    server = await startOpenAiTestServer({ models: ['m-a', 'm-b'], defaultReply: 'ok' });
    const list = await client(server).models.list();
    expect(list.data.map((m) => m.id)).toEqual(['m-a', 'm-b']);
    const err = await client(server)
      .chat.completions.create(ask('hi'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect((err as APIError).code).toBe('model_not_found');
  });

  it('answers context_length_exceeded past the context window', async () => {
    server = await startOpenAiTestServer({ contextWindow: 10, defaultReply: 'ok' });
    const err = await client(server)
      .chat.completions.create(ask('word '.repeat(20)))
      .catch((e: unknown) => e);
    expect((err as APIError).status).toBe(400);
    expect((err as APIError).code).toBe('context_length_exceeded');
  });

  it('embeds deterministically; base64 (the client default) and float decode the same', async () => {
    server = await startOpenAiTestServer({ embeddingDim: 32 });
    const input = ['services revenue grew', 'total services revenue', 'weather in Paris'];
    const b64 = await client(server).embeddings.create({ model: 'test-embed', input });
    expect((server.requests[0]?.body as { encoding_format: string }).encoding_format).toBe(
      'base64',
    );
    const floats = await client(server).embeddings.create({
      model: 'test-embed',
      input,
      encoding_format: 'float',
    });
    expect(b64.data).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      const expected = testEmbedding(input[i]!, 32);
      expect(b64.data[i]!.embedding).toHaveLength(32);
      b64.data[i]!.embedding.forEach((x, j) => expect(x).toBeCloseTo(expected[j]!, 6));
      expect(floats.data[i]!.embedding).toEqual(expected);
    }
    const cos = (a: number[], b: number[]) => a.reduce((s, x, j) => s + x * b[j]!, 0);
    const [a, b, c] = floats.data.map((d) => d.embedding) as [number[], number[], number[]];
    expect(cos(a, a)).toBeCloseTo(1, 6);
    expect(cos(a, b)).toBeGreaterThan(cos(a, c));
    expect(b64.usage.prompt_tokens).toBe(input.reduce((s, t) => s + countTokens(t), 0));
  });

  it('refuses a wrong key with OpenAI 401 body when apiKey is set', async () => {
    server = await startOpenAiTestServer({ apiKey: 'sk-right', defaultReply: 'ok' });
    const err = await client(server, 'sk-wrong')
      .chat.completions.create(ask('hi'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((err as APIError).code).toBe('invalid_api_key');
    const ok = await client(server, 'sk-right').chat.completions.create(ask('hi'));
    expect(ok.choices[0]?.message.content).toBe('ok');
  });

  it('status fault: 429 with Retry-After for the next N requests only', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'ok' });
    server.fault({ kind: 'status', status: 429, retryAfter: '1', times: 2 });
    for (let i = 0; i < 2; i++) {
      const err = await client(server)
        .chat.completions.create(ask('hi'))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.RateLimitError);
      expect((err as APIError).headers?.get('retry-after')).toBe('1');
    }
    const ok = await client(server).chat.completions.create(ask('hi'));
    expect(ok.choices[0]?.message.content).toBe('ok');
  });

  it('status fault: 500, and faults restricted to a path', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'ok' });
    server.fault({ kind: 'status', status: 500, path: '/embeddings' });
    // The chat request is not on the fault's path: it passes.
    await client(server).chat.completions.create(ask('hi'));
    const err = await client(server)
      .embeddings.create({ model: 'test-embed', input: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    server.fault({ kind: 'status', status: 500 });
    server.clearFaults();
    await client(server).chat.completions.create(ask('hi'));
  });

  it('slow fault delays the headers; perChunk delays each chunk', async () => {
    server = await startOpenAiTestServer({
      replies: [{ match: '', reply: 'abcdef', chunkSize: 2 }],
    });
    server.fault({ kind: 'slow', delayMs: 300 });
    let t = performance.now();
    await client(server).chat.completions.create(ask('hi'));
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);

    server.fault({ kind: 'slow', delayMs: 150, perChunk: true });
    t = performance.now();
    const stream = await client(server).chat.completions.create({ ...ask('hi'), stream: true });
    const firstByte = performance.now() - t;
    let text = '';
    for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
    expect(text).toBe('abcdef');
    expect(firstByte).toBeLessThan(150);
    expect(performance.now() - t).toBeGreaterThanOrEqual(3 * 150 - 10);
  });

  it('slow fault: a client timeout aborts the request, and the server records it', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'ok' });
    server.fault({ kind: 'slow', delayMs: 5_000 });
    const t = performance.now();
    const err = await new OpenAI({
      baseURL: server.baseUrl,
      apiKey: 'k',
      maxRetries: 0,
      timeout: 200,
    }).chat.completions
      .create(ask('hi'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(performance.now() - t).toBeLessThan(2_000);
    await expect.poll(() => server?.requests[0]?.aborted).toBe(true);
  });

  it('malformed-json fault: non-streaming body and a streamed data line both fail to parse', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'ok' });
    server.fault({ kind: 'malformed-json', times: 2 });
    const err = await client(server)
      .chat.completions.create(ask('hi'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const stream = await client(server).chat.completions.create({ ...ask('hi'), stream: true });
    const streamErr = await (async () => {
      for await (const _ of stream) void _;
    })().catch((e: unknown) => e);
    expect(streamErr).toBeInstanceOf(Error);
  });

  it('cut-stream fault: the stream ends after N chunks with no finish_reason and no [DONE]', async () => {
    server = await startOpenAiTestServer({
      replies: [{ match: '', reply: 'one two three four five six', chunkSize: 4 }],
    });
    server.fault({ kind: 'cut-stream', afterChunks: 2 });
    const stream = await client(server).chat.completions.create({ ...ask('hi'), stream: true });
    let text = '';
    let finish: string | null = null;
    const outcome = await (async () => {
      for await (const c of stream) {
        text += c.choices[0]?.delta.content ?? '';
        finish = c.choices[0]?.finish_reason ?? finish;
      }
      return 'ended';
    })().catch((e: unknown) => e);
    // Whether the client throws or ends quietly, what arrived is two chunks and no finish.
    expect(text).toBe('one two ');
    expect(finish).toBeNull();
    expect(outcome === 'ended' || outcome instanceof Error).toBe(true);

    server.fault({ kind: 'cut-stream', afterChunks: 0 });
    const err = await client(server)
      .chat.completions.create(ask('hi'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });

  it('runs as a script printing its base URL, replies from a JSON file', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const script = join(dir, 'script.json');
      writeFileSync(
        script,
        JSON.stringify({
          replies: [{ match: '/rev(enue)?/i', reply: 'from the script' }],
          faults: [{ kind: 'status', status: 503 }],
        }),
      );
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(__dirname, '../../support/openai-test-server.ts'),
          '--script',
          script,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        const baseUrl = await new Promise<string>((resolve, reject) => {
          child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
          child.once('exit', (code) => reject(new Error(`exited ${code}`)));
        });
        expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
        const client503 = new OpenAI({ baseURL: baseUrl, apiKey: 'k', maxRetries: 0 });
        const err = await client503.chat.completions
          .create(ask('revenue'))
          .catch((e: unknown) => e);
        expect((err as APIError).status).toBe(503);
        const res = await new OpenAI({
          baseURL: baseUrl,
          apiKey: 'k',
          maxRetries: 0,
        }).chat.completions.create(ask('What was REVENUE?'));
        expect(res.choices[0]?.message.content).toBe('from the script');
      } finally {
        child.kill('SIGTERM');
      }
    } finally {
      cleanup();
    }
  });
});
