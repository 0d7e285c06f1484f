import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WorkbenchError } from '../../../shared/api/result';
import type { AskResult } from '../../../shared/ask/ask';
import type { ImportReport } from '../../../shared/library/document';
import type { AskInput, AskProgress } from '../../../main/ask/ask-service';
import type { Services } from '../../../main/services';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

const NVDA = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');
const KEY = 'sk-ask-test-key-7d1f0c9a2b';
const KEY_NAME = 'ask-test';
// Worded with the table's own headers, so retrieval puts the total revenue rows in the context.
const GROWTH = 'What is the percentage change in Total revenue from Jan 28, 2024 to Jan 26, 2025?';

type Message = { role: string; content: string };
const messagesOf = (req: RecordedRequest): Message[] =>
  (req.body as { messages?: Message[] } | undefined)?.messages ?? [];
const lastUser = (req: RecordedRequest): string =>
  [...messagesOf(req)].reverse().find((m) => m.role === 'user')?.content ?? '';
/** The first user message: the prompt with the context (a repair request repeats it). */
const firstUser = (req: RecordedRequest): string =>
  messagesOf(req).find((m) => m.role === 'user')?.content ?? '';

/**
 * The addresses of the total revenue cells as the prompt's context shows them (under
 * "Table t59 …", the line `row 7 ["Total revenue"]: [0] $130,497 | [1] $60,922 | …`), so the
 * scripted program reads real cells by what the model was actually shown.
 */
function revenueAddresses(prompt: string): { fy25: string; fy24: string } {
  const find = (amount: string) => {
    let table = '';
    for (const line of prompt.split('\n')) {
      const t = /^Table (t\d+)/.exec(line);
      if (t) table = t[1]!;
      const row = /^row (\d+) .*Total revenue.*?: (.*)$/.exec(line);
      const col = row && new RegExp(`\\[(\\d+)\\] \\$${amount}\\b`).exec(row[2]!);
      if (table && row && col) return `'${table}', ${row[1]}, ${col[1]}`;
    }
    throw new Error(`no total revenue cell showing $${amount} in the prompt`);
  };
  return { fy25: find('130,497'), fy24: find('60,922') };
}

const growthProgram = (prompt: string) => {
  const { fy25, fy24 } = revenueAddresses(prompt);
  return `Revenue is in the table.\n\n\`\`\`javascript
function solution() {
  const fy2025 = cell(${fy25});
  const fy2024 = cell(${fy24});
  return (fy2025 - fy2024) / fy2024 * 100;
}
\`\`\`\nThis returns the growth in percent.`;
};

