import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import type { MethodOutput } from '../../../shared/api/contract';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { importTatqa, tatqaDev } from './engine-support';

// runs.item (the report's side panel) and runs.importBytes (the web-mode import) through the
// registry, on real TAT-QA dev records, real SQLite, the real QuickJS sandbox and real HTTP.

const OTHER_ID = 'eb787966-fa02-401f-bfaf-ccabf3828b23'; // "What is the change in Other in 2019 from 2018?"

describe.skipIf(!hasData)('runs.item and runs.importBytes (TAT-QA, test server)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let server: OpenAiTestServer;
  let datasetId: number;
  const files = tempDir('run-item-');

  async function call<M extends 'runs.item' | 'runs.importBytes'>(
    method: M,
    input: unknown,
  ): Promise<MethodOutput<M>> {
    const r = await s.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    ({ datasetId } = await importTatqa(s, files.dir, tatqaDev().slice(0, 3)));
    server = await startOpenAiTestServer({
      replies: [
        {
          match: 'What is the change in Other in 2019 from 2018?',
          reply: (req) => {
            const table = /Table (t\d+)/.exec(JSON.stringify(req.body))?.[1] ?? 't0';
            return `\`\`\`javascript\nfunction solution() {\n  return cell('${table}', ['Other'], ['2019']) - cell('${table}', ['Other'], ['2018']);\n}\n\`\`\``;
          },
        },
        { match: /./, reply: 'Answer: 2019' },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('a PoT item stores its sandbox trace; runs.item answers question, gold, program, trace and verdicts', async () => {
    const question = s.datasets.storedQuestions(datasetId).find((q) => q.externalId === OTHER_ID)!;
    const handle = s.engine.start({
      datasetId,
      limit: 10,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'pot',
      concurrency: 2,
    });
    expect((await handle.finished).status).toBe('done');

    const d = await call('runs.item', { runId: handle.runId, questionId: question.id });
    expect(d.question).toMatchObject({ id: question.id, externalId: OTHER_ID });
    expect(d.question?.gold.answer).toEqual(question.gold.answer);
    expect(d.item.program).toContain("['Other'], ['2019']");
    expect(d.item.execution).toMatchObject({ ok: true });
    expect(d.item.answer as number).toBeCloseTo(-12.6, 9);
    // The two cells the program read, as the sandbox traced them, in the order it read them.
    expect(d.trace?.version).toBe(1);
    expect(d.trace?.reads).toHaveLength(2);
    const [a, b] = d.trace!.reads;
    expect(a!.tableId).toMatch(/^t\d+$/);
    expect(a!.row).not.toBeNull();
    expect(a!.col).not.toBeNull();
    expect(a!.value! - b!.value!).toBeCloseTo(-12.6, 9);
    expect(a!.text).not.toBeNull();
    // The trace stays out of the item's execution (given once, apart).
    expect(d.item.execution).not.toHaveProperty('trace');
    // Every scorer's verdict with its rule and version, and the run's scorers.
    expect(d.verdicts.map((v) => v.scorer).sort()).toEqual(['strict', 'tatqa']);
    expect(d.verdicts.every((v) => v.rule.length > 0 && v.scorerVersion.length > 0)).toBe(true);
    expect(d.verdicts.find((v) => v.scorer === 'strict')?.correct).toBe(true);
    expect(d.scorers.map((x) => x.id)).toEqual(['tatqa', 'strict']);
  });

  it('a direct item has no trace; unknown items are not-found', async () => {
    const handle = s.engine.start({
      datasetId,
      limit: 2,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'direct',
    });
    expect((await handle.finished).status).toBe('done');
    const first = s.datasets.storedQuestions(datasetId)[0]!;
    const d = await call('runs.item', { runId: handle.runId, questionId: first.id });
    expect(d.item.output).toBe('Answer: 2019');
    expect(d.item.program).toBeNull();
    expect(d.trace).toBeNull();
    const last = s.datasets.storedQuestions(datasetId).at(-1)!;
    const missing = await s.registry.call('runs.item', {
      runId: handle.runId,
      questionId: last.id,
    });
    expect(!missing.ok && missing.error).toMatchObject({ code: 'not-found' });
    expect(!missing.ok && missing.error.message).toMatch(/has no item for question/);
    const noRun = await s.registry.call('runs.item', { runId: 999_999, questionId: first.id });
    expect(!noRun.ok && noRun.error.code).toBe('not-found');
  });

  it('runs.importBytes imports uploaded JSONL as runs.import does, with the same report', async () => {
    const q = s.datasets.storedQuestions(datasetId);
    const text = [
      JSON.stringify({
        id: q[0]!.externalId,
        output: `The answer is ${String(q[0]!.gold.answer)}`,
      }),
      JSON.stringify({ id: q[1]!.externalId, output: 'no idea' }),
      '{"id": "not-a-question", "output": "1"}',
      '{broken',
      JSON.stringify({ id: q[1]!.externalId, output: 'again' }),
    ].join('\n');
    const bytes = new TextEncoder().encode(text);
    const r = await call('runs.importBytes', {
      name: 'uploaded-model.jsonl',
      format: 'jsonl',
      bytes,
      datasetId,
    });
    expect(r).toMatchObject({ status: 'done', datasetId, records: 5, matched: 2 });
    expect(r.unknownIds).toEqual({ count: 1, examples: ['not-a-question'] });
    expect(r.unreadable.count).toBe(1);
    expect(r.duplicates).toEqual({ count: 1, examples: [q[1]!.externalId] });
    const { summary, manifest } = s.runs.get(r.runId);
    expect(summary).toMatchObject({ model: 'uploaded-model', source: 'imported' });
    expect(manifest.imported).toMatchObject({ file: 'uploaded-model.jsonl', bytes: bytes.length });
    // An imported item has what the file had: no program, no trace.
    const d = await call('runs.item', { runId: r.runId, questionId: q[1]!.id });
    expect(d.item.output).toBe('no idea');
    expect(d.trace).toBeNull();

    const empty = await s.registry.call('runs.importBytes', {
      name: 'empty.jsonl',
      format: 'jsonl',
      bytes: new Uint8Array(),
    });
    expect(!empty.ok && empty.error).toMatchObject({ code: 'file-empty' });
    expect(!empty.ok && empty.error.message).toMatch(/empty\.jsonl is empty/);
  });
});

if (!hasData) console.warn(`[skip] runs.item and runs.importBytes: ${noDataMessage}`);
