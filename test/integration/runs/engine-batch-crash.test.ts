import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatchesRepo } from '../../../main/db/run-batches-repo';
import { runsRepo } from '../../../main/db/runs-repo';
import { startServices } from '../../../main/services';
import { repoRoot, runSourceCliAsync } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';
import { chatRequests, importTatqa, tatqaDev, waitFor } from './engine-support';

// `workbench eval --batch-api` (the CLI from source) is killed with SIGKILL while it polls its
// batch; `eval --resume` in a new process polls the same batch (the server sees one batch
// created, not two) and commits every answer once.

const CLI = join(repoRoot, 'main', 'cli.ts');

const retrieves = (s: OpenAiTestServer) =>
  s.requests.filter((r) => r.method === 'GET' && /\/v1\/batches\/[^/]+$/.test(r.path)).length;

describe.skipIf(!hasData)('Batch API run: kill -9 while polling, then resume', () => {
  const ws = tempDir('engine-batch-crash-ws-');
  const files = tempDir('engine-batch-crash-');
  let server: OpenAiTestServer;
  let datasetId: number;

  beforeAll(async () => {
    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      ({ datasetId } = await importTatqa(services, files.dir, tatqaDev().slice(0, 2)));
    } finally {
      services.close();
    }
    // Held in progress until the test lets it finish.
    server = await startOpenAiTestServer({
      defaultReply: 'Answer: 2019',
      batch: { pollsPerStatus: 1_000_000 },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    ws.cleanup();
    files.cleanup();
  });

  it('the resumed process polls the recorded batch instead of submitting again', async () => {
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
        '--batch-api',
        '--poll-seconds',
        '0.02',
        '--json',
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await waitFor(() => server.batches.created === 1 && retrieves(server) >= 3, 60_000, 'polls');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    let runId: number;
    let total: number;
    {
      const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
      try {
        const [run] = services.runs.list();
        expect(run).toMatchObject({ status: 'interrupted', done: 0 });
        runId = run!.runId;
        total = run!.total;
        const [stored] = runBatchesRepo(services.workspace.db).all(runId);
        const batch = [...server.batches.batches.values()][0]!;
        expect(stored).toMatchObject({ batchId: batch.id, collected: false });
        expect(stored!.questionIds).toHaveLength(total);
      } finally {
        services.close();
      }
    }

    server.batches.pollsPerStatus = 1;
    const resumed = await runSourceCliAsync([
      'eval',
      '--workspace',
      ws.dir,
      '--resume',
      String(runId),
      '--poll-seconds',
      '0.02',
      '--json',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ runId, status: 'done', done: total });
    expect(resumed.stderr).toMatch(/batch batch_test\d+ completed/);
    expect(resumed.stderr).toMatch(
      /Ctrl-C pauses it \(stops polling; the batch goes on at the server/,
    );
    // One batch for the whole run, and no question asked outside it.
    expect(server.batches.created).toBe(1);
    expect(chatRequests(server.requests)).toHaveLength(0);

    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      const repo = runsRepo(services.workspace.db);
      const items = repo.items(runId);
      expect(items).toHaveLength(total);
      expect(new Set(items.map((i) => i.questionId)).size).toBe(total);
      expect(repo.verdicts(runId)).toHaveLength(2 * total);
      expect(runBatchesRepo(services.workspace.db).all(runId)).toMatchObject([
        { status: 'completed', collected: true },
      ]);
    } finally {
      services.close();
    }
  }, 120_000);
});

if (!hasData) console.warn(`[skip] Batch API crash test: ${noDataMessage}`);
