import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/**
 * Waits inside the page until `condition` (a JavaScript expression) is true, polling every
 * `everyMs`; false after `timeoutMs`. One evaluation: the app's CSP forbids the eval behind
 * waitForFunction's strings, and polling from the test holds the event loop of a web server
 * running in the test's process.
 */
export function waitInPage(
  page: Page,
  condition: string,
  timeoutMs: number,
  everyMs = 50,
): Promise<boolean> {
  return page.evaluate<boolean>(`new Promise((resolve) => {
    const deadline = performance.now() + ${timeoutMs};
    const check = () => {
      if (${condition}) resolve(true);
      else if (performance.now() > deadline) resolve(false);
      else setTimeout(check, ${everyMs});
    };
    check();
  })`);
}
