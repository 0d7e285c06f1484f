import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open';
import { LlmService } from '../../../main/llm/llm-service';
import { llmFixture, user, type LlmFixture } from './llm-fixture';

let fx: LlmFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const cacheRows = (f: LlmFixture): number =>
  (f.db.prepare('SELECT COUNT(*) AS n FROM llm_cache').get() as { n: number }).n;

/** One turn of the event loop: the response cache commits what came back in the last one. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('LlmService response cache writes (one transaction per event-loop turn)', () => {
  it('an answer not yet committed is a hit already; it is committed on the next turn', async () => {
    fx = await llmFixture({ defaultReply: 'forty-two' });
    const req = {
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('q'),
    };
    const first = await fx.llm.chat(req);
    expect(first.cached).toBe(false);
    // Same turn: not written yet, but the next identical request does not ask the server.
    expect(cacheRows(fx)).toBe(0);
    const again = await fx.llm.chat(req);
    expect(again).toMatchObject({ text: 'forty-two', cached: true, costUsd: 0 });
    expect(fx.server.requests).toHaveLength(1);
    await nextTurn();
    expect(cacheRows(fx)).toBe(1);
  });

  it('answers that came back together are all stored, for the next process too', async () => {
    fx = await llmFixture({ replies: [{ match: '', reply: (req) => `a${req.body ? 1 : 0}` }] });
    const ask = (i: number) =>
      fx!.llm.chat({
        provider: { baseUrl: fx!.server.baseUrl },
        model: 'test-chat',
        messages: user(`q${i}`),
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i)));
    await nextTurn();
    expect(cacheRows(fx)).toBe(20);
    // A second service on the same workspace (a restarted app) answers them from the file.
    const db2 = openDatabase(fx.dbPath);
    const other = new LlmService(db2, fx.secrets);
    for (let i = 0; i < 20; i++) {
      const r = await other.chat({
        provider: { baseUrl: fx.server.baseUrl },
        model: 'test-chat',
        messages: user(`q${i}`),
      });
      expect(r.cached).toBe(true);
    }
    expect(fx.server.requests).toHaveLength(20);
    db2.close();
  });

  it('flush commits the pending answers at once (the workspace closes before the next turn)', async () => {
    fx = await llmFixture({ defaultReply: 'kept' });
    await fx.llm.chat({
      provider: { baseUrl: fx.server.baseUrl },
      model: 'test-chat',
      messages: user('q'),
    });
    expect(cacheRows(fx)).toBe(0);
    fx.llm.flush();
    expect(cacheRows(fx)).toBe(1);
    // The turn's own commit then finds nothing left to write, and the database closed after
    // a flush is not touched again.
    fx.db.close();
    await nextTurn();
  });
});

describe('LlmService settings (read once, until they change)', () => {
  it('a price set here applies to the next call', async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    const ask = (q: string) =>
      fx!.llm.chat({
        provider: { baseUrl: fx!.server.baseUrl },
        model: 'test-chat',
        messages: user(q),
      });
    expect((await ask('a')).costUsd).toBeNull();
    fx.llm.providers.setSettings({
      prices: [{ model: 'test-chat', inputPerMTok: 1e6, outputPerMTok: 0 }],
    });
    const r = await ask('b');
    expect(r.costUsd).toBe(r.usage.promptTokens);
  });

  it("another process's change (another connection to the workspace) applies to the next call", async () => {
    fx = await llmFixture({ defaultReply: 'ok' });
    const ask = (q: string) =>
      fx!.llm.chat({
        provider: { baseUrl: fx!.server.baseUrl },
        model: 'test-chat',
        messages: user(q),
      });
    expect((await ask('a')).costUsd).toBeNull();
    const db2 = openDatabase(fx.dbPath);
    try {
      new LlmService(db2, fx.secrets).providers.setSettings({
        prices: [{ model: 'test-chat', inputPerMTok: 1e6, outputPerMTok: 0 }],
      });
      const r = await ask('b');
      expect(r.costUsd).toBe(r.usage.promptTokens);
      expect(fx.llm.providers.settings().prices).toHaveLength(1);
      // The offline switch too: a remote endpoint is refused at once.
      new LlmService(db2, fx.secrets).providers.setSettings({ offline: true });
      await expect(
        fx.llm.chat({
          provider: { baseUrl: 'https://example.com/v1' },
          model: 'm',
          messages: user('c'),
        }),
      ).rejects.toMatchObject({ code: 'llm-offline' });
    } finally {
      db2.close();
    }
  });
});
