import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDir } from '../../main/app-paths';
import { writeRepeatedFiling } from '../support/big-filing';
import { artifactsDir } from '../support/browser';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

describe('a big filing in web mode: progress while it is read, then the document', () => {
  let session: WebSession;
  const files = tempDir('big-filing-');

  beforeAll(async () => {
    const path = join(files.dir, 'big-sample-10-k.htm');
    await writeRepeatedFiling(join(sampleDir(), 'northwind-instruments-10-k-2025.html'), path, 15);
    session = await openWebSession([path]);
  });
  afterAll(async () => {
    await session?.close();
    files.cleanup();
  });

  it('shows the parse percent, answers the library meanwhile, then shows the outline', async () => {
    const page = session.page;
    await page.goto(session.server.url);
    await page.getByRole('link', { name: /big-sample-10-k\.htm$/ }).click();
    const bar = page.getByRole('progressbar', { name: 'Reading the document' });
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), {
        timeout: 60_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    expect(await bar.textContent()).toMatch(/Reading the document \(\d+%\)/);
    // The library already knows the name, so the heading shows it before the parse answers.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('big-sample-10-k.htm');
    await page.screenshot({ path: join(artifactsDir, 'big-filing-progress.png') });
    // The API keeps answering while the worker parses: back to the library and in again.
    await page.getByRole('link', { name: '← Library' }).click();
    await page.getByRole('link', { name: /big-sample-10-k\.htm$/ }).waitFor({ timeout: 5_000 });
    await page.getByRole('link', { name: /big-sample-10-k\.htm$/ }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 120_000 });
    // The first blocks are drawn at once and the rest in idle time (issue 26): every table's
    // section is there once that is done.
    await expect
      .poll(() => page.locator('section.doc-table').count(), { timeout: 30_000 })
      .toBeGreaterThan(50);
    expect(session.errors).toEqual([]);
  });
});
