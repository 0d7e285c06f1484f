/**
 * Retrieval speed on NVIDIA's FY2025 10-K, in one run (docs/BENCHMARKS.md, Retrieval):
 *  - parse: the filing read by the product's parser in its worker (as `workbench ingest`);
 *  - index build: units made and written to a workspace database on disk (target ≤ 0.5× parse);
 *  - query: 100 questions made from the filing's own cells ("What was <row> in <column>?",
 *    every n-th numeric cell) and 20 hand-written ones, searched with the index built;
 *    p50/p95/max (target p95 ≤ 20 ms), and buildContext on the hits (4,000-token budget).
 *
 *   node --import tsx test/bench/retrieval-speed.ts [--runs N]
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../main/db/open';
import { documentsRepo } from '../../main/db/documents-repo';
import { ingestFile } from '../../main/document/ingest-file';
import { ftsIndex } from '../../main/retrieval/fts-index';
import { indexVersionKey, RetrievalService } from '../../main/retrieval/retrieval-service';
import { Document } from '../../shared/document';
import { buildContext } from '../../shared/retrieval/context';
import { indexPassages } from '../../shared/retrieval/passages';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempDir } from '../support/temp-dir';

const HAND_WRITTEN = [
  'What was total revenue in fiscal year 2025?',
  'By how much did Data Center revenue grow from fiscal 2024 to fiscal 2025?',
  'What were research and development expenses in fiscal 2024?',
  'What was the gross margin in fiscal year 2025?',
  'How much cash was provided by operating activities in fiscal 2025?',
  'What was diluted net income per share for fiscal 2025?',
  'What were purchases of property and equipment in fiscal 2025?',
  'What is the effective tax rate for fiscal 2025?',
  'How much did NVIDIA spend on share repurchases in fiscal 2025?',
  'What was Gaming revenue in fiscal 2023?',
  'What were total current assets as of January 26, 2025?',
  'What is the balance of goodwill?',
  'What was stock-based compensation expense in fiscal year 2024?',
  'How much inventory did NVIDIA hold at the end of fiscal 2025?',
  'What was revenue from customers outside the United States?',
  'What were total liabilities as of Jan 26, 2025?',
  'What was operating income in fiscal 2025 and 2024?',
  'How many employees did NVIDIA have?',
  'What are the outstanding purchase obligations?',
  'What was Automotive revenue in fiscal year 2025?',
];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Questions from the filing's own numeric cells: every n-th one, so the set is fixed. */
function cellQuestions(doc: Document, count: number): string[] {
  const cells = doc.tables.flatMap((t) =>
    t.cells.filter((c) => c.value !== null && c.rowPath.length > 0),
  );
  const step = Math.max(1, Math.floor(cells.length / count));
  const out: string[] = [];
  for (let i = 0; i < cells.length && out.length < count; i += step) {
    const c = cells[i]!;
    out.push(`What was ${c.rowPath.at(-1)} in ${c.colPath.join(' ')}?`);
  }
  return out;
}

async function main() {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return;
  }
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
  const file = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');

  const tmp = tempDir('retrieval-speed-');
  const db = openDatabase(join(tmp.dir, 'workbench.sqlite'));
  try {
    const docRow = documentsRepo(db).insert({
      name: 'nvda-10-k-2025-02-26.html',
      kind: 'sec-html',
      size: 1,
      sha256: 'f'.repeat(64),
      importedAt: new Date().toISOString(),
    });
    const parseMs: number[] = [];
    const buildMs: number[] = [];
    let doc: Document | undefined;
    for (let r = 0; r < runs; r++) {
      let t = performance.now();
      doc = Document.parse(await ingestFile(file));
      parseMs.push(performance.now() - t);
      t = performance.now();
      const units = indexPassages(doc);
      ftsIndex(db).build(docRow.id, indexVersionKey(doc), units);
      buildMs.push(performance.now() - t);
    }
    const document = doc!;
    const units = ftsIndex(db).get(docRow.id)!.unit_count;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const parse = median(parseMs);
    const build = median(buildMs);
    console.log(
      `NVDA 10-K: ${document.tables.length} tables, ${document.tables.reduce((n, t) => n + t.cells.length, 0)} cells, ${document.blocks.length} blocks → ${units} units`,
    );
    console.log(
      `parse (worker) median of ${runs}: ${parse.toFixed(0)} ms; index build median: ${build.toFixed(0)} ms = ${(build / parse).toFixed(2)}× parse (target ≤ 0.5×)`,
    );

    // Other processes share the machine: the load says how far wall times are stretched.
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    const service = new RetrievalService(db);
    const questions = [...cellQuestions(document, 100), ...HAND_WRITTEN];
    // One warm-up search: loads the unit metadata a session keeps in memory.
    await service.search(docRow.id, document, HAND_WRITTEN[0]!, { k: 10 });
    for (const unit of ['cell', 'row', 'block'] as const) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      const contextTimes: number[] = [];
      for (const q of questions) {
        const t = performance.now();
        const cpu = process.cpuUsage();
        const hits = await service.search(docRow.id, document, q, { k: 10, unit });
        times.push(performance.now() - t);
        const used = process.cpuUsage(cpu);
        cpuTimes.push((used.user + used.system) / 1000);
        const c = performance.now();
        buildContext(document, hits, { tokenBudget: 4000 });
        contextTimes.push(performance.now() - c);
      }
      times.sort((a, b) => a - b);
      cpuTimes.sort((a, b) => a - b);
      contextTimes.sort((a, b) => a - b);
      console.log(
        `query, unit ${unit.padEnd(5)} (${questions.length} questions, k = 10, index current): wall p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target p95 ≤ 20 ms); CPU p50 ${quantile(cpuTimes, 0.5).toFixed(1)} ms, p95 ${quantile(cpuTimes, 0.95).toFixed(1)} ms; buildContext p95 ${quantile(contextTimes, 0.95).toFixed(1)} ms`,
      );
    }
  } finally {
    db.close();
    tmp.cleanup();
  }
}

void main();
