import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../shared/document';
import type { JobSummary } from '../../shared/jobs/job';
import { parseInWorker } from '../../main/document/parse-in-worker';
import { artifactsDir } from '../support/browser';
import { dataPath } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** 14 pages, 22 tables, two of them on page 1. */
const amcor = dataPath('financebench', 'pdfs', 'AMCOR_2023Q4_EARNINGS.pdf');
/** 9 pages, 10 tables, one on page 1. */
const ulta = dataPath('financebench', 'pdfs', 'ULTABEAUTY_2023Q4_EARNINGS.pdf');
const present = existsSync(amcor) && existsSync(ulta);
if (!present)
  console.warn(`pdf-pages-streaming: skipped, ${amcor} or ${ulta} is absent (WORKBENCH_DATA_DIR)`);

/**
 * The parse worker holds this long after each page (parseInWorker's test-only hook), so the
 * parse of a 14-page PDF lasts several seconds whatever the machine: long enough to look at the
 * view while it runs. The pages themselves are read by the product's own reader.
 */
const PAGE_DELAY_MS = 600;

/**
 * Issue 26: while a PDF is parsed, the pages read so far (their text and tables) are in the
 * document view beside the pdf.js page, with the parse's progress; the whole model replaces
 * them when the parse ends, in the same elements. A cancelled parse leaves none of them.
 */
describe.skipIf(!present)('PDF pages shown while the PDF is parsed (web mode, Chromium)', () => {
  let session: WebSession;
  let services: WebSession['services'];
  let server: WebSession['server'];
  let page: Page;
  let amcorId: number;
  let ultaId: number;
  let errors: string[];

  beforeAll(async () => {
    session = await openWebSession([amcor, ulta], undefined, {
      parse: parseInWorker({ testOnlyPageDelayMs: PAGE_DELAY_MS }),
    });
    ({ services, server, page, errors } = session);
    [amcorId, ultaId] = session.ids as [number, number];
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  const parseJob = async (label: string) => {
    const list = await services.registry.call('jobs.list', {});
    const jobs = (list as { value: { jobs: JobSummary[] } }).value.jobs;
    return jobs.find((j) => j.label === label);
  };
  const soFar = () => page.getByRole('status').filter({ hasText: /read so far/ });

  it('shows page 1 and its tables as grids before the parse ends, then the whole document in the same elements', async () => {
    await page.goto(`${server.url}#/document/${amcorId}`);
    const firstCell = page.locator('section.doc-table .ag-cell').first();
    await firstCell.waitFor({ timeout: 30_000 });

    // The parse is still running: its job, the progress bar and "pages 1–N of 14" say so.
    expect((await parseJob('AMCOR_2023Q4_EARNINGS.pdf'))?.state).toBe('running');
    await expect(soFar().textContent()).resolves.toMatch(/Showing pages 1–\d+ of 14/);
    expect(await page.getByRole('progressbar', { name: 'Reading the document' }).count()).toBe(1);
    const tablesSoFar = await page.locator('section.doc-table').count();
    expect(tablesSoFar).toBeGreaterThan(0);
    expect(tablesSoFar).toBeLessThan(22);
    const first = page.locator('section.doc-table').first();
    const firstId = await first.getAttribute('id');
    expect(firstId).toMatch(/^p1-/);
    expect(Number(await first.locator('.ag-cell').count())).toBeGreaterThan(1);
    await page.screenshot({ path: join(artifactsDir, 'pdf-pages-streaming-partial.png') });

    // A cell selected now stays selected, and the table stays the same element, once the whole
    // model replaces the pages read so far.
    await first.locator('.ag-cell.ag-right-aligned-cell').first().click();
    await page.getByRole('complementary', { name: 'Cell details' }).waitFor();
    await page.evaluate(
      `document.getElementById(${JSON.stringify(firstId)}).setAttribute('data-mark', 'before')`,
    );
    expect(await first.getAttribute('data-mark')).toBe('before');

    await expect.poll(() => soFar().count(), { timeout: 60_000 }).toBe(0);
    expect((await parseJob('AMCOR_2023Q4_EARNINGS.pdf'))?.state).toBe('done');
    const opened = await services.registry.call('document.open', { id: amcorId });
    const model = (opened as { value: { model: Document } }).value.model;
    expect(model.tables).toHaveLength(22);
    // Every table of the whole model is in the view (the rest drawn in idle time).
    await expect
      .poll(() => page.locator('section.doc-table').count(), { timeout: 30_000 })
      .toBe(22);
    expect(await page.locator(`section[id="${firstId}"]`).getAttribute('data-mark')).toBe('before');
    expect(await page.getByRole('complementary', { name: 'Cell details' }).count()).toBe(1);
    expect(await page.getByRole('progressbar', { name: 'Reading the document' }).count()).toBe(0);
    expect(errors.join('\n')).toBe('');
  }, 120_000);

  it('cancelled mid-way: says where it stopped and shows none of the pages read', async () => {
    await page.goto(`${server.url}#/document/${ultaId}`);
    await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 30_000 });
    expect((await parseJob('ULTABEAUTY_2023Q4_EARNINGS.pdf'))?.state).toBe('running');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
      .toMatch(
        /^ULTABEAUTY_2023Q4_EARNINGS\.pdf: reading was cancelled \(stopped after page \d of 9\)$/,
      );
    expect(await page.locator('section.doc-table').count()).toBe(0);
    expect(await soFar().count()).toBe(0);
    expect((await parseJob('ULTABEAUTY_2023Q4_EARNINGS.pdf'))?.state).toBe('cancelled');
    expect(errors.join('\n')).toBe('');
  }, 60_000);
});
