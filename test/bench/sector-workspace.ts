/**
 * A sector-sized workspace (issue 26, done-when 5): workspaces of 200 and 2,000 documents made
 * from the real filings and PDFs (test/bench/sector-build.ts: copies changed by one comment line,
 * imported through the API, parsed, facts read, retrieval indexes built; cached under
 * /tmp/sector-bench), each measured side by side in one run:
 *
 * - workspace open: a fresh `node dist/main/cli.js serve --workspace DIR` process, from its
 *   start to the first API answer (`workspace.info`), and to the Library's list (`library.list`);
 * - Library first paint in Chromium (web mode, playwright-core, /usr/bin/chromium): navigation
 *   to the list's first rows in the DOM; the search box: each key typed to the frame after the
 *   list changed; "Group by company": the choice to the frame after the sections appeared;
 * - retrieval across all documents: `retrieval.searchAll` (the whole workspace, no document
 *   named) through the API registry, 24 questions × 3 rounds, p50/p95;
 * - ask overhead: `ask.run` (PoT) about one filing with the zero-latency OpenAI test server,
 *   the ask's wall time beside the server's own time (`modelMs`) and `overheadMs`;
 * - disk per document: the workspace folder (database, originals, model cache) / documents.
 *
 * and for each, the growth exponent log(t2000 / t200) / log(10) (1 = linear).
 *
 *   npm run build:main && npm run build:renderer    # serve and the browser use dist/
 *   node --import tsx test/bench/sector-workspace.ts [--sizes 200,2000] [--reps 3]
 *     [--only open,library,retrieval] [--before DIR]
 *
 * `--only` runs only those parts; `--before DIR` also serves the workspaces with another
 * checkout's dist/ (the code before a change, built there) and measures the Library with both
 * builds alternating, so a change is compared side by side in one run.
 *
 * Building the workspaces the first time takes long (2,000 documents: about half an hour on two
 * shared cores, mostly retrieval indexes); `node --import tsx test/bench/sector-build.ts 200 2000`
 * builds them alone.
 */
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import type { WorkspaceSearchResult } from '../../shared/retrieval/hit';
import { quantileSorted } from '../../shared/stats';
import { startServices } from '../../main/services';
import { launchBrowser } from '../support/browser';
import { hasData, noDataMessage } from '../support/data-dir';
import { startOpenAiTestServer } from '../support/openai-test-server';
import { ensureSectorWorkspace, workspaceDir, type BuildInfo } from './sector-build';
import { measureLibrary, type LibraryTimes } from './sector-browser';
import { SECTOR_QUESTIONS as QUESTIONS } from './sector-questions';

const root = join(__dirname, '..', '..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    reps: { type: 'string' },
    only: { type: 'string' },
    before: { type: 'string' },
  },
});
const SIZES = (values.sizes ?? '200,2000').split(',').map(Number);
const REPS = Number(values.reps ?? 3);
/**
 * `--before DIR`: another checkout's root with its own dist/ (the code before a change, built
 * there): the Library is also measured served by it, alternating with this checkout's.
 */
const BEFORE = values.before;
/** `--only library` (or `open`, `retrieval`, comma-separated): run only those parts. */
const parts = ['open', 'library', 'retrieval'] as const;
const ONLY = new Set(values.only ? values.only.split(',') : parts);
for (const p of ONLY)
  if (!(parts as readonly string[]).includes(p))
    throw new Error(`--only: unknown part "${p}" (${parts.join(', ')})`);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const q = (xs: number[], p: number) => (xs.length ? quantileSorted(sorted(xs), p) : NaN);
const median = (xs: number[]) => q(xs, 0.5);

interface Opened {
  /** Process start to the first API answer (workspace.info) and to library.list answered. */
  info: number;
  list: number;
  listBytes: number;
  /**
   * In a fresh process with the app's modules loaded: startServices (open, migrate, sweep)
   * and the first workspace.info and library.list through the registry: the workspace's part.
   */
  services?: number;
  modules?: number;
}

