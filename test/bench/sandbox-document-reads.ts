/**
 * Host-call cost of reading a real document from the sandbox: programs that read three cells
 * of NVIDIA's income statement (all 60 of the filing's tables mapped, as `workbench exec
 * --document` does) by grid position, by header path and through cellInfo(), against the same
 * program without reads. One worker, batched runMany, best of BENCH_ROUNDS rounds.
 *
 *   node --import tsx test/bench/sandbox-document-reads.ts   (BENCH_N=… programs per kind)
 */
import { Sandbox } from '../../main/sandbox';
import { sandboxTables } from '../../shared/sandbox/document-tables';
import { ingestFiling } from '../support/cell-addressing';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';

const N = Number(process.env.BENCH_N ?? 1500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const PROGRAMS: Record<string, (i: number) => string> = {
  'no reads': (i) => `function solution() { return 130497 * 0 + ${i}; }`,
  'cell() by position ×3': (i) =>
    `function solution() { return cell('t21', 0, 0) + cell('t21', 15, 0) + cell('t21', 21, 0) + ${i} * 0; }`,
  'cell() by path ×3': (i) =>
    `function solution() { return cell('t21', ['Revenue'], ['Year Ended', 'Jan 26, 2025']) + cell('t21', ['Net income'], ['Jan 26, 2025']) + cell('t21', ['Weighted average shares used in per share computation', 'Diluted'], ['Jan 26, 2025']) + ${i} * 0; }`,
  'cellInfo() by position ×3': (i) =>
    `function solution() { return cellInfo('t21', 0, 0).base + cellInfo('t21', 15, 0).base + cellInfo('t21', 21, 0).base + ${i} * 0; }`,
};

async function main(): Promise<number> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const doc = ingestFiling(dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'));
  const tables = sandboxTables(doc);
  const sandbox = new Sandbox();
  await sandbox.warmUp();
  const best = new Map<string, { wall: number; cpu: number }>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, program] of Object.entries(PROGRAMS)) {
      const jobs = Array.from({ length: N }, (_, i) => ({ program: program(i), tables }));
      const cpu = process.cpuUsage();
      const started = performance.now();
      const results = await sandbox.runMany(jobs);
      const wall = N / ((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      const failed = results.find((r) => !r.ok);
      if (failed && !failed.ok) throw new Error(`${name}: ${failed.error.message}`);
      // Round 0 warms up.
      if (round === 0) continue;
      const perCpu = N / ((used.user + used.system) / 1e6);
      const prev = best.get(name);
      if (!prev || wall > prev.wall) best.set(name, { wall, cpu: perCpu });
    }
  }
  await sandbox.close();
  const base = best.get('no reads');
  console.log(`${N} programs per kind, ${tables.length} tables mapped, best of ${ROUNDS} rounds\n`);
  console.log('| program | programs/s (wall) | per CPU-second | vs no reads |');
  console.log('|---|---|---|---|');
  for (const [name, m] of best)
    console.log(
      `| ${name} | ${Math.round(m.wall).toLocaleString('en-US')} | ${Math.round(m.cpu).toLocaleString('en-US')} | ${base ? `${Math.round((100 * m.wall) / base.wall)}%` : '–'} |`,
    );
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  },
);
