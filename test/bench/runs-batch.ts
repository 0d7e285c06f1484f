/**
 * A 1,000-question run through the OpenAI Batch API against the test server (in this process;
 * a batch moves one status per poll, polled every 50 ms): the turnaround from `runs.start` to
 * done, split into building and uploading the JSONL (retrieval and prompts for every question,
 * one upload, one batch), the server's part (its statuses, answering every line), and collecting
 * (downloading the output, finishing and grading every answer, committing each item). Then the
 * same questions as a direct run on the same server, for scale.
 *
 *   node --import tsx test/bench/runs-batch.ts   (BENCH_N=… questions, default 1000)
 */
import { availableParallelism, loadavg } from 'node:os';
import type { RunProgress } from '../../shared/runs/run';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { startOpenAiTestServer } from '../support/openai-test-server';
import { tempServices } from '../support/services';

const N = Number(process.env.BENCH_N ?? 1000);
const POLL_MS = 50;

async function main(): Promise<number> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const { services, cleanup } = await tempServices();
  const server = await startOpenAiTestServer({ defaultReply: 'Answer: 2019' });
  try {
    const stored = await services.datasets.importFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    const engine = services.engine;
    const marks: Partial<Record<'submitted' | 'ended', number>> = {};
    const started = performance.now();
    const onProgress = (p: RunProgress) => {
      if (p.batch) marks.submitted ??= performance.now();
      if (p.batch?.status === 'completed') marks.ended ??= performance.now();
    };
    const last = await engine.start(
      {
        datasetId: stored.datasetId,
        limit: N,
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'direct',
        batchApi: true,
        pollMs: POLL_MS,
      },
      onProgress,
    ).finished;
    const done = performance.now();
    if (last.status !== 'done' || last.done !== N)
      throw new Error(`run ended ${last.status}: ${last.done}/${last.total} (${last.message})`);
    const s = (a: number, b: number) => ((b - a) / 1000).toFixed(2);
    const batch = [...server.batches.batches.values()][0]!;
    const bytes = server.batches.files.get(batch.inputFileId)!.bytes.length;

    const d0 = performance.now();
    const direct = await engine.start({
      datasetId: stored.datasetId,
      limit: N,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'direct',
      concurrency: 16,
      cache: false,
    }).finished;
    const directSeconds = (performance.now() - d0) / 1000;

    console.log(`\nquestions: ${N}, direct mode through one batch (poll every ${POLL_MS} ms)`);
    console.log(
      `turnaround: ${s(started, done)} s = build + upload ${s(started, marks.submitted!)} s (JSONL ${(bytes / 1e6).toFixed(1)} MB) + server ${s(marks.submitted!, marks.ended!)} s + collect ${s(marks.ended!, done)} s (${(N / ((done - marks.ended!) / 1000)).toFixed(0)} items/s finished and committed)`,
    );
    console.log(
      `direct run, same questions, concurrency 16: ${directSeconds.toFixed(2)} s (${direct.status})`,
    );
    console.log(
      `machine: load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    return 0;
  } finally {
    await server.close();
    cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
