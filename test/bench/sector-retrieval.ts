/**
 * Retrieval in a sector-sized workspace, before and after a change, side by side (issue 26,
 * done-when 5): the sector workspaces of test/bench/sector-build.ts (200 and 2,000 documents),
 * each measured by a fresh process of each checkout, the sizes and checkouts alternating:
 *
 * - open: `startServices` on the workspace (the first open of a copy runs its migrations);
 * - first own search of each document the questions reach (`retrieval.search` once per
 *   document: loads the parsed model; after migration 24 also writes the document's postings,
 *   which a workspace built by the new code has from the start), then, measured:
 * - retrieval across all documents: `retrieval.searchAll`, 24 questions × rounds, p50/p95;
 * - one document's own search: `retrieval.search` on NVIDIA's 10-K copy (document 3), the 24
 *   questions, p50/p95;
 * - ask overhead: `ask.run` (PoT) on document 3 with the zero-latency OpenAI test server,
 *   5 warm-up asks then 20, `overheadMs` p50/p95;
 * - whether every hit list (searchAll and the document's search, first round) is the same
 *   before and after: the change must not move a hit.
 *
 * Never run it on the cached workspaces themselves (a newer checkout migrates them): copy them,
 * one copy per checkout, e.g.
 *
 *   cp -a /tmp/sector-bench/ws-200 /tmp/x/after/ws-200   # and ws-2000, and the same under before/
 *   git worktree add --detach /tmp/x/head HEAD && ln -s $PWD/node_modules /tmp/x/head/node_modules
 *   node --import tsx test/bench/sector-retrieval.ts --workspaces /tmp/x/after \
 *     --before /tmp/x/head --before-workspaces /tmp/x/before [--sizes 200,2000] [--reps 2]
 *
 * Each checkout's code is imported from its own root (`main/services.ts`), this file's worker
 * mode is the same for both.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { quantileSorted } from '../../shared/stats';
import { startOpenAiTestServer } from '../support/openai-test-server';
import { SECTOR_QUESTIONS as QUESTIONS } from './sector-questions';

const { values } = parseArgs({
  options: {
    worker: { type: 'boolean' },
    root: { type: 'string' },
    dir: { type: 'string' },
    rounds: { type: 'string' },
    sizes: { type: 'string' },
    reps: { type: 'string' },
    workspaces: { type: 'string' },
    before: { type: 'string' },
    'before-workspaces': { type: 'string' },
  },
});

/** NVIDIA's 10-K copy in the sector workspaces (the third original). */
const DOCUMENT = 3;

interface Worker {
  openMs: number;
  firstOwnSearch: number[];
  searchAll: number[];
  docSearch: number[];
  overhead: number[];
  /** First round's hit lists, to compare before and after. */
  hits: { all: unknown[]; doc: unknown[] };
  sqliteBytes: number;
}

