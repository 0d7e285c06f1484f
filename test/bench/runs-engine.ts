/**
 * The run engine's own overhead (issue 13's "≥ 200 questions/s"): 1,000 TAT-QA dev questions,
 * direct mode, against the OpenAI-compatible test server answering at once. The server runs in
 * its own process (so its work is not counted against the engine's event loop), and the same
 * server's raw rate is measured in the same run: 1,000 plain chat requests through the `openai`
 * client at the same concurrency, each with a prompt of the engine's size. Engine throughput is
 * everything per question: the document opened, its retrieval index built (first question of a
 * record) and searched, the prompt, the request, two scorers, the item and its verdicts
 * committed in one transaction, progress events. The raw side is measured warm (as many untimed
 * requests first): the engine's calls no longer go through the `openai` client, so they no longer
 * warm its code for it. A third line, `floor`, is the engine's own transport alone (a bare POST,
 * main/llm/json-post.ts), for reading the ratio; the target's reference is the raw rate.
 *
 * Those lines compare a cold engine (its first N questions in a fresh process: V8 compiles the
 * whole answer path meanwhile, ≈ 0.7 ms of CPU per question at N = 1,000) with a warm raw client.
 * The `warm:` and `cold:` lines compare them at equal warmth: the engine's second N questions
 * (another fresh workspace, so its indexes are built again and nothing comes from the cache)
 * against the warm raw client, and the engine's first N against the raw client's first N in a
 * fresh process of its own (BENCH_EQUAL=0 leaves both out).
 *
 *   node --import tsx test/bench/runs-engine.ts   (BENCH_N=… questions, default 1000;
 *                                                   BENCH_CONCURRENCY=…, default 16;
 *                                                   BENCH_PROFILE=file.cpuprofile: a CPU
 *                                                   profile of the engine's part alone;
 *                                                   BENCH_PROFILE_WARM=…: of its second run;
 *                                                   BENCH_PROFILE_RAW=…: of the raw part)
 */
import { setMaxListeners } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import OpenAI from 'openai';
import { runsRepo } from '../../main/db/runs-repo';
import { postJson } from '../../main/llm/json-post';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempServices } from '../support/services';
import { tempDir } from '../support/temp-dir';

const N = Number(process.env.BENCH_N ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TARGET_QPS = 200;
const repoRoot = join(__dirname, '..', '..');

/** The test server as a child process; resolves with its base URL. */
async function startServer(dir: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const script = join(dir, 'server.json');
  writeFileSync(script, JSON.stringify({ defaultReply: 'Answer: 2019' }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/openai-test-server.ts', '--port', '0', '--script', script],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`test server exited (${code})`)));
  });
  return { baseUrl: line.trim(), child };
}

/**
 * A CPU profile of what `work` does alone (not the import, the start-up or the raw-rate half),
 * written to BENCH_PROFILE when set: `node --cpu-prof` would mix them all.
 */
async function profiled<T>(out: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!out) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
    session.disconnect();
  }
}

