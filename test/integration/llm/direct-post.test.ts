import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerTooLarge, postJson, PostFailure } from '../../../main/llm/json-post';
import { clientFor } from '../../../main/llm/openai-calls';
import { freePort, llmFixture, user, type LlmFixture } from './llm-fixture';

let fx: LlmFixture | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  for (const close of closers.splice(0)) close();
});

const listening = async (server: Server | ReturnType<typeof createNetServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return (server.address() as { port: number }).port;
};

const ANSWER = JSON.stringify({
  id: 'c1',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

describe('a chat answer that is not streamed is POSTed directly', () => {
  it('sends what the openai client sends: the same body, JSON, no Authorization without a key', async () => {
    fx = await llmFixture({ defaultReply: 'fine' });
    const request = {
      model: 'test-chat',
      messages: user('What was revenue in 2019?'),
      temperature: 0,
      max_tokens: 50,
      stream: false as const,
    };
    const ep = { baseUrl: fx.server.baseUrl, apiKeyName: null, timeoutMs: 5_000, maxRetries: 0 };
    await clientFor({ ...ep, params: {} }).chat.completions.create(request);
    const r = await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl, maxRetries: 0 },
      model: 'test-chat',
      messages: user('What was revenue in 2019?'),
      params: { temperature: 0, maxTokens: 50 },
    });
    expect(r.text).toBe('fine');
    const [viaClient, direct] = fx.server.requests;
    expect(direct?.path).toBe(viaClient?.path);
    expect(JSON.stringify(direct?.body)).toBe(JSON.stringify(viaClient?.body));
    expect(direct?.headers['content-type']).toBe('application/json');
    expect(direct?.headers.authorization).toBeUndefined();
  });

  it('a kept-alive connection the server reset is asked again once, on a new one', async () => {
    let connections = 0;
    let requests = 0;
    const server = createNetServer((socket: Socket) => {
      connections++;
      const first = connections === 1;
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
        requests++;
        // The first connection answers once, then resets on its second request (a server that
        // closed the idle connection as the request was sent); the second one answers.
        if (first && requests === 2) return socket.resetAndDestroy();
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${ANSWER.length}\r\nconnection: keep-alive\r\n\r\n${ANSWER}`,
        );
      });
    });
    const port = await listening(server);
    const url = `http://127.0.0.1:${port}/v1/chat/completions`;
    const signal = new AbortController().signal;
    const headers = { 'content-type': 'application/json' };
    expect((await postJson(url, '{}', headers, signal)).status).toBe(200);
    const again = await postJson(url, '{}', headers, signal);
    expect(JSON.parse(again.text)).toMatchObject({ id: 'c1' });
    expect(requests).toBe(3);
    expect(connections).toBe(2);
  });

  it('asks for and decodes gzip, deflate and brotli answers, as fetch does', async () => {
    const seen: (string | undefined)[] = [];
    const codings = ['gzip', 'deflate', 'br', 'identity'];
    const server = createHttpServer((req, res) => {
      seen.push(req.headers['accept-encoding']);
      const coding = codings[seen.length - 1]!;
      const raw = Buffer.from(ANSWER);
      const body =
        coding === 'gzip'
          ? gzipSync(raw)
          : coding === 'deflate'
            ? deflateSync(raw)
            : coding === 'br'
              ? brotliCompressSync(raw)
              : raw;
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
      res.end(body);
      req.resume();
    });
    const port = await listening(server);
    for (const _ of codings) {
      const r = await postJson(
        `http://127.0.0.1:${port}/v1/chat/completions`,
        '{}',
        {},
        new AbortController().signal,
      );
      expect(r.text).toBe(ANSWER);
    }
    expect(seen[0]).toBe('gzip, deflate');
  });

  it('follows a redirect through the openai client, as fetch would', async () => {
    fx = await llmFixture({ defaultReply: 'moved here' });
    const target = fx.server.baseUrl;
    const server = createHttpServer((req, res) => {
      res.writeHead(307, { location: `${target}/chat/completions` });
      res.end();
      req.resume();
    });
    const port = await listening(server);
    const r = await fx.llm.chat({
      provider: { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 },
      model: 'test-chat',
      messages: user('Where?'),
    });
    expect(r.text).toBe('moved here');
    expect(fx.server.requests).toHaveLength(1);
  });

  it('an abort ends the request at once with the signal’s reason; nothing listening is a connect failure', async () => {
    const server = createHttpServer(() => undefined); // never answers
    const port = await listening(server);
    const controller = new AbortController();
    const pending = postJson(`http://127.0.0.1:${port}/`, '{}', {}, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(pending).rejects.toThrow('stop');
    server.closeAllConnections();

    const refused = await postJson(
      `http://127.0.0.1:${await freePort()}/`,
      '{}',
      {},
      new AbortController().signal,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PostFailure);
    expect((refused as PostFailure).kind).toBe('connect');
    expect((refused as PostFailure).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('an endless answer is cut at the limit, its socket closed, whether it says its length or not', async () => {
    let closed = 0;
    const server = createHttpServer((req, res) => {
      req.resume();
      res.on('close', () => closed++);
      if (req.url === '/said') {
        res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        return res.write('{');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const flood = () => {
        while (res.write(Buffer.alloc(64 * 1024, 0x20)));
        if (!res.destroyed) res.once('drain', flood);
      };
      flood();
    });
    const port = await listening(server);
    for (const path of ['/flood', '/said']) {
      const started = Date.now();
      const e = await postJson(
        `http://127.0.0.1:${port}${path}`,
        '{}',
        {},
        new AbortController().signal,
        1024 * 1024,
      ).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AnswerTooLarge);
      expect(Date.now() - started).toBeLessThan(4_000);
    }
    await expect.poll(() => closed, { timeout: 4_000 }).toBe(2);
  });
});