describe.skipIf(!hasData)('AskService against the OpenAI-compatible test server', () => {
  let services: Services;
  let cleanup: () => void;
  let server: OpenAiTestServer;
  let documentId: number;
  const provider = () => ({ baseUrl: server.baseUrl, apiKeyName: KEY_NAME, maxRetries: 3 });

  // Each ask gets its own seed: the response cache (main/llm) keys on the parameters, so a
  // test's scripted replies are never answered from an earlier test's identical prompt.
  let seed = 0;
  const ask = (extra: Partial<AskInput>, events: AskProgress[] = []) =>
    services.ask.run(
      {
        provider: provider(),
        model: 'test-chat',
        mode: 'pot',
        documentId,
        question: GROWTH,
        params: { seed: ++seed },
        ...extra,
      },
      (e) => events.push(e),
    );

  beforeAll(async () => {
    if (!hasData) return;
    ({ services, cleanup } = await tempServices());
    server = await startOpenAiTestServer({ apiKey: KEY });
    const stored = await services.registry.call('secrets.set', { name: KEY_NAME, value: KEY });
    expect(stored.ok).toBe(true);
    const imported = await services.registry.call('library.importPaths', { paths: [NVDA] });
    if (!imported.ok) throw new Error(imported.error.message);
    const [item] = (imported.value as ImportReport).items;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(item)}`);
    documentId = item.document.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cleanup?.();
  });

  it('PoT on NVIDIA’s 10-K: the program reads the cells the context shows; reads, answer and grounding', async () => {
    server.setReplies([{ match: GROWTH, reply: (req) => growthProgram(lastUser(req)) }]);
    const events: AskProgress[] = [];
    const r = await ask({ askId: 'pot-nvda-1' }, events);
    expect(r.execution).toEqual({
      ok: true,
      value: expect.closeTo(114.2, 1) as unknown,
      error: null,
    });
    expect(r.answer).toMatchObject({ unit: '%', scale: 0.01 });
    expect(r.answer.value).toBeCloseTo(((130497 - 60922) / 60922) * 100, 9);
    expect(r.reads.map((c) => [c.value, c.text, c.unit, c.scale])).toEqual([
      [130497, '$130,497', 'USD', 1e6],
      [60922, '$60,922', 'USD', 1e6],
    ]);
    const literals = r.grounding!.literals;
    expect(literals.map((l) => [l.source, l.via, l.value])).toEqual([
      ['cell', 'read', 130497],
      ['cell', 'read', 60922],
      ['constant', 'literal', 100],
    ]);
    expect(literals[0]).toMatchObject({ tableId: r.reads[0]!.tableId, row: r.reads[0]!.row });
    expect(r.evidence.length).toBeGreaterThan(0);
    expect(r.usage.promptTokens).toBeGreaterThan(100);
    expect(r.grade).toBeNull();
    expect(r.repaired).toBe(false);
    // Phases in order, and the model's text streamed in pieces that add up to the output.
    const phases = events.filter((e) => e.delta === undefined).map((e) => e.phase);
    expect(phases).toEqual(['retrieving', 'generating', 'executing']);
    const streamed = events.map((e) => e.delta ?? '').join('');
    expect(streamed).toBe(r.output);
    expect(events.filter((e) => e.delta !== undefined).length).toBeGreaterThan(5);
    expect(r.modelMs).toBeGreaterThan(0);
    expect(r.overheadMs).toBeGreaterThan(0);
    // Stored in the history, newest first.
    const history = await services.registry.call('ask.history', { documentId });
    expect(history.ok && (history.value as { asks: AskResult[] }).asks[0]?.askId).toBe(
      'pot-nvda-1',
    );
  });

  it('direct and CoT answers are parsed with their unit and scale', async () => {
    server.setReplies([
      { match: 'Answer:', reply: '$130,497 million' },
      {
        match: "Let's think step by step",
        reply:
          'Revenue was $130,497 million in fiscal 2025 and $60,922 million in fiscal 2024.\n' +
          '(130,497 - 60,922) / 60,922 = 1.142.\nTherefore, the answer is 114.2%.',
      },
    ]);
    const direct = await ask({
      mode: 'direct',
      question: 'What was total revenue in fiscal 2025?',
    });
    expect(direct.answer).toEqual({
      text: '$130,497 million',
      value: 130497,
      unit: 'USD',
      scale: 1e6,
    });
    expect(direct.program).toBeNull();
    expect(direct.grounding).toBeNull();
    expect(direct.execution).toBeNull();
    const cot = await ask({ mode: 'cot' });
    expect(cot.answer).toEqual({ text: '114.2%', value: 114.2, unit: '%', scale: 0.01 });
  });

  it('repair round: Python first, then JavaScript', async () => {
    const python = '```python\ndef solution():\n    return 130497 / 60922\n```';
    server.setReplies([
      { match: 'That is Python', reply: (req) => growthProgram(firstUser(req)) },
      { match: GROWTH, reply: python },
    ]);
    const events: AskProgress[] = [];
    const r = await ask({}, events);
    expect(r.repaired).toBe(true);
    expect(r.execution?.ok).toBe(true);
    expect(r.reads).toHaveLength(2);
    const repairing = events.find((e) => e.phase === 'repairing');
    expect(repairing?.message).toMatch(/Python/);
  });

  it('repair round: a program reading a cell that does not exist, then a good one', async () => {
    const broken =
      "```javascript\nfunction solution() {\n  return cell('t59', ['Total revenues of the moon'], ['2025']);\n}\n```";
    server.setReplies([
      {
        match: 'Running your program failed',
        reply: (req) => growthProgram(firstUser(req)),
      },
      { match: GROWTH, reply: broken },
    ]);
    const r = await ask({});
    expect(r.repaired).toBe(true);
    expect(r.execution?.ok).toBe(true);
    // The model was told what failed, with the sandbox's nearest cells.
    const repairRequest = server.requests
      .filter((q) => q.path.endsWith('/chat/completions'))
      .at(-1)!;
    expect(lastUser(repairRequest)).toMatch(/runtime: .*Total revenues of the moon/);
  });

  it('no program twice: a specific error', async () => {
    server.setReplies([{ match: /./, reply: 'I think revenue grew a lot.' }]);
    const e = await ask({ question: `${GROWTH} (no program)` }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WorkbenchError);
    expect((e as WorkbenchError).message).toMatch(/no JavaScript program .* also when asked again/);
  });

  it('a failing program after the repair round completes with the sandbox error (nearest cells listed)', async () => {
    const broken =
      "```javascript\nfunction solution() {\n  return cell('t59', ['Total revenue'], ['Jan 26, 2031']);\n}\n```";
    server.setReplies([{ match: /./, reply: broken }]);
    const r = await ask({ question: `${GROWTH} (broken)` });
    expect(r.execution?.ok).toBe(false);
    expect(r.execution?.error).toMatch(/^runtime: /);
    expect(r.execution?.error).toMatch(/Jan 26, 2025/);
    expect(r.answer.value).toBeNull();
  });

  it('table-first: values as cell references, then the program', async () => {
    server.setReplies([
      {
        match: 'Values needed:',
        reply: (req) => {
          const { fy25, fy24 } = revenueAddresses(lastUser(req));
          return `- fy2025: cell(${fy25})  // total revenue FY2025\n- fy2024: cell(${fy24})  // FY2024\n\nProgram:\n${growthProgram(lastUser(req))}`;
        },
      },
    ]);
    const r = await ask({ mode: 'table-first' });
    expect(r.mode).toBe('table-first');
    expect(r.reads.map((c) => c.value)).toEqual([130497, 60922]);
    expect(r.grounding?.literals.filter((l) => l.source === 'unsupported')).toEqual([]);
  });

  it('self-consistency with 3 samples: majority vote, each sample reported', async () => {
    let n = 0;
    server.setReplies([
      {
        match: "Let's think step by step",
        reply: () =>
          ++n === 2 ? 'Therefore, the answer is 50%.' : 'Therefore, the answer is 114.2%.',
      },
    ]);
    const events: AskProgress[] = [];
    const r = await ask({ mode: 'cot', samples: 3, question: `${GROWTH} (sc)` }, events);
    expect(n).toBe(3);
    expect(events.filter((e) => e.message?.startsWith('sample ')).map((e) => e.message)).toEqual([
      'sample 1 of 3',
      'sample 2 of 3',
      'sample 3 of 3',
    ]);
    expect(r.samples?.map((s) => s.answer)).toEqual(['1.142', '0.5', '1.142']);
    expect(r.answer.value).toBe(114.2);
  });

  it('cancel mid-stream stops the ask with a cancelled error, not a hang', async () => {
    server.setReplies([{ match: /./, reply: 'x'.repeat(4000) }]);
    server.fault({ kind: 'slow', delayMs: 50, perChunk: true, times: 1 });
    const events: AskProgress[] = [];
    const started = performance.now();
    const running = ask(
      { askId: 'cancel-me-1', mode: 'direct', question: `${GROWTH} (cancel)` },
      events,
    );
    await expect
      .poll(() => events.some((e) => e.delta !== undefined), { timeout: 10_000 })
      .toBe(true);
    expect(services.ask.cancel('cancel-me-1')).toBe(true);
    const e = await running.catch((x: unknown) => x);
    expect((e as WorkbenchError).code).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(services.ask.cancel('cancel-me-1')).toBe(false);
    server.clearFaults();
  });

  it('an ask is a model job: jobs.cancel stops it too', async () => {
    server.setReplies([{ match: /./, reply: 'w'.repeat(4000) }]);
    server.fault({ kind: 'slow', delayMs: 50, perChunk: true, times: 1 });
    const events: AskProgress[] = [];
    const running = ask(
      { askId: 'job-cancel-1', mode: 'direct', question: `${GROWTH} (job)` },
      events,
    );
    await expect
      .poll(() => events.some((e) => e.delta !== undefined), { timeout: 10_000 })
      .toBe(true);
    const listed = await services.registry.call('jobs.list', {});
    const job = listed.ok
      ? (
          listed.value as { jobs: { jobId: string; kind: string; subject: string | null }[] }
        ).jobs.find((j) => j.subject === 'ask:job-cancel-1')
      : undefined;
    expect(job?.kind).toBe('model');
    const cancelled = await services.registry.call('jobs.cancel', { jobId: job!.jobId });
    expect(cancelled).toEqual({ ok: true, value: { state: 'cancelled' } });
    expect(((await running.catch((x: unknown) => x)) as WorkbenchError).code).toBe('cancelled');
    server.clearFaults();
  });

  it('a stream cut mid-way ends with a clear error', async () => {
    server.setReplies([{ match: /./, reply: 'y'.repeat(400) }]);
    server.fault({ kind: 'cut-stream', afterChunks: 3, times: 10 });
    const e = await services.ask
      .run({
        provider: { ...provider(), maxRetries: 1 },
        model: 'test-chat',
        mode: 'direct',
        documentId,
        question: `${GROWTH} (cut)`,
      })
      .catch((x: unknown) => x);
    server.clearFaults();
    expect(e).toBeInstanceOf(WorkbenchError);
    expect((e as WorkbenchError).code).toMatch(/^llm-/);
    expect((e as WorkbenchError).message).not.toContain(KEY);
  });

  it('a 429 storm with Retry-After completes, reporting the retries', async () => {
    server.setReplies([{ match: /./, reply: 'Therefore, the answer is 114.2%.' }]);
    server.fault({ kind: 'status', status: 429, retryAfter: '1', times: 2 });
    const events: AskProgress[] = [];
    const r = await ask({ mode: 'cot', question: `${GROWTH} (429)` }, events);
    expect(r.answer.value).toBe(114.2);
    expect(events.filter((e) => /retrying .* 429/.test(e.message ?? ''))).toHaveLength(2);
    expect(r.modelMs).toBeGreaterThan(1500);
  });

  it('a context over the model window says so with the context size', async () => {
    const small = await startOpenAiTestServer({ contextWindow: 200, defaultReply: '1' });
    try {
      const e = await services.ask
        .run({
          provider: { baseUrl: small.baseUrl, maxRetries: 0 },
          model: 'test-chat',
          mode: 'direct',
          documentId,
          question: GROWTH,
        })
        .catch((x: unknown) => x);
      expect((e as WorkbenchError).code).toBe('llm-context-length');
      expect((e as WorkbenchError).message).toMatch(
        /^the retrieved context \(\d+ tokens\) exceeds the model's window; lower k or the token budget/,
      );
    } finally {
      await small.close();
    }
  });

  it('the API key is in no result, event, log line, history row or database file', async () => {
    server.setReplies([{ match: GROWTH, reply: (req) => growthProgram(lastUser(req)) }]);
    // Everything the process logs while asking (a failed ask too: a 401 from a server that
    // echoes what it was sent is the likeliest leak).
    const logged: unknown[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => logged.push(args)),
    );
    const events: AskProgress[] = [];
    let r: AskResult;
    try {
      r = await ask({}, events);
      server.fault({ kind: 'status', status: 401, body: { error: { message: `bad key ${KEY}` } } });
      const failed = await ask({ question: `${GROWTH} (401)` }, events).catch((x: unknown) => x);
      expect((failed as WorkbenchError).code).toBe('llm-unauthorized');
      expect((failed as WorkbenchError).message).not.toContain(KEY);
    } finally {
      for (const spy of spies) spy.mockRestore();
      server.clearFaults();
    }
    expect(JSON.stringify(logged)).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain(KEY);
    // It was sent to the server...
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    // ...and is nowhere else.
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(JSON.stringify(services.ask.history({}, 500))).not.toContain(KEY);
    const dir = services.workspace.dir;
    for (const f of readdirSync(dir).filter((f) => f.startsWith('workbench.sqlite')))
      expect(readFileSync(join(dir, f)).includes(Buffer.from(KEY)), f).toBe(false);
  });
});