/** Loads dist/main's services in a fresh process, then times the workspace's own part. */
function openInProcess(dir: string): { modules: number; services: number } {
  const script = `(async () => {
    const t0 = performance.now();
    const { startServices } = require(${JSON.stringify(join(root, 'dist', 'main', 'services.js'))});
    const t1 = performance.now();
    const s = await startServices({ workspaceDir: ${JSON.stringify(dir)}, host: { kind: 'web' } });
    await s.registry.call('workspace.info', {});
    await s.registry.call('library.list', {});
    const t2 = performance.now();
    process.stdout.write(JSON.stringify({ modules: t1 - t0, services: t2 - t1 }));
    s.close();
    process.exit(0);
  })()`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    modules: number;
    services: number;
  };
}

/** Starts `serve` on the workspace; resolves with its URL and token once it prints them. */
function serve(dir: string, from = root) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(from, 'dist', 'main', 'cli.js'), 'serve', '--workspace', dir, '--json'],
    { cwd: from, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let stopping: Promise<void> | undefined;
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        const { url } = JSON.parse(line) as { url: string };
        resolve({ url, token: new URL(url).searchParams.get('token')! });
      }
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
  return {
    started,
    ready,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGINT');
      })),
  };
}

async function apiCall(url: string, token: string, method: string, input: unknown = {}) {
  const res = await fetch(new URL(`/api/call/${method}`, url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text;
}

async function openOnce(dir: string): Promise<Opened> {
  const s = serve(dir);
  try {
    const { url, token } = await s.ready;
    await apiCall(url, token, 'workspace.info');
    const info = performance.now() - s.started;
    const body = await apiCall(url, token, 'library.list');
    const list = performance.now() - s.started;
    await s.stop();
    return { info, list, listBytes: Buffer.byteLength(body), ...openInProcess(dir) };
  } finally {
    await s.stop();
  }
}

function diskBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

interface SizeResult {
  n: number;
  build: BuildInfo;
  opens: Opened[];
  library: LibraryTimes[];
  /** The same, served by the --before build. */
  libraryBefore: LibraryTimes[];
  retrieval: { cold: number[]; warm: number[]; indexed: number; docsSearched: number };
  ask: { overhead: number[]; model: number[]; wall: number[] };
  diskPerDoc: number;
  listBytes: number;
}

async function measureRetrievalAndAsk(n: number): Promise<Pick<SizeResult, 'retrieval' | 'ask'>> {
  const services = await startServices({ workspaceDir: workspaceDir(n), host: { kind: 'cli' } });
  const llm = await startOpenAiTestServer({
    defaultReply: '```javascript\nfunction solution() {\n  return 42;\n}\n```',
  });
  try {
    const search = async (question: string) => {
      const t = performance.now();
      const r = await services.registry.call('retrieval.searchAll', { question });
      if (!r.ok) throw new Error(`retrieval.searchAll: ${r.error.message}`);
      return { ms: performance.now() - t, value: r.value as WorkspaceSearchResult };
    };
    // The first round finds every document's meta cold (a search summarizes old indexes once).
    const first = await search('revenue');
    const cold: number[] = [];
    const warm: number[] = [];
    let docsSearched = 0;
    for (let round = 0; round < 3; round++)
      for (const question of QUESTIONS) {
        const r = await search(question);
        (round === 0 ? cold : warm).push(r.ms);
        docsSearched = Math.max(docsSearched, r.value.documents.length);
      }
    // Ask: PoT about NVIDIA's 10-K copy (the third original), 5 warm-up asks then 20.
    const overhead: number[] = [];
    const model: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < 25; i++) {
      const t = performance.now();
      const r = await services.ask.run({
        provider: { baseUrl: llm.baseUrl, maxRetries: 0 },
        model: 'test-chat',
        mode: 'pot',
        documentId: 3,
        question: 'What was Data Center revenue in fiscal 2025?',
        params: { seed: i },
      });
      if (!r.execution?.ok) throw new Error(`ask ${i}: ${JSON.stringify(r.execution)}`);
      if (i < 5) continue;
      wall.push(performance.now() - t);
      overhead.push(r.overheadMs);
      model.push(r.modelMs);
    }
    return {
      retrieval: { cold, warm, indexed: first.value.indexed, docsSearched },
      ask: { overhead, model, wall },
    };
  } finally {
    await llm.close();
    services.close();
  }
}

const ms = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? '—' : `${x.toFixed(1)}`;
const exponent = (a: number, b: number, ratio: number) =>
  Number.isFinite(a) && Number.isFinite(b) && a > 0
    ? (Math.log(b / a) / Math.log(ratio)).toFixed(2)
    : '—';

type Row = { name: string; value: (r: SizeResult) => number; target?: string };

/** The Library's measures, from this build's visits or the --before build's. */
function libraryRows(of: (r: SizeResult) => LibraryTimes[], suffix: string): Row[] {
  return [
    {
      name: `Library first paint: navigation → first rows (median)${suffix}`,
      value: (r) => median(of(r).map((l) => l.firstRows)),
      target: '≤ 500 ms',
    },
    {
      name: `Library filter: key → list updated, median of keys${suffix}`,
      value: (r) => median(of(r).flatMap((l) => l.filterKeys)),
    },
    {
      name: `Library filter: key → list updated, max of keys${suffix}`,
      value: (r) => {
        const keys = of(r).flatMap((l) => l.filterKeys);
        return keys.length ? Math.max(...keys) : NaN;
      },
      target: '≤ 100 ms',
    },
    {
      name: `Group by company → sections shown (median)${suffix}`,
      value: (r) => median(of(r).flatMap((l) => (l.grouping !== undefined ? [l.grouping] : []))),
    },
  ];
}

async function main(): Promise<number> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const say = (s: string) => process.stderr.write(`${s}\n`);
  const builds = new Map<number, BuildInfo>();
  for (const n of SIZES) builds.set(n, await ensureSectorWorkspace(n));
  const loadBefore = loadavg();
  say(`load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}`);

  // Open and first paint: sizes alternate, so both see the same load.
  const results = new Map<number, SizeResult>();
  for (const n of SIZES)
    results.set(n, {
      n,
      build: builds.get(n)!,
      opens: [],
      library: [],
      libraryBefore: [],
      retrieval: { cold: [], warm: [], indexed: 0, docsSearched: 0 },
      ask: { overhead: [], model: [], wall: [] },
      diskPerDoc: diskBytes(workspaceDir(n)) / n,
      listBytes: NaN,
    });
  // A first open upgrades a workspace built by an older app (migrations), not counted.
  // Its list answer's size is kept (whatever parts run).
  for (const n of SIZES) results.get(n)!.listBytes = (await openOnce(workspaceDir(n))).listBytes;
  for (let rep = 0; rep < (ONLY.has('open') ? REPS : 0); rep++)
    for (const n of SIZES) {
      results.get(n)!.opens.push(await openOnce(workspaceDir(n)));
      say(`  open ${n}: ${JSON.stringify(results.get(n)!.opens.at(-1))}`);
    }

  let browser: Browser | undefined;
  // This checkout's build, and with --before the other one's, each serving each size.
  const variants = [
    { label: 'now', from: root },
    ...(BEFORE ? [{ label: 'before', from: BEFORE }] : []),
  ];
  const servers = ONLY.has('library')
    ? SIZES.flatMap((n) => variants.map((b) => ({ n, ...b, s: serve(workspaceDir(n), b.from) })))
    : [];
  if (servers.length)
    try {
      browser = await launchBrowser();
      const urls = await Promise.all(servers.map(async (v) => ({ ...v, ...(await v.s.ready) })));
      for (const { url } of urls) await measureLibrary(browser, url, 'nvidia'); // warm-up
      for (let rep = 0; rep < REPS; rep++)
        for (const { n, label, url } of urls) {
          const t = await measureLibrary(browser, url, 'nvidia');
          const r = results.get(n)!;
          (label === 'now' ? r.library : r.libraryBefore).push(t);
          say(`  library ${n} ${label}: ${JSON.stringify(t)}`);
        }
    } finally {
      await browser?.close();
      for (const { s } of servers) await s.stop();
    }

  for (const n of ONLY.has('retrieval') ? SIZES : []) {
    const r = await measureRetrievalAndAsk(n);
    Object.assign(results.get(n)!, r);
    say(`  retrieval+ask ${n} done`);
  }
  const loadAfter = loadavg();

  const rows: Row[] = [
    {
      name: 'workspace open: process start → first API answer (median)',
      value: (r) => median(r.opens.map((o) => o.info)),
      target: '≤ 1,000 ms',
    },
    {
      name: 'workspace open: process start → library.list answered (median)',
      value: (r) => median(r.opens.map((o) => o.list)),
    },
    {
      name: 'workspace open: modules loaded (median)',
      value: (r) => median(r.opens.map((o) => o.modules ?? NaN)),
    },
    {
      name: 'workspace open: services started + first answers, modules loaded (median)',
      value: (r) => median(r.opens.map((o) => o.services ?? NaN)),
    },
    {
      name: 'library.list answer (KB)',
      value: (r) => r.listBytes / 1024,
    },
    ...libraryRows((r) => r.library, ''),
    ...(BEFORE ? libraryRows((r) => r.libraryBefore, ' — before (--before build)') : []),
    {
      name: 'retrieval across all documents: p50 (first round)',
      value: (r) => q(r.retrieval.cold, 0.5),
    },
    {
      name: 'retrieval across all documents: p95 (first round)',
      value: (r) => q(r.retrieval.cold, 0.95),
      target: '≤ 200 ms',
    },
    {
      name: 'retrieval across all documents: p50 (rounds 2–3)',
      value: (r) => q(r.retrieval.warm, 0.5),
    },
    {
      name: 'retrieval across all documents: p95 (rounds 2–3)',
      value: (r) => q(r.retrieval.warm, 0.95),
      target: '≤ 200 ms',
    },
    { name: 'ask (PoT) wall time p50', value: (r) => q(r.ask.wall, 0.5) },
    { name: 'ask: model (test server) time p50', value: (r) => q(r.ask.model, 0.5) },
    { name: 'ask overhead (all but the model) p50', value: (r) => q(r.ask.overhead, 0.5) },
    { name: 'ask overhead p95', value: (r) => q(r.ask.overhead, 0.95) },
    { name: 'disk per document (MB)', value: (r) => r.diskPerDoc / 1e6 },
  ];
  const [a, b] = SIZES.map((n) => results.get(n)!);
  const ratio = SIZES.length > 1 ? SIZES[1]! / SIZES[0]! : 1;
  console.log(
    `\nload average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')} (2 cores, shared)`,
  );
  console.log(
    `\n| measure (ms unless stated) | ${SIZES.map((n) => `${n} docs`).join(' | ')} | exponent | target at ${SIZES.at(-1)} |`,
  );
  console.log(`|---|${SIZES.map(() => '---:').join('|')}|---:|---|`);
  for (const row of rows) {
    const vals = SIZES.map((n) => row.value(results.get(n)!));
    console.log(
      `| ${row.name} | ${vals.map(ms).join(' | ')} | ${a && b ? exponent(vals[0]!, vals[1]!, ratio) : '—'} | ${row.target ?? ''} |`,
    );
  }
  for (const r of results.values())
    for (const [label, list] of [
      ['now', r.library],
      ['before', r.libraryBefore],
    ] as const)
      if (list.length)
        console.log(
          `${r.n} docs, ${label}: first paint's parts (median, from navigation): script loaded ${ms(median(list.flatMap((l) => l.script ?? [])))}, library.list sent ${ms(median(list.flatMap((l) => l.listStart ?? [])))}, answered ${ms(median(list.flatMap((l) => l.listEnd ?? [])))}, first rows ${ms(median(list.map((l) => l.firstRows)))}; filter keys ${list.map((l) => l.filterKeys.map((k) => k.toFixed(0)).join('/')).join(', ')}`,
        );
  for (const r of results.values())
    console.log(
      `\n${r.n} docs: rows in the DOM at first paint ${median(r.library.map((l) => l.rowsInDom))} ("${r.library[0]?.statusText}"), company sections ${r.library[0]?.groups}; retrieval: ${r.retrieval.indexed} documents indexed, ${r.retrieval.docsSearched} searched per question; build ${JSON.stringify(r.build.seconds)}`,
    );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
