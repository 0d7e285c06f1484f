/**
 * Runs the benches in this folder one after another, each as its own process
 * (`node --import tsx test/bench/NAME.ts`), and fails when one fails. A bench is a file here
 * whose header gives that command line; other files are helpers the benches import.
 *
 *   npm run bench                             every bench, in name order
 *   npm run bench -- pdf-tables ingest-speed  only these
 *   npm run bench -- pdf-tables -- all        arguments after a second `--` go to each bench
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const dir = __dirname;
const repoRoot = join(dir, '..', '..');

function benchNames(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== basename(__filename))
    .filter((f) => readFileSync(join(dir, f), 'utf8').includes(`node --import tsx test/bench/${f}`))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

function main(argv: string[]): number {
  const split = argv.indexOf('--');
  const names = split < 0 ? argv : argv.slice(0, split);
  const passOn = split < 0 ? [] : argv.slice(split + 1);
  const known = benchNames();
  const unknown = names.filter((n) => !known.includes(n.replace(/\.ts$/, '')));
  if (unknown.length > 0) {
    console.error(`no bench named ${unknown.join(', ')}; benches: ${known.join(', ')}`);
    return 2;
  }
  const chosen = names.length > 0 ? names.map((n) => n.replace(/\.ts$/, '')) : known;
  const results: { name: string; status: string; seconds: number }[] = [];
  for (const name of chosen) {
    const file = relative(repoRoot, join(dir, `${name}.ts`));
    console.log(`\n=== bench ${name}: node --import tsx ${[file, ...passOn].join(' ')}`);
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...passOn], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    const seconds = (performance.now() - started) / 1000;
    const status = run.error
      ? `could not start: ${run.error.message}`
      : run.status === 0
        ? 'ok'
        : run.signal
          ? `killed by ${run.signal}`
          : `failed (exit ${run.status})`;
    results.push({ name, status, seconds });
  }
  console.log('\n=== benches run');
  for (const r of results) console.log(`${r.name}: ${r.status} in ${r.seconds.toFixed(1)} s`);
  const failed = results.filter((r) => r.status !== 'ok');
  if (failed.length > 0) {
    console.error(
      `${failed.length} of ${results.length} failed: ${failed.map((r) => r.name).join(', ')}`,
    );
    return 1;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
