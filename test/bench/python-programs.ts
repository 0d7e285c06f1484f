/**
 * Python programs in the Pyodide sandbox, on FinanceMath's real programs:
 *
 *   (a) the programs of the official PoT outputs (processed_pot_outputs/<model>.json) re-executed
 *       and compared with the recorded prediction_executed_result, to its 3 decimals; agreement
 *       per model file, every mismatch listed with its class;
 *   (b) the gold python_solution of every validation question against its ground_truth;
 *   (c) programs/s of the sandbox (one worker, then two) next to a python3 subprocess per
 *       program, on the same gold programs, measured side by side in this run;
 *   (d) the sandbox's pure-Python numpy/scipy subset against python3's real numpy/scipy on the
 *       same two programs (scalar calls in a loop; one 100,000-element array).
 *
 * Run: node --import tsx test/bench/python-programs.ts   (BENCH_PY_N=… subprocess programs,
 * default 200; BENCH_ROUNDS=… rounds, best kept, default 2)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PythonSandbox, type PythonResult } from '../../main/sandbox/python';
import { hasData, noDataMessage } from '../support/data-dir';
import {
  compareRecorded,
  noAgreements,
  readGoldPrograms,
  readRecordedPrograms,
  reproducesGold,
  type Agreement,
} from '../integration/sandbox/python-financemath';

const PY_N = Number(process.env.BENCH_PY_N ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

function firstLine(r: PythonResult | null): string {
  if (!r) return 'no program extracted';
  return r.ok ? `value ${JSON.stringify(r.value)}` : `${r.error.kind}: ${r.error.message}`;
}

async function recordedAgreement(sandbox: PythonSandbox): Promise<void> {
  console.log('\n(a) PoT programs re-executed vs recorded prediction_executed_result (3 decimals)');
  console.log('| model file | items | agree | agreement | mismatches by class |');
  console.log('|---|---|---|---|---|');
  const total: Record<Agreement, number> = noAgreements();
  const listed: string[] = [];
  const numeric = { programs: 0, agree: 0 };
  for (const model of readRecordedPrograms()) {
    const results = await sandbox.runMany(model.items.map((i) => i.program ?? ''));
    const counts: Partial<Record<Agreement, number>> = {};
    model.items.forEach((item, i) => {
      const r = item.program === null ? null : results[i]!;
      const a = compareRecorded(r, item.recorded);
      counts[a] = (counts[a] ?? 0) + 1;
      total[a]++;
      if (item.program !== null && /\b(numpy|scipy)\b/.test(item.program)) {
        numeric.programs++;
        if (a === 'agree') numeric.agree++;
      }
      if (a !== 'agree')
        listed.push(
          `- ${model.model} ${item.id}: ${a} (recorded ${JSON.stringify(item.recorded)}; ours ${firstLine(r).slice(0, 120)})`,
        );
    });
    const agree = counts.agree ?? 0;
    const classes = Object.entries(counts)
      .filter(([k]) => k !== 'agree')
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `| ${model.model} | ${model.items.length} | ${agree} | ${((100 * agree) / model.items.length).toFixed(2)}% | ${classes || '–'} |`,
    );
  }
  const n = Object.values(total).reduce((a, b) => a + b, 0);
  const byModule = total['module-not-available'];
  console.log(
    `| **all** | ${n} | ${total.agree} | **${((100 * total.agree) / n).toFixed(2)}%** | ${Object.entries(
      total,
    )
      .filter(([k, v]) => k !== 'agree' && v > 0)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} |`,
  );
  console.log(
    `Without the programs importing numpy/scipy: ${total.agree}/${n - byModule} = ${((100 * total.agree) / (n - byModule)).toFixed(2)}%`,
  );
  console.log(
    `Programs importing numpy/scipy (run on the sandbox's subset): ${numeric.agree}/${numeric.programs} agree`,
  );
  console.log('Mismatches:');
  for (const line of listed) console.log(line);
}

async function goldPrograms(sandbox: PythonSandbox): Promise<void> {
  const gold = readGoldPrograms();
  const results = await sandbox.runMany(gold.map((g) => g.program));
  const counts = { scorer: 0, rounded: 0, no: 0 };
  const failed: string[] = [];
  gold.forEach((g, i) => {
    const check = reproducesGold(results[i]!, g.groundTruth);
    counts[check]++;
    if (check !== 'scorer')
      failed.push(
        `- ${g.id}: ${check} (ground_truth ${g.groundTruth}; ours ${firstLine(results[i]!).slice(0, 120)})`,
      );
  });
  console.log('\n(b) gold python_solution vs ground_truth');
  console.log(
    `${gold.length} programs: ${counts.scorer} within the FinanceMath scorer's tolerance, ${counts.rounded} more equal after round(·, 3), ${counts.no} not reproduced`,
  );
  for (const line of failed) console.log(line);
}

interface Speed {
  label: string;
  programs: number;
  wallMs: number;
  cpuMs?: number;
}

async function timeSandbox(
  sandbox: PythonSandbox,
  programs: string[],
  label: string,
): Promise<Speed> {
  const cpu = process.cpuUsage();
  const children = childCpuMs();
  const started = performance.now();
  await sandbox.runMany(programs);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  // The sandbox runs in child processes: their CPU counts too.
  const childMs = childCpuMs() - children;
  return {
    label,
    programs: programs.length,
    wallMs,
    cpuMs: (used.user + used.system) / 1000 + childMs,
  };
}

/** CPU time of this process's live children, from /proc (Linux; 0 elsewhere). */
function childCpuMs(): number {
  let ticks = 0;
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[1]) !== process.pid) continue;
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // Gone while we looked.
      }
    }
  } catch {
    return 0;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

function timeSubprocess(python: string, programs: string[]): Speed {
  const started = performance.now();
  for (const program of programs) {
    // Same convention as the sandbox: print solution()'s value; a failing program still counts.
    spawnSync(python, ['-c', `${program}\nprint(solution())`], { encoding: 'utf8' });
  }
  return {
    label: 'python3 subprocess per program',
    programs: programs.length,
    wallMs: performance.now() - started,
  };
}

function pythonExecutable(): string {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 not found: ${r.stderr}`);
  return r.stdout.trim();
}

async function speed(one: PythonSandbox, two: PythonSandbox): Promise<void> {
  const gold = readGoldPrograms().map((g) => g.program);
  const many = Array.from({ length: 5 }, () => gold).flat();
  const sub = Array.from({ length: PY_N }, (_, i) => gold[i % gold.length]!);
  const python = pythonExecutable();
  const best = new Map<string, Speed>();
  const keep = (s: Speed) => {
    const prev = best.get(s.label);
    if (!prev || s.wallMs / s.programs < prev.wallMs / prev.programs) best.set(s.label, s);
  };
  for (let round = 0; round < ROUNDS; round++) {
    keep(await timeSandbox(one, many, 'Pyodide sandbox, 1 worker'));
    keep(await timeSandbox(two, many, 'Pyodide sandbox, 2 workers'));
    keep(timeSubprocess(python, sub));
  }
  const baseline = best.get('python3 subprocess per program')!;
  const perSecond = (s: Speed) => (1000 * s.programs) / s.wallMs;
  console.log(
    `\n(c) programs/s on the ${gold.length} gold programs (best of ${ROUNDS} interleaved rounds)`,
  );
  console.log(
    '| path | programs | programs/s (wall) | programs per CPU-second | × python3 subprocess |',
  );
  console.log('|---|---|---|---|---|');
  for (const s of best.values()) {
    const cpu = s.cpuMs ? ((1000 * s.programs) / s.cpuMs).toFixed(0) : '–';
    console.log(
      `| ${s.label} | ${s.programs} | ${perSecond(s).toFixed(0)} | ${cpu} | ${(perSecond(s) / perSecond(baseline)).toFixed(1)}× |`,
    );
  }
}

const NUMERIC_PROGRAMS: [string, string][] = [
  [
    '10,000 scalar norm.ppf + np.sqrt calls',
    'from scipy.stats import norm\nimport numpy as np\ndef solution():\n    return sum(norm.ppf((i + 0.5) / 10000) + np.sqrt(i) for i in range(10000))',
  ],
  [
    'np.std(np.exp(x)) on 100,000 elements',
    'import numpy as np\ndef solution():\n    x = np.arange(100000) * 0.00001\n    return float(np.std(np.exp(x)))',
  ],
];

async function numericSubset(sandbox: PythonSandbox): Promise<void> {
  const python = pythonExecutable();
  console.log("\n(d) the sandbox's numpy/scipy subset vs python3's real numpy/scipy (best of 3)");
  console.log('| program | subset in the sandbox (ms) | python3 numpy/scipy (ms) | × slower |');
  console.log('|---|---|---|---|');
  for (const [label, program] of NUMERIC_PROGRAMS) {
    let ours = Infinity;
    let theirs = Infinity;
    for (let round = 0; round < 3; round++) {
      const r = await sandbox.run(program, { timeoutMs: 60_000 });
      if (!r.ok) throw new Error(`${label}: ${r.error.message}`);
      ours = Math.min(ours, r.durationMs);
      const timed = `${program}\nimport time\nt = time.perf_counter()\nsolution()\nprint((time.perf_counter() - t) * 1000)`;
      const out = spawnSync(python, ['-c', timed], { encoding: 'utf8' });
      theirs = Math.min(theirs, out.status === 0 ? Number(out.stdout.trim()) : NaN);
    }
    console.log(
      `| ${label} | ${ours.toFixed(1)} | ${theirs.toFixed(1)} | ${(ours / theirs).toFixed(1)}× |`,
    );
  }
}

async function main(): Promise<void> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return;
  }
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const started = performance.now();
  const one = new PythonSandbox({ workers: 1 });
  await one.warmUp();
  console.log(
    `Pyodide loaded in a worker: ${(performance.now() - started).toFixed(0)} ms (worker's own ${one.stats.lastLoadMs.toFixed(0)} ms)`,
  );
  const two = new PythonSandbox({ workers: 2 });
  await two.warmUp();
  try {
    await recordedAgreement(one);
    await goldPrograms(one);
    await speed(one, two);
    await numericSubset(one);
  } finally {
    await one.close();
    await two.close();
  }
  console.log(
    `\nload average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

void main();
