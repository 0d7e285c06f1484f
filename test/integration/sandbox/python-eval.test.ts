import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from '../../../main/services';
import type { RunItemDetail } from '../../../shared/runs/item-detail';
import { runSourceCliAsync } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';
import { VALIDATION } from './python-financemath';

/**
 * `workbench eval --mode pot-python` on FinanceMath validation questions against the test
 * server, which answers each question with its gold python_solution (and one question with a
 * program importing os): every item stores its program and execution, the gold programs score
 * 100% and the refused one is an execution error.
 */

interface Record_ {
  question_id: string;
  question: string;
  python_solution: string;
}

const LIMIT = 4;

describe.skipIf(!hasData)('workbench eval --mode pot-python', () => {
  const ws = tempDir('python-eval-');
  let server: OpenAiTestServer;
  let records: Record_[] = [];

  beforeAll(async () => {
    records = (JSON.parse(readFileSync(VALIDATION, 'utf8')) as Record_[]).slice(0, LIMIT);
    const reply = (req: RecordedRequest): string => {
      const text = JSON.stringify(req.body);
      const r = records.find((x) => text.includes(JSON.stringify(x.question).slice(1, 80)));
      if (!r) return 'no idea';
      // The last question's model reaches for os every time: its item is an execution error.
      if (r === records[LIMIT - 1])
        return '```python\nimport os\ndef solution():\n    return 1\n```';
      return `Here is the program.\n\`\`\`python\n${r.python_solution}\n\`\`\``;
    };
    server = await startOpenAiTestServer({ replies: [{ match: /[\s\S]/, reply }] });
  });

  afterAll(async () => {
    await server?.close();
    ws.cleanup();
  });

  it('runs, stores program and execution per item, and reports', async () => {
    const imported = await runSourceCliAsync([
      'import-dataset',
      '--workspace',
      ws.dir,
      '--format',
      'docmath',
      VALIDATION,
      '--json',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const { datasetId } = JSON.parse(imported.stdout) as { datasetId: number };
    const run = await runSourceCliAsync([
      'eval',
      '--workspace',
      ws.dir,
      '--dataset-id',
      String(datasetId),
      '--limit',
      String(LIMIT),
      '--mode',
      'pot-python',
      '--base-url',
      server.baseUrl,
      '--model',
      'test-chat',
      '--json',
    ]);
    expect(run.stderr).not.toMatch(/not built/);
    const summary = JSON.parse(run.stdout) as { runId: number; done: number; total: number };
    expect(summary).toMatchObject({ done: LIMIT, total: LIMIT });
    const report = await runSourceCliAsync([
      'report',
      '--workspace',
      ws.dir,
      String(summary.runId),
      '--format',
      'json',
    ]);
    expect(report.code, report.stderr).toBe(0);
    const json = JSON.parse(report.stdout) as {
      accuracy: Record<string, number>;
      executionRate: number;
      items: { questionId: number; externalId: string; outcome: string; correct: boolean }[];
    };
    expect(json.accuracy.docmath).toBe(75);
    expect(json.executionRate).toBe(75);
    const refused = json.items.find((i) => i.externalId === records[LIMIT - 1]!.question_id)!;
    expect(refused.correct).toBe(false);
    // The items store the program and its execution, as JavaScript PoT items do.
    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      const detail = async (questionId: number) => {
        const r = await services.registry.call('runs.item', { runId: summary.runId, questionId });
        if (!r.ok) throw new Error(r.error.message);
        return (r.value as RunItemDetail).item;
      };
      const good = await detail(json.items.find((i) => i.correct)!.questionId);
      expect(good.program).toMatch(/^def solution\(\):/);
      expect(good.execution).toMatchObject({ ok: true });
      const bad = await detail(refused.questionId);
      expect(bad.program).toMatch(/import os/);
      expect(JSON.stringify(bad.execution)).toMatch(/refused-module: import of module 'os'/);
    } finally {
      services.close();
    }
    // Every gold program was asked once and its item graded correct.
    for (const r of records.slice(0, LIMIT - 1))
      expect(json.items.find((i) => i.externalId === r.question_id)?.correct).toBe(true);
  });
});

if (!hasData) it.skip(noDataMessage, () => undefined);
