import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsRepo } from '../../../main/db/runs-repo';
import { startServices } from '../../../main/services';
import type { RunItem, RunVerdict } from '../../../shared/runs/run';
import { repoRoot } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';
import { chatRequests, importTatqa, questionOf, tatqaDev, waitFor } from './engine-support';

// The crash test of issue 13: `workbench eval` (the CLI from source) is killed with SIGKILL in
// the middle of a run against the test server, then `eval --resume` finishes it. What "called
// and graded exactly once" means here, honestly: every question ends with exactly one committed
// item and one verdict per scorer; an item committed before the kill is never asked or graded
// again (its row and verdicts are untouched, and the model saw its prompt once); the model is
// asked again only for questions that had no committed item at the kill. A request that was in
// flight when the process died may reach the server twice (once before the kill, once after):
// nothing can tell the server its first answer was lost. A response that was cached but whose
// item was not yet committed is not asked again (the response cache answers it).

const CLI = join(repoRoot, 'main', 'cli.ts');
const CONCURRENCY = 2;

/** The CLI from source, without blocking this process (the test server answers from here). */
function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

describe.skipIf(!hasData)('run engine: kill -9 mid-run, then resume', () => {
  const ws = tempDir('engine-crash-ws-');
  const files = tempDir('engine-crash-');
  let server: OpenAiTestServer;
  let datasetId: number;
  let questions: string[];

  beforeAll(async () => {
    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      const records = tatqaDev().slice(0, 6);
      questions = records.flatMap((r) => r.questions.map((q) => q.question));
      // The accounting below tells questions apart by their text.
      expect(new Set(questions).size).toBe(questions.length);
      ({ datasetId } = await importTatqa(services, files.dir, records));
    } finally {
      services.close();
    }
    server = await startOpenAiTestServer({ defaultReply: 'Answer: 2019' });
    // Slow enough to be killed mid-run: ~40 ms per answer, two at a time.
    server.fault({ kind: 'slow', delayMs: 40, times: 100_000, path: 'chat' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    ws.cleanup();
    files.cleanup();
  });

  it('every question is committed and graded once; only uncommitted ones are asked again', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        CLI,
        'eval',
        '--workspace',
        ws.dir,
        '--dataset-id',
        String(datasetId),
        '--base-url',
        server.baseUrl,
        '--model',
        'test-chat',
        '--mode',
        'direct',
        '--concurrency',
        String(CONCURRENCY),
        '--json',
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    // Mid-run: a dozen answers given, a good part of the 36 still to come.
    await waitFor(() => chatRequests(server.requests).length >= 12, 60_000, '12 requests');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const beforeKill = chatRequests(server.requests).length;

    // What the dead process committed, read back in this process.
    let runId: number;
    let itemsBefore: RunItem[];
    let verdictsBefore: RunVerdict[];
    {
      const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
      try {
        const [run] = services.runs.list();
        expect(run).toMatchObject({ status: 'interrupted', source: 'engine', total: 36 });
        runId = run!.runId;
        expect(run!.message).toMatch(/interrupted: the process writing it \(pid \d+\) ended/);
        itemsBefore = runsRepo(services.workspace.db).items(runId);
        verdictsBefore = runsRepo(services.workspace.db).verdicts(runId);
      } finally {
        services.close();
      }
    }
    expect(itemsBefore.length).toBeGreaterThan(0);
    expect(itemsBefore.length).toBeLessThan(36);
    expect(verdictsBefore).toHaveLength(2 * itemsBefore.length);
    // `workbench runs --json` says interrupted too.
    const listed = await cli(['runs', '--workspace', ws.dir, '--json']);
    expect(listed.status).toBe(0);
    expect((JSON.parse(listed.stdout) as { runs: { status: string }[] }).runs[0]?.status).toBe(
      'interrupted',
    );
    // and, in words, how it goes on.
    const words = await cli(['runs', '--workspace', ws.dir]);
    expect(words.stdout).toContain(`goes on with: workbench eval --resume ${runId}`);

    const resumed = await cli(['eval', '--workspace', ws.dir, '--resume', String(runId), '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      runId,
      status: 'done',
      done: 36,
      total: 36,
    });

    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      const repo = runsRepo(services.workspace.db);
      const items = repo.items(runId);
      const verdicts = repo.verdicts(runId);
      // One committed item per question, none failed, each graded by both scorers once.
      expect(items).toHaveLength(36);
      expect(new Set(items.map((i) => i.questionId)).size).toBe(36);
      expect(items.every((i) => i.error === null)).toBe(true);
      expect(verdicts).toHaveLength(72);
      // What was committed before the kill is untouched: same rows, same verdicts.
      const byId = new Map(items.map((i) => [i.itemId, i]));
      for (const it of itemsBefore) expect(byId.get(it.itemId)).toEqual(it);
      const after = new Map(verdicts.map((v) => [`${v.itemId}/${v.scorer}`, v]));
      for (const v of verdictsBefore) expect(after.get(`${v.itemId}/${v.scorer}`)).toEqual(v);

      // The model's side: requests per question.
      const asked = new Map<string, number>();
      const askedAfterKill = new Set<string>();
      chatRequests(server.requests).forEach((r, i) => {
        const q = questionOf(r);
        asked.set(q, (asked.get(q) ?? 0) + 1);
        if (i >= beforeKill) askedAfterKill.add(q);
      });
      const textOf = new Map(
        services.datasets.storedQuestions(datasetId).map((q) => [q.id, q.question]),
      );
      const committedBefore = new Set(itemsBefore.map((i) => textOf.get(i.questionId!)!));
      // Every question was asked; one committed before the kill was asked exactly once and
      // never by the resumed process.
      expect(new Set(asked.keys())).toEqual(new Set(questions));
      for (const q of committedBefore) {
        expect(asked.get(q), q).toBe(1);
        expect(askedAfterKill.has(q), q).toBe(false);
      }
      // The others: once, or twice when the kill caught the request in flight (at most one per
      // slot of concurrency).
      const twice = questions.filter((q) => asked.get(q) === 2);
      for (const q of questions) expect(asked.get(q)).toBeLessThanOrEqual(2);
      expect(twice.length).toBeLessThanOrEqual(CONCURRENCY);
      expect(twice.every((q) => !committedBefore.has(q))).toBe(true);
      expect(chatRequests(server.requests).length).toBe(36 + twice.length);
    } finally {
      services.close();
    }
  }, 120_000);
});

if (!hasData) console.warn(`[skip] engine crash test: ${noDataMessage}`);
