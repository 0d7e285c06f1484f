import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
export const builtCli = join(repoRoot, 'dist', 'main', 'cli.js');
/** The fictional sample filing the Library offers (assets/sample/). */
export const sampleFiling = join(
  repoRoot,
  'assets',
  'sample',
  'northwind-instruments-10-k-2025.html',
);

/** The CLI as users run it: the compiled file. Builds main once if `npm run build` has not. */
export function ensureBuiltCli(): void {
  if (!existsSync(builtCli))
    execFileSync('npm', ['run', 'build:main'], { cwd: repoRoot, stdio: 'ignore' });
}

export function runCli(args: string[], options: { cwd?: string } = {}) {
  const r = spawnSync(process.execPath, [builtCli, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI from its TypeScript source through tsx (no build step needed). */
export function runSourceCli(args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'main', 'cli.ts'), ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The source CLI as a child that does not block this process: needed when the CLI talks to a
 * server running in the test's own process (the OpenAI-compatible test server), which a
 * synchronous spawn would stall.
 */
export function runSourceCliAsync(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'main', 'cli.ts'), ...args],
      {
        cwd: repoRoot,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
