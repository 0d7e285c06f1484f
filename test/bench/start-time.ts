/**
 * Start time of web mode (issue 26, done-when 2): from `npm run web` starting to the URL printed,
 * with nothing changed since the last build (target ≤ 3 s), beside what that time is made of:
 * the build check alone (`node main/build/build-if-changed.mjs`), the server alone
 * (`node dist/main/cli.js serve`) and a bare `node -e 0`; with `--before`, also the old script
 * (`npm run build && node dist/main/cli.js serve`, a full build every time) in the same run.
 * Each command runs ROUNDS times, interleaved, against one temporary workspace. Fails when the
 * unchanged start rebuilt anything or missed the target on its best round.
 *
 *   node --import tsx test/bench/start-time.ts [--before] [--rounds N]
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tempDir } from '../support/temp-dir';

const TARGET_S = 3;
const root = join(__dirname, '..', '..');
const { values } = parseArgs({
  options: { before: { type: 'boolean' }, rounds: { type: 'string' } },
});
const ROUNDS = Number(values.rounds ?? 3);

interface Timed {
  seconds: number;
  output: string;
}

/**
 * Runs `command` in its own process group; resolves when `until` appears in its output (then
 * stops the group with SIGINT) or when it exits.
 */
function timed(command: string, args: string[], env: NodeJS.ProcessEnv, until?: RegExp) {
  return new Promise<Timed>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let seconds: number | undefined;
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (seconds === undefined && until?.test(output)) {
        seconds = (performance.now() - started) / 1000;
        process.kill(-child.pid!, 'SIGINT');
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (seconds === undefined && until) {
        reject(
          new Error(`${command} ${args.join(' ')} exited (${code}) before ${until}:\n${output}`),
        );
        return;
      }
      resolve({ seconds: seconds ?? (performance.now() - started) / 1000, output });
    });
  });
}

const url = /serving on http/;
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
const best = (xs: number[]) => Math.min(...xs);

async function main(): Promise<number> {
  const ws = tempDir('bench-start-');
  const env = { WORKBENCH_WORKSPACE: join(ws.dir, 'workspace') };
  const runs: Record<string, number[]> = { web: [], check: [], serve: [], node: [], before: [] };
  let rebuilt = 0;
  try {
    // Bring dist/ up to date first (and open the workspace once): the rounds then measure a
    // start with nothing changed.
    await timed('npm', ['run', '-s', 'web'], env, url);
    const stamps = ['dist/main/.build-stamp.json', 'dist/renderer/.build-stamp.json'].map((f) =>
      join(root, f),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const web = await timed('npm', ['run', '-s', 'web'], env, url);
      runs.web!.push(web.seconds);
      if (/building/.test(web.output)) rebuilt++;
      runs.check!.push(
        (await timed(process.execPath, ['main/build/build-if-changed.mjs'], env)).seconds,
      );
      runs.serve!.push(
        (await timed(process.execPath, ['dist/main/cli.js', 'serve'], env, url)).seconds,
      );
      runs.node!.push((await timed(process.execPath, ['-e', '0'], env)).seconds);
      if (values.before) {
        // The old script. vite empties dist/renderer (and its stamp) as it builds the same
        // inputs again: the stamps are put back, since the inputs did not change.
        const saved = stamps.map((f, i) =>
          existsSync(f) ? join(ws.dir, `stamp-${i}.json`) : null,
        );
        stamps.forEach((f, i) => saved[i] && copyFileSync(f, saved[i]));
        const old = await timed(
          'sh',
          ['-c', 'npm run -s build && node dist/main/cli.js serve'],
          env,
          url,
        );
        stamps.forEach((f, i) => saved[i] && copyFileSync(saved[i], f));
        runs.before!.push(old.seconds);
      }
    }
  } finally {
    ws.cleanup();
  }
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`load average ${load} on ${availableParallelism()} cores; ${ROUNDS} rounds, seconds`);
  console.log(`npm run web, nothing changed, to the URL: ${fmt(runs.web!)}`);
  console.log(`  build check alone (node main/build/build-if-changed.mjs): ${fmt(runs.check!)}`);
  console.log(`  server alone (node dist/main/cli.js serve) to the URL: ${fmt(runs.serve!)}`);
  console.log(`  node -e 0: ${fmt(runs.node!)}`);
  if (values.before)
    console.log(`before: npm run build && node dist/main/cli.js serve: ${fmt(runs.before!)}`);
  console.log(`rebuilt with nothing changed: ${rebuilt} of ${ROUNDS}`);
  const met = rebuilt === 0 && best(runs.web!) <= TARGET_S;
  console.log(`target: URL ≤ ${TARGET_S} s with nothing changed: ${met ? 'met' : 'NOT met'}`);
  return met ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
