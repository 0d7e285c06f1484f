import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { repoRoot, runSourceCliAsync } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { chatRequests, waitFor } from './engine-support';
import { importAnswers, importTablequestHard } from './judge-support';

// `workbench judge` and `workbench report --elo` as users type them, against the test server
// in this process (so the CLI runs asynchronously: a blocking spawn would stall the server).

const cli = runSourceCliAsync;

describe.skipIf(!hasData)('workbench judge / report --elo (TableQuest hard)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let server: OpenAiTestServer;
  let ws: string[];
  const runIds: number[] = [];
  const files = tempDir('judge-cli-');

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    ws = ['--workspace', env.dir];
    const qs = (await importTablequestHard(s)).slice(0, 4);
    for (const [model, right] of [
      ['good', (i: number) => i < 3],
      ['poor', (i: number) => i === 3],
    ] as const)
      runIds.push(
        await importAnswers(s, files.dir, model, qs, (g, i) => (right(i) ? g : 'No idea.')),
      );
    // The workspace is the CLI's now (one writer at a time keeps the test simple).
    s.close();
    server = await startOpenAiTestServer({
      replies: [
        {
          match: 'Candidate A',
          reply: (req) => {
            const user = (req.body as { messages: { content: string }[] }).messages[1]!.content;
            const a = /<<<A\n([\s\S]*?)\nA>>>/.exec(user)![1]!;
            return JSON.stringify({ better: a === 'No idea.' ? 'B' : 'A', reason: 'r' });
          },
        },
        { match: 'No idea.', reply: '{"verdict":"incorrect","score":0,"reason":"no answer"}' },
        { match: /./, reply: '{"verdict":"correct","score":1,"reason":"agrees"}' },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    files.cleanup();
    env?.cleanup();
  });

  it('judge RUN --json: the verdicts, then the report shows them in their own block', async () => {
    const judged = await cli([
      'judge',
      String(runIds[0]),
      '--base-url',
      server.baseUrl,
      '--model',
      'j1',
      '--json',
      ...ws,
    ]);
    expect(judged.code, judged.stderr).toBe(0);
    expect(JSON.parse(judged.stdout)).toMatchObject({
      runId: runIds[0],
      judgeModel: 'j1',
      asked: 4,
      summary: { n: 4, correct: 3, incorrect: 1, accuracy: 75 },
    });
    expect(judged.stderr).toMatch(/judging run #\d+: 4\/4 judgements/);

    const shown = await cli(['judge', String(runIds[0]), '--show', '--json', ...ws]);
    const { judgements } = JSON.parse(shown.stdout) as {
      judgements: { externalId: string; verdict: string; reply: string; prompt: unknown[] }[];
    };
    expect(judgements.map((j) => j.verdict)).toEqual([
      'correct',
      'correct',
      'correct',
      'incorrect',
    ]);
    expect(judgements[3]).toMatchObject({
      externalId: 'hard-3',
      reply: '{"verdict":"incorrect","score":0,"reason":"no answer"}',
    });
    expect(judgements[3]!.prompt).toHaveLength(2);
    const md = await cli(['report', String(runIds[0]), '--format', 'md', ...ws]);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(
      /## LLM judge \(not a scorer[\s\S]*\| j1 \| analytic-v1 \| 75\.00 \(3\/4\)/,
    );
  });

  it('judge --pairwise, then report --elo prints the table', async () => {
    const pair = await cli([
      'judge',
      '--pairwise',
      ...runIds.map(String),
      '--base-url',
      server.baseUrl,
      '--model',
      'j1',
      ...ws,
    ]);
    expect(pair.code, pair.stderr).toBe(0);
    expect(pair.stdout).toMatch(
      /4 questions × 2 runs compared by j1 \(analytic-v1\), both orders: 8 asked/,
    );
    const elo = await cli([
      'report',
      '--elo',
      runIds.join(','),
      '--format',
      'json',
      '--json',
      ...ws,
    ]);
    expect(elo.code, elo.stderr).toBe(0);
    const table = JSON.parse(elo.stdout) as {
      rows: { runId: number; wins: number; losses: number }[];
    };
    expect(table.rows.map((r) => [r.runId, r.wins, r.losses])).toEqual([
      [runIds[0], 3, 1],
      [runIds[1], 1, 3],
    ]);
    const md = await cli(['report', '--elo', runIds.join(','), ...ws]);
    expect(md.stdout).toMatch(
      /# Elo of runs #\d+, #\d+ \(judge j1, rubric analytic-v1\)[\s\S]*\| 1 \| #\d+ \| good \|/,
    );
  });

  it('kill -9 mid-way, then the same command: what was stored is re-used, only the rest asked', async () => {
    server.fault({ kind: 'slow', delayMs: 400, times: 100, path: 'chat' });
    const before = chatRequests(server.requests).length;
    const args = ['judge', String(runIds[1]), '--base-url', server.baseUrl, '--model', 'j2'];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'main', 'cli.ts'), ...args, '--concurrency', '1', ...ws],
      { cwd: repoRoot, stdio: 'ignore' },
    );
    const closed = once(child, 'close');
    // One call at a time: the third request means two judgements are committed.
    await waitFor(() => chatRequests(server.requests).length - before >= 3, 30_000, 'three calls');
    child.kill('SIGKILL');
    await closed;
    server.clearFaults();

    const again = await cli([...args, '--json', ...ws]);
    expect(again.code, again.stderr).toBe(0);
    const r = JSON.parse(again.stdout) as { asked: number; reused: number; summary: { n: number } };
    expect(r.reused).toBeGreaterThanOrEqual(2);
    expect(r.asked + r.reused).toBe(4);
    expect(r.summary.n).toBe(4);
  });

  it('bad usage: one clear line, exit 2', async () => {
    const none = await cli(['judge', String(runIds[0]), '--model', 'j1', ...ws]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--base-url URL \(the judge endpoint\) is required/);
    const rubric = await cli([
      'judge',
      String(runIds[0]),
      '--base-url',
      server.baseUrl,
      '--model',
      'j1',
      '--rubric',
      join(files.dir, 'missing.txt'),
      ...ws,
    ]);
    expect(rubric.code).toBe(2);
    expect(rubric.stderr).toMatch(/--rubric .*missing\.txt: ENOENT/);
  });

  if (!hasData) it.skip(noDataMessage, () => undefined);
});
