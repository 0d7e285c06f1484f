import { execFileSync, spawnSync } from 'node:child_process';
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