/** `n` chat requests through the openai client, `concurrency` at a time; requests/s. */
async function rawRate(baseUrl: string, n: number, concurrency: number, prompt: string) {
  const client = new OpenAI({ baseURL: baseUrl, apiKey: 'x', maxRetries: 0 });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        await client.chat.completions.create({
          model: 'test-chat',
          messages: [
            { role: 'system', content: 'Answer the question.' },
            { role: 'user', content: `${prompt}\n#${i}` },
          ],
        });
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

/** The same requests through the engine's own transport (`postJson`), without the engine. */
async function postRate(baseUrl: string, n: number, concurrency: number, prompt: string) {
  let next = 0;
  const started = performance.now();
  const signal = new AbortController().signal;
  // One signal under every request in flight, as the engine's own (run-engine.ts does the same).
  setMaxListeners(0, signal);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const body = JSON.stringify({
          model: 'test-chat',
          messages: [
            { role: 'system', content: 'Answer the question.' },
            { role: 'user', content: `${prompt}\n#${i}` },
          ],
          stream: false,
        });
        const answer = await postJson(
          `${baseUrl}/chat/completions`,
          body,
          { 'content-type': 'application/json', accept: 'application/json' },
          signal,
        );
        JSON.parse(answer.text);
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

/** A fresh workspace with TAT-QA dev imported; `label` says which run it is for. */
async function workspaceWithTatqa(label: string) {
  const ws = await tempServices();
  const t0 = performance.now();
  const stored = await ws.services.datasets.importFile(
    'tatqa',
    dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
  );
  console.log(
    `imported TAT-QA dev (${label}): ${ws.services.datasets.summary(stored.datasetId).questionCount} questions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // BENCH_SYNC_NORMAL=1: WAL with synchronous=NORMAL (commits not fsynced; see BENCHMARKS).
  if (process.env.BENCH_SYNC_NORMAL) ws.services.workspace.db.pragma('synchronous = NORMAL');
  return { ...ws, datasetId: stored.datasetId };
}

/** One engine run of N questions on a fresh workspace: its rate, CPU per question and items. */
async function engineRun(
  ws: Awaited<ReturnType<typeof workspaceWithTatqa>>,
  baseUrl: string,
  profile: string | undefined,
) {
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const last = await profiled(
    profile,
    () =>
      ws.services.engine.start({
        datasetId: ws.datasetId,
        limit: N,
        provider: { baseUrl },
        model: 'test-chat',
        mode: 'direct',
        concurrency: CONCURRENCY,
      }).finished,
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (last.status !== 'done' || last.done !== N)
    throw new Error(`run ended ${last.status}: ${last.done}/${last.total} (${last.message})`);
  return {
    qps: N / seconds,
    seconds,
    cpuMs: (cpu.user + cpu.system) / 1000 / N,
    items: runsRepo(ws.services.workspace.db).items(last.runId),
  };
}

/**
 * The raw client's rate in a fresh process (`BENCH_RAW_COLD=baseUrl promptChars`): the first N
 * requests of a process, as cold as the engine's first run is. Prints one JSON line.
 */
async function rawColdChild(spec: string): Promise<number> {
  const [baseUrl, chars] = spec.split(' ');
  const cpu0 = process.cpuUsage();
  const rate = await rawRate(baseUrl!, N, CONCURRENCY, 'x'.repeat(Number(chars)));
  const used = process.cpuUsage(cpu0);
  console.log(JSON.stringify({ rate, cpuMs: (used.user + used.system) / 1000 / N }));
  return 0;
}

/** Spawns `rawColdChild` in a fresh process; its rate and CPU per request. */
async function rawCold(baseUrl: string, promptChars: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_RAW_COLD: `${baseUrl} ${promptChars}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the cold raw process exited ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!) as { rate: number; cpuMs: number };
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`;

async function main(): Promise<number> {
  if (process.env.BENCH_RAW_COLD) return rawColdChild(process.env.BENCH_RAW_COLD);
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const files = tempDir('bench-engine-');
  const { baseUrl, child } = await startServer(files.dir);
  const workspaces: (() => void)[] = [];
  try {
    // The engine first (a cold workspace: every record's retrieval index is built in the run).
    const first = await workspaceWithTatqa('first run');
    workspaces.push(first.cleanup);
    const engine = await engineRun(first, baseUrl, process.env.BENCH_PROFILE);
    const items = engine.items;
    const promptChars = Math.round(
      (4 * items.reduce((n, i) => n + (i.usage?.inputTokens ?? 0), 0)) / items.length,
    );

    // The same server's raw rate, same concurrency, prompts of the same size.
    const latency = items.reduce((n, i) => n + (i.latencyMs ?? 0), 0) / items.length;
    // Warm first: the engine's model calls no longer go through the `openai` client (they are
    // POSTed directly, main/llm/json-post.ts), so they no longer warm its code for this half;
    // untimed, as many requests as the engine made, so the raw rate is measured as before.
    await rawRate(baseUrl, N, CONCURRENCY, 'x'.repeat(promptChars));
    const rawCpu0 = process.cpuUsage();
    const raw = await profiled(process.env.BENCH_PROFILE_RAW, () =>
      rawRate(baseUrl, N, CONCURRENCY, 'x'.repeat(promptChars)),
    );
    const rawCpuUsed = process.cpuUsage(rawCpu0);
    const rawCpuMs = (rawCpuUsed.user + rawCpuUsed.system) / 1000 / N;
    // The engine's own transport alone (what a question's request costs at least), for reading
    // the ratio: not the target's reference.
    const floorCpu0 = process.cpuUsage();
    const floor = await postRate(baseUrl, N, CONCURRENCY, 'x'.repeat(promptChars));
    const floorCpuUsed = process.cpuUsage(floorCpu0);
    const floorCpuMs = (floorCpuUsed.user + floorCpuUsed.system) / 1000 / N;

    // Equal warmth (BENCH_EQUAL=0 leaves it out). The lines above compare the engine's first
    // N questions in a fresh process (V8 compiles the whole answer path meanwhile) with the
    // raw client after N untimed requests. Both sides are also measured as warm as each
    // other: the engine a second time, N questions after its first N, on another fresh
    // workspace (its indexes built again, no cache hit); and both cold: the raw client's first
    // N requests in a fresh process of their own, beside the engine's first run above.
    const equal = process.env.BENCH_EQUAL !== '0';
    let warm: Awaited<ReturnType<typeof engineRun>> | undefined;
    let cold: { rate: number; cpuMs: number } | undefined;
    if (equal) {
      const second = await workspaceWithTatqa('second run');
      workspaces.push(second.cleanup);
      warm = await engineRun(second, baseUrl, process.env.BENCH_PROFILE_WARM);
      cold = await rawCold(baseUrl, promptChars);
    }

    console.log(`\nquestions: ${N}, direct mode, concurrency ${CONCURRENCY}, cache on (no hits)`);
    console.log(
      `engine:   ${engine.qps.toFixed(0)} questions/s (${engine.seconds.toFixed(2)} s); ${engine.cpuMs.toFixed(2)} ms of this process's CPU per question; mean model latency seen ${latency.toFixed(0)} ms`,
    );
    console.log(
      `raw:      ${raw.toFixed(0)} requests/s (openai client, ~${promptChars}-char prompts); ${rawCpuMs.toFixed(2)} ms CPU per request`,
    );
    console.log(
      `floor:    ${floor.toFixed(0)} requests/s (the engine's own POST, main/llm/json-post.ts); ${floorCpuMs.toFixed(2)} ms CPU per request`,
    );
    console.log(
      `machine:  load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )} on ${availableParallelism()} cores (wall rates shrink with it; CPU per question does not)`,
    );
    console.log(`ratio:    ${pct(engine.qps, raw)} of the raw rate`);
    // The wall rates follow the machine's load (other processes); CPU per question does not as
    // much: at equal CPU the engine would answer this share of the raw rate.
    console.log(
      `cpu:      ${pct(rawCpuMs, engine.cpuMs)} of the raw rate at equal CPU (raw CPU per request / engine CPU per question)`,
    );
    if (warm && cold) {
      console.log(
        `\nequal warmth (the lines above: the engine's first ${N} questions in a fresh process against the raw client after ${N} untimed requests)`,
      );
      console.log(
        `warm:     engine's second run ${warm.qps.toFixed(0)} questions/s, ${warm.cpuMs.toFixed(2)} ms CPU per question; raw (warm, above) ${raw.toFixed(0)} requests/s, ${rawCpuMs.toFixed(2)} ms: ${pct(warm.qps, raw)} of the raw rate, ${pct(rawCpuMs, warm.cpuMs)} at equal CPU`,
      );
      console.log(
        `cold:     engine's first run (above) ${engine.qps.toFixed(0)} questions/s, ${engine.cpuMs.toFixed(2)} ms; raw in a fresh process ${cold.rate.toFixed(0)} requests/s, ${cold.cpuMs.toFixed(2)} ms: ${pct(engine.qps, cold.rate)} of the raw rate, ${pct(cold.cpuMs, engine.cpuMs)} at equal CPU`,
      );
    }
    console.log(
      `target:   ≥ ${TARGET_QPS} questions/s: ${engine.qps >= TARGET_QPS ? 'met' : 'NOT met'}`,
    );
    return engine.qps >= TARGET_QPS ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    for (const cleanup of workspaces) cleanup();
    files.cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
