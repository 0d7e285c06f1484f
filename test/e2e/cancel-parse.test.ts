import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDir } from '../../main/app-paths';
import { liveWorkerCount } from '../../main/jobs/live';
import type { JobSummary } from '../../shared/jobs/job';
import { writeRepeatedFiling } from '../support/big-filing';
import { artifactsDir } from '../support/browser';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

describe('cancelling a big parse from the document view', () => {
  let session: WebSession;
  const files = tempDir('cancel-parse-');

  beforeAll(async () => {
    const path = join(files.dir, 'big-40mb-10-k.htm');
    await writeRepeatedFiling(join(sampleDir(), 'northwind-instruments-10-k-2025.html'), path, 40);
    session = await openWebSession([path]);
  });
  afterAll(async () => {
    await session?.close();
    files.cleanup();
  });

  it('Cancel next to the progress stops the 40 MB parse worker within 1 s and says so', async () => {
    const page = session.page;
    await page.goto(session.server.url);
    await page.getByRole('link', { name: /big-40mb-10-k\.htm$/ }).click();
    const bar = page.getByRole('progressbar', { name: 'Reading the document' });
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), {
        timeout: 30_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    expect(liveWorkerCount('parse')).toBe(1);
    await page.screenshot({ path: join(artifactsDir, 'cancel-parse-running.png') });

    const t0 = performance.now();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => liveWorkerCount('parse'), { timeout: 1000, interval: 10 }).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1000);

    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 5000 })
      .toBe('big-40mb-10-k.htm: reading was cancelled');
    await page.screenshot({ path: join(artifactsDir, 'cancel-parse-cancelled.png') });
    const list = await session.services.registry.call('jobs.list', {});
    const jobs = (list as { value: { jobs: JobSummary[] } }).value.jobs;
    expect(jobs[0]).toMatchObject({
      kind: 'parse',
      state: 'cancelled',
      label: 'big-40mb-10-k.htm',
    });
    expect(session.errors).toEqual([]);
  });
});