/** The measuring process: one checkout (`--root`), one workspace (`--dir`). */
async function worker(root: string, dir: string, rounds: number): Promise<Worker> {
  type Call = (
    name: string,
    input: unknown,
  ) => Promise<{ ok: true; value: unknown } | { ok: false; error: { message: string } }>;
  interface Services {
    registry: { call: Call };
    ask: {
      run(input: unknown): Promise<{ overheadMs: number; execution?: { ok: boolean } }>;
    };
    close(): void;
  }
  const mod = (await import(pathToFileURL(join(root, 'main', 'services.ts')).href)) as {
    startServices(o: unknown): Promise<Services>;
  };
  const t0 = performance.now();
  const services = await mod.startServices({ workspaceDir: dir, host: { kind: 'cli' } });
  const openMs = performance.now() - t0;
  const call = async (name: string, input: unknown) => {
    const t = performance.now();
    const r = await services.registry.call(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return { ms: performance.now() - t, value: r.value as Record<string, unknown> };
  };
  const llm = await startOpenAiTestServer({
    defaultReply: '```javascript\nfunction solution() {\n  return 42;\n}\n```',
  });
  try {
    await call('retrieval.searchAll', { question: 'revenue' });
    // The documents the questions reach, each searched once on its own first.
    const reached = new Set<number>([DOCUMENT]);
    for (const question of QUESTIONS) {
      const r = await call('retrieval.searchAll', { question });
      for (const d of r.value.documents as number[]) reached.add(d);
    }
    const firstOwnSearch: number[] = [];
    for (const documentId of reached)
      firstOwnSearch.push((await call('retrieval.search', { documentId, question: 'revenue' })).ms);

    const searchAll: number[] = [];
    const docSearch: number[] = [];
    const hits: Worker['hits'] = { all: [], doc: [] };
    for (let round = 0; round < rounds; round++)
      for (const question of QUESTIONS) {
        const a = await call('retrieval.searchAll', { question });
        searchAll.push(a.ms);
        const d = await call('retrieval.search', { documentId: DOCUMENT, question });
        docSearch.push(d.ms);
        if (round === 0) {
          hits.all.push(a.value);
          hits.doc.push(d.value);
        }
      }
    const overhead: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await services.ask.run({
        provider: { baseUrl: llm.baseUrl, maxRetries: 0 },
        model: 'test-chat',
        mode: 'pot',
        documentId: DOCUMENT,
        question: 'What was Data Center revenue in fiscal 2025?',
        params: { seed: i },
      });
      if (!r.execution?.ok) throw new Error(`ask ${i}: ${JSON.stringify(r.execution)}`);
      if (i >= 5) overhead.push(r.overheadMs);
    }
    return {
      openMs,
      firstOwnSearch,
      searchAll,
      docSearch,
      overhead,
      hits,
      sqliteBytes: statSync(join(dir, 'workbench.sqlite')).size,
    };
  } finally {
    await llm.close();
    services.close();
  }
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const q = (xs: number[], p: number) => (xs.length ? quantileSorted(sorted(xs), p) : NaN);
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const exponent = (a: number, b: number, ratio: number) =>
  a > 0 && b > 0 ? (Math.log(b / a) / Math.log(ratio)).toFixed(2) : '—';

async function main(): Promise<void> {
  if (values.worker) {
    const out = await worker(
      resolve(values.root ?? join(__dirname, '..', '..')),
      resolve(values.dir!),
      Number(values.rounds ?? 3),
    );
    process.stdout.write(JSON.stringify(out));
    return;
  }
  const here = resolve(join(__dirname, '..', '..'));
  const sizes = (values.sizes ?? '200,2000').split(',').map(Number);
  const reps = Number(values.reps ?? 1);
  const after = resolve(values.workspaces ?? process.env.SECTOR_BENCH_DIR ?? '/tmp/sector-bench');
  const checkouts = [
    ...(values.before
      ? [
          {
            label: 'before',
            root: resolve(values.before),
            ws: resolve(values['before-workspaces']!),
          },
        ]
      : []),
    { label: 'after', root: here, ws: after },
  ];
  const say = (s: string) => process.stderr.write(`${s}\n`);
  const loadBefore = loadavg();
  say(`load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}`);
  const results = new Map<string, Worker[]>();
  for (let rep = 0; rep < reps; rep++)
    for (const n of sizes)
      for (const c of checkouts) {
        const out = execFileSync(
          process.execPath,
          [
            '--import',
            'tsx',
            __filename,
            '--worker',
            '--root',
            c.root,
            '--dir',
            join(c.ws, `ws-${n}`),
            '--rounds',
            '2',
          ],
          { cwd: c.root, maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        const w = JSON.parse(out.toString()) as Worker;
        const key = `${c.label} ${n}`;
        results.set(key, [...(results.get(key) ?? []), w]);
        say(
          `  ${key} rep ${rep}: open ${f0(w.openMs)} ms, searchAll p50 ${f1(q(w.searchAll, 0.5))} ` +
            `p95 ${f1(q(w.searchAll, 0.95))}, doc p50 ${f1(q(w.docSearch, 0.5))}, ask overhead p50 ${f1(q(w.overhead, 0.5))}`,
        );
      }
  const loadAfter = loadavg();
  const all = (key: string, pick: (w: Worker) => number[]) =>
    (results.get(key) ?? []).flatMap(pick);
  const rows: [string, (w: Worker) => number[], number][] = [
    ['retrieval.searchAll p50', (w) => w.searchAll, 0.5],
    ['retrieval.searchAll p95', (w) => w.searchAll, 0.95],
    ['one document search (retrieval.search) p50', (w) => w.docSearch, 0.5],
    ['one document search p95', (w) => w.docSearch, 0.95],
    ['ask overhead p50', (w) => w.overhead, 0.5],
    ['ask overhead p95', (w) => w.overhead, 0.95],
    ["a document's first own search p50", (w) => w.firstOwnSearch, 0.5],
    ['open (startServices; the first includes migrations)', (w) => [w.openMs], 0.5],
  ];
  const [small, big] = [sizes[0]!, sizes[sizes.length - 1]!];
  const ratio = big / small;
  const head = checkouts.flatMap((c) => sizes.map((n) => `${c.label} ${n}`));
  console.log(
    `| ms | ${head.join(' | ')} | ${checkouts.map((c) => `exponent ${c.label}`).join(' | ')} |`,
  );
  console.log(`|---|${head.map(() => '---:').join('|')}|${checkouts.map(() => '---:').join('|')}|`);
  for (const [name, pick, p] of rows) {
    const cells = head.map((k) => f1(q(all(k, pick), p)));
    const exps = checkouts.map((c) =>
      exponent(q(all(`${c.label} ${small}`, pick), p), q(all(`${c.label} ${big}`, pick), p), ratio),
    );
    console.log(`| ${name} | ${cells.join(' | ')} | ${exps.join(' | ')} |`);
  }
  console.log(
    `| workbench.sqlite MB per document | ${head
      .map((k) => {
        const w = results.get(k)!.at(-1)!;
        return (w.sqliteBytes / 1e6 / Number(k.split(' ')[1])).toFixed(3);
      })
      .join(' | ')} | |`,
  );
  if (checkouts.length === 2)
    for (const n of sizes) {
      const b = results.get(`before ${n}`)![0]!.hits;
      const a = results.get(`after ${n}`)![0]!.hits;
      const same = (x: unknown[], y: unknown[]) =>
        x.filter((v, i) => JSON.stringify(v) !== JSON.stringify(y[i])).length;
      console.log(
        `\n${n} documents: hit lists differing before/after: searchAll ${same(b.all, a.all)} of ${b.all.length}, ` +
          `document ${same(b.doc, a.doc)} of ${b.doc.length}`,
      );
    }
  console.log(
    `\nload average before ${loadBefore.map((x) => x.toFixed(2)).join(' / ')}, after ${loadAfter
      .map((x) => x.toFixed(2))
      .join(' / ')}; ${readFileSync('/proc/cpuinfo', 'utf8').split('\nprocessor').length} cores`,
  );
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
