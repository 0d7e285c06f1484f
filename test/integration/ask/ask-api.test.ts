import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api/contract';
import type { AskResult, PromptTemplate } from '../../../shared/ask/ask';
import type { ImportReport } from '../../../shared/library/document';
import type { Services } from '../../../main/services';
import { sampleFiling } from '../../support/cli';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';

const QUESTION = 'What was total revenue in 2025?';

describe('ask.* API', () => {
  let services: Services;
  let cleanup: () => void;
  let server: OpenAiTestServer;
  let documentId: number;
  let providerId: number;

  const call = async (method: string, input: unknown) => {
    const r = await services.registry.call(method, input);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  };

  beforeAll(async () => {
    ({ services, cleanup } = await tempServices());
    server = await startOpenAiTestServer({
      replies: [{ match: QUESTION, reply: 'Therefore, the answer is $1,482.6 million.' }],
    });
    const report = (await call('library.importPaths', { paths: [sampleFiling] })) as ImportReport;
    const [item] = report.items;
    if (!item?.ok) throw new Error('import failed');
    documentId = item.document.id;
    const saved = (await call('llm.saveProvider', {
      config: {
        name: 'Test server',
        preset: 'custom',
        baseUrl: server.baseUrl,
        apiKeyName: null,
        defaultModel: 'test-chat',
        params: {},
        timeoutMs: 10_000,
        maxRetries: 0,
      },
    })) as { provider: { id: number } };
    providerId = saved.provider.id;
  });

  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it('ask.run streams ask.progress events with its askId and answers the stored result', async () => {
    const events: EventPayload<'ask.progress'>[] = [];
    const off = services.bus.subscribe((name, payload) => {
      if (name === 'ask.progress') events.push(payload as EventPayload<'ask.progress'>);
    });
    const askId = 'api-ask-0001';
    const r = (await call('ask.run', {
      askId,
      documentId,
      question: QUESTION,
      mode: 'cot',
      providerId,
      model: 'test-chat',
    })) as AskResult;
    off();
    expect(r).toMatchObject({
      askId,
      documentId,
      providerId,
      mode: 'cot',
      answer: { value: 1482.6, unit: 'USD', scale: 1e6 },
      grade: null,
    });
    expect(events.every((e) => e.askId === askId)).toBe(true);
    expect(events.map((e) => e.delta ?? '').join('')).toBe(r.output);
    const history = (await call('ask.history', { documentId })) as { asks: AskResult[] };
    expect(history.asks.map((a) => a.id)).toEqual([r.id]);
    expect(
      ((await call('ask.history', { documentId: documentId + 1 })) as { asks: [] }).asks,
    ).toEqual([]);
  });

  it('ask.cancel of an ask that is not running answers false', async () => {
    expect(await call('ask.cancel', { askId: 'nothing-running' })).toEqual({ cancelled: false });
  });

  it('templates: built-ins listed, a copy saved and used, built-in ids refused', async () => {
    const { templates } = (await call('ask.templates', {})) as { templates: PromptTemplate[] };
    expect(templates.map((t) => t.id)).toEqual(
      expect.arrayContaining(['direct', 'cot', 'pot', 'table-first', 'docmath-cot', 'docmath-pot']),
    );
    const cot = templates.find((t) => t.id === 'cot')!;
    const refused = await services.registry.call('ask.saveTemplate', { template: cot });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    const mine: PromptTemplate = {
      ...cot,
      id: 'my-cot',
      name: 'My CoT',
      builtin: false,
      user: 'Evidence:\n{context}\n\nQ (mine): {question}',
    };
    expect(await call('ask.saveTemplate', { template: mine })).toEqual({ template: mine });
    const after = (await call('ask.templates', {})) as { templates: PromptTemplate[] };
    expect(after.templates.find((t) => t.id === 'my-cot')).toEqual(mine);

    const r = (await call('ask.run', {
      askId: 'api-ask-0002',
      documentId,
      question: QUESTION,
      mode: 'cot',
      providerId,
      model: 'test-chat',
      templateId: 'my-cot',
    })) as AskResult;
    expect(r.answer.value).toBe(1482.6);
    const sent = server.requests.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages[1]?.content).toMatch(
      /^Evidence:\n[\s\S]*\n\nQ \(mine\): What was total revenue in 2025\?$/,
    );

    const wrongMode = await services.registry.call('ask.run', {
      askId: 'api-ask-0003',
      documentId,
      question: QUESTION,
      mode: 'pot',
      providerId,
      model: 'test-chat',
      templateId: 'my-cot',
    });
    expect(wrongMode).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('an ask about nothing, or a missing document, is a clear error', async () => {
    const none = await services.registry.call('ask.run', {
      askId: 'api-ask-0004',
      question: QUESTION,
      mode: 'direct',
      providerId,
      model: 'test-chat',
    });
    expect(none).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const missing = await services.registry.call('ask.run', {
      askId: 'api-ask-0005',
      documentId: 999_999,
      question: QUESTION,
      mode: 'direct',
      providerId,
      model: 'test-chat',
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
