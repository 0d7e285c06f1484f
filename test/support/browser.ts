import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { rendererDir } from '../../main/app-paths';
import { repoRoot } from './cli';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = join(repoRoot, 'test', 'e2e', 'artifacts');

export function ensureBuiltRenderer(): void {
  if (!existsSync(join(rendererDir(), 'index.html'))) {
    execFileSync('npm', ['run', 'build:renderer'], { cwd: repoRoot, stdio: 'ignore' });
  }
}

/** Debian's Chromium, headless, with the flags that keep it off this machine's closed network. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
