import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import {
  startOpenAiTestServer,
  TEST_EMBED_MODEL,
  type OpenAiTestServer,
} from '../../support/openai-test-server';
import { tempServices } from '../../support/services';

const HIERTT = dataPath('datasets', 'multihiertt', 'dev_subset.json');

/**
 * retrieval.search with `embeddings`: the units and the question are embedded through a
 * configured provider (the local OpenAI-compatible test server's /v1/embeddings), vectors are
 * kept in the workspace, and the dense ranking is fused with BM25 by RRF.
 */
describe.skipIf(!hasData)('dense retrieval through an embeddings endpoint', () => {
  let ws: Awaited<ReturnType<typeof tempServices>>;
  let server: OpenAiTestServer;
  let providerId: number;
  let documentId: number;
  let question: string;

  beforeAll(async () => {
    server = await startOpenAiTestServer();
    ws = await tempServices();
    const saved = await ws.services.registry.call('llm.saveProvider', {
      config: {
        name: 'Local test server',
        preset: 'custom',
        baseUrl: server.baseUrl,
        apiKeyName: null,
        defaultModel: null,
        params: {},
        timeoutMs: 5_000,
        maxRetries: 0,
      },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    providerId = (saved.value as { provider: { id: number } }).provider.id;
    const stored = await ws.services.datasets.importFile('multihiertt', HIERTT);
    const q = ws.services.datasets.questions(stored.datasetId)[0]!;
    documentId = q.documentId!;
    question = q.question;
  }, 120_000);
  afterAll(async () => {
    ws.cleanup();
    await server.close();
  });

  /** The `input` of each embeddings request the server received. */
  const embeddingCalls = () =>
    server.requests
      .filter((r) => r.path.endsWith('/embeddings'))
      .map((r) => (r.body as { input: string[] }).input);
  const search = (options: object) =>
    ws.services.registry.call('retrieval.search', { documentId, question, options });

  it('fuses BM25 and embedding ranks, embedding the document once per model', async () => {
    const options = { k: 10, embeddings: { providerId, model: TEST_EMBED_MODEL } };
    const first = await search(options);
    if (!first.ok) throw new Error(first.error.message);
    const hits = (first.value as { hits: RetrievalHit[] }).hits;
    expect(hits).toHaveLength(10);
    expect(
      hits.every((h) => h.ranks && (h.ranks.bm25 !== undefined || h.ranks.dense !== undefined)),
    ).toBe(true);
    expect(hits.some((h) => h.ranks?.dense !== undefined)).toBe(true);
    const units = embeddingCalls().reduce((n, input) => n + input.length, 0);
    expect(units).toBeGreaterThan(10);
    server.requests.length = 0;
    await search(options);
    // Stored vectors are reused: only the question is embedded again.
    expect(embeddingCalls()).toEqual([[question]]);
  });

  it('reports an embeddings endpoint failure as the provider’s error, not a crash', async () => {
    server.fault({ kind: 'status', status: 500, path: '/embeddings' });
    const failed = await search({ k: 5, embeddings: { providerId, model: 'other-embed-model' } });
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.code).toBe('llm-server-error');
    // Plain BM25 still answers.
    expect((await search({ k: 5 })).ok).toBe(true);
  });
});

if (!hasData) console.warn(`[skip] dense retrieval: ${noDataMessage}`);
