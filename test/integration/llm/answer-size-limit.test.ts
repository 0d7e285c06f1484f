import { createServer as createHttpServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { llmFixture, user, type LlmFixture } from './llm-fixture';

// A chat answer is kilobytes. A server that floods (a broken proxy, or a hostile endpoint) is
// cut at 64 MB (main/llm/json-post.ts MAX_ANSWER_BYTES), streamed or not, with a final error.

let fx: LlmFixture | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  for (const close of closers.splice(0)) close();
});

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return (server.address() as { port: number }).port;
};

describe('an answer past the size limit', () => {
  it('a gzip bomb is refused once decoded past 64 MB: a clear error, not retried, the process unharmed', async () => {
    fx = await llmFixture({ defaultReply: 'unused' });
    let requests = 0;
    // 80 MB of spaces inside a JSON string compress to ~80 kB.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"x":"'), Buffer.alloc(80 * 2 ** 20, 0x20)]));
    expect(bomb.length).toBeLessThan(200_000);
    const server = createHttpServer((req, res) => {
      requests++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const port = await listening(server);
    const e = await fx.llm
      .chat({
        provider: { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 2 },
        model: 'test-chat',
        messages: user('How much?'),
      })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'llm-bad-response' });
    expect(String((e as Error).message)).toContain('larger than 64 MB');
    expect(requests).toBe(1);
  }, 20_000);

  it('a streamed answer that never ends is cut past 64 MB of text: a clear error, the stream closed', async () => {
    fx = await llmFixture({ defaultReply: 'unused' });
    let closed = false;
    const event = `data: ${JSON.stringify({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'x'.repeat(256 * 1024) }, finish_reason: null }],
    })}\n\n`;
    const server = createHttpServer((req, res) => {
      req.resume();
      res.on('close', () => (closed = true));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const flood = () => {
        while (!res.destroyed && res.write(event));
        if (!res.destroyed) res.once('drain', flood);
      };
      flood();
    });
    const port = await listening(server);
    let received = 0;
    const e = await fx.llm
      .chat({
        provider: { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 2 },
        model: 'test-chat',
        messages: user('Go on'),
        onDelta: (d) => (received += d.length),
      })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'llm-bad-response' });
    expect(String((e as Error).message)).toContain('larger than 64 MB');
    expect(received).toBeLessThanOrEqual(64 * 2 ** 20);
    await expect.poll(() => closed, { timeout: 4_000 }).toBe(true);
  }, 30_000);
});
