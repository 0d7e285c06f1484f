import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import type { AskProgress } from '../../../main/ask/ask-service';
import type { Services } from '../../../main/services';
import { runSourceCliAsync, sampleFiling } from '../../support/cli';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../../support/openai-test-server';
import { tempServices } from '../../support/services';

/**
 * The pot-python mode end to end against the OpenAI-compatible test server: DocMath-Eval's
 * Python PoT prompt, the program taken from the model's continuation or its ```python block,
 * run in the Pyodide sandbox, with one repair round when it fails.
 */

type Message = { role: string; content: string };
const messagesOf = (req: RecordedRequest): Message[] =>
  (req.body as { messages?: Message[] } | undefined)?.messages ?? [];
const lastUser = (req: RecordedRequest) =>
  [...messagesOf(req)].reverse().find((m) => m.role === 'user')?.content ?? '';

const CONTINUE = 'What was the revenue growth of Northwind in 2025 (continued program)?';
const REPAIR = 'What was the revenue growth of Northwind in 2025 (needs a repair)?';
const LOOP = 'What was the revenue growth of Northwind in 2025 (never returns)?';

const LOOP_PROGRAM = '```python\ndef solution():\n    while True:\n        pass\n```';
const FENCED = '```python\ndef solution():\n    return 1482.6 - 1319.0\n```';

describe('pot-python asks', () => {
  let services: Services;
  let cleanup: () => void;
  let server: OpenAiTestServer;
  let documentId: number;
  let seed = 0;
  const ask = (question: string, events: AskProgress[] = []) =>
    services.ask.run(
      {
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'pot-python',
        documentId,
        question,
        params: { seed: ++seed },
      },
      (e) => events.push(e),
    );

  beforeAll(async () => {
    ({ services, cleanup } = await tempServices());
    server = await startOpenAiTestServer({
      replies: [
        {
          match: 'Running your program failed',
          reply: (req) => (JSON.stringify(req.body).includes(LOOP) ? LOOP_PROGRAM : FENCED),
        },
        // The model continues the prompt's open `def solution():` and closes the fence.
        {
          match: CONTINUE,
          reply:
            '    revenue_2025 = 1482.6\n    revenue_2024 = 1319.0\n    return revenue_2025 - revenue_2024\n```',
        },
        {
          match: REPAIR,
          reply:
            '```python\nimport os\ndef solution():\n    return float(os.environ["REVENUE"])\n```',
        },
        { match: LOOP, reply: LOOP_PROGRAM },
      ],
    });
    const imported = await services.registry.call('library.importPaths', { paths: [sampleFiling] });
    if (!imported.ok) throw new Error(imported.error.message);
    const [item] = (imported.value as ImportReport).items;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(item)}`);
    documentId = item.document.id;
  });

  afterAll(async () => {
    await server?.close();
    cleanup?.();
  });

  it('asks with DocMath-Eval’s Python prompt and runs the continued program', async () => {
    const events: AskProgress[] = [];
    const r = await ask(CONTINUE, events);
    const request = server.requests.find((q) => lastUser(q).includes(CONTINUE))!;
    const [system, user] = messagesOf(request);
    expect(system!.content).toMatch(/generate a Python program/);
    expect(user!.content).toMatch(
      /```python\ndef solution\(\):\n {4}# Define variables name and value based on the given context\n$/,
    );
    expect(r.mode).toBe('pot-python');
    expect(r.program).toMatch(/^def solution\(\):\n {4}# Define variables/);
    expect(r.execution).toEqual({
      ok: true,
      value: expect.closeTo(163.6, 9) as unknown,
      error: null,
    });
    expect(r.answer.value).toBeCloseTo(163.6, 9);
    expect(r.repaired).toBe(false);
    expect(events.map((e) => e.phase)).toContain('executing');
  });

  it('a refused import is sent back once, with the error, and the repaired program runs', async () => {
    const r = await ask(REPAIR);
    expect(r.repaired).toBe(true);
    expect(r.execution).toMatchObject({ ok: true, error: null });
    const repairRequest = server.requests.find(
      (q) =>
        lastUser(q).startsWith('Running your program failed') &&
        JSON.stringify(q.body).includes(REPAIR),
    )!;
    expect(lastUser(repairRequest)).toMatch(
      /refused-module: import of module 'os' is not allowed in the sandbox/,
    );
  });

  it('a program that never returns is a timeout, recorded as a failed execution', async () => {
    const r = await ask(LOOP);
    expect(r.repaired).toBe(true);
    expect(r.execution).toMatchObject({ ok: false, value: null });
    expect(r.execution!.error).toMatch(/^timeout: /);
    expect(r.answer.value).toBeNull();
  });

  it('workbench ask --mode pot-python --json', async () => {
    const out = await runSourceCliAsync([
      'ask',
      '--doc',
      sampleFiling,
      '--question',
      CONTINUE,
      '--mode',
      'pot-python',
      '--base-url',
      server.baseUrl,
      '--model',
      'test-chat',
      '--json',
      '--workspace',
      services.workspace.dir,
    ]);
    expect(out.code, out.stderr).toBe(0);
    const json = JSON.parse(out.stdout) as {
      mode: string;
      execution: { ok: boolean; value: number };
    };
    expect(json.mode).toBe('pot-python');
    expect(json.execution.ok).toBe(true);
    expect(json.execution.value).toBeCloseTo(163.6, 9);
  });
});