describe.skipIf(!hasData)(
  'AskService on a dataset question (TAT-QA), graded against its gold',
  () => {
    let services: Services;
    let cleanup: () => void;
    let server: OpenAiTestServer;
    const files = tempDir('ask-tatqa-');
    const questionIds = new Map<string, number>();

    beforeAll(async () => {
      if (!hasData) return;
      ({ services, cleanup } = await tempServices());
      server = await startOpenAiTestServer();
      // The first TAT-QA dev record alone: a table of sales by contract type and its questions.
      const records = JSON.parse(
        readFileSync(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'), 'utf8'),
      ) as unknown[];
      const file = join(files.dir, 'tatqa_one.json');
      writeFileSync(file, JSON.stringify(records.slice(0, 1)));
      const r = await services.registry.call('datasets.import', { path: file, format: 'tatqa' });
      if (!r.ok) throw new Error(r.error.message);
      const datasetId = (r.value as { dataset: { id: number } }).dataset.id;
      for (const q of services.datasets.questions(datasetId)) questionIds.set(q.externalId, q.id);
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      cleanup?.();
      files.cleanup();
    });

    it('PoT: a program over the record’s table, graded correct against "-12.6 million"', async () => {
      const id = questionIds.get('eb787966-fa02-401f-bfaf-ccabf3828b23')!;
      server.setReplies([
        {
          match: 'What is the change in Other in 2019 from 2018?',
          reply: (req) => {
            const table = /Table (t\d+)/.exec(lastUser(req))?.[1] ?? 't0';
            return `\`\`\`javascript\nfunction solution() {\n  return cell('${table}', ['Other'], ['2019']) - cell('${table}', ['Other'], ['2018']);\n}\n\`\`\``;
          },
        },
      ]);
      const r = await services.ask.run({
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'pot',
        questionId: id,
      });
      expect(r.question).toBe('What is the change in Other in 2019 from 2018?');
      expect(r.execution?.value).toBeCloseTo(-12.6, 9);
      expect(r.grade).toMatchObject({ correct: true, scorer: 'strict', outcome: 'correct' });
      expect(r.questionId).toBe(id);
      expect(services.ask.history({ questionId: id })[0]?.id).toBe(r.id);
    });

    it('CoT: a wrong answer is graded incorrect with the rule that decided it', async () => {
      const id = questionIds.get('05b670d3-5b19-438c-873f-9bf6de29c69e')!;
      server.setReplies([{ match: /./, reply: 'Therefore, the answer is 22.22%.' }]);
      const r = await services.ask.run({
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'cot',
        questionId: id,
      });
      expect(r.grade).toMatchObject({ correct: false, scorer: 'strict' });
      expect(r.grade?.rule).toMatch(/sign/);
    });
  },
);

if (!hasData) console.warn(`[skip] ask-service: ${noDataMessage}`);
