import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';
import { makePdf, sampleTablePage } from '../integration/ingest/pdf/make-pdf';

/** A real earnings release when the data is present, else a generated one-page PDF. */
describe(`PDF page view in web mode (${hasData ? 'AMCOR 2023Q4 earnings' : 'generated PDF'})`, () => {
  let session: WebSession;
  let page: Page;
  let docId: number;
  let otherId: number;
  const scratch = mkdtempSync(join(tmpdir(), 'pdf-e2e-'));

  beforeAll(async () => {
    let file = dataPath('financebench', 'pdfs', 'AMCOR_2023Q4_EARNINGS.pdf');
    let other = dataPath('financebench', 'pdfs', 'ULTABEAUTY_2023Q4_EARNINGS.pdf');
    if (!hasData) {
      file = join(scratch, 'generated.pdf');
      writeFileSync(file, makePdf([sampleTablePage()]));
      other = join(scratch, 'generated-2.pdf');
      writeFileSync(other, makePdf([sampleTablePage(), sampleTablePage()]));
    }
    session = await openWebSession([file, other], { width: 1500, height: 1100 });
    page = session.page;
    [docId, otherId] = [session.ids[0]!, session.ids[1]!];
  });
  afterAll(async () => {
    await session?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('draws the page with pdf.js and outlines the tables detected on it', async () => {
    await page.goto(`${session.server.url}#/document/${docId}`);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    const firstTable = page
      .getByRole('navigation', { name: 'Outline' })
      .locator('.outline-table a')
      .first();
    await firstTable.click();
    const view = page.getByRole('region', { name: 'PDF page' });
    await view.locator('canvas').waitFor();
    await expect
      .poll(() => view.locator('[data-table-outline]').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await view.textContent()).toMatch(/Page \d+ of \d+ · \d+ tables? detected/);
    const box = await view.locator('[data-table-outline]').first().boundingBox();
    expect(box!.width).toBeGreaterThan(50);
    expect(box!.height).toBeGreaterThan(10);
    await view.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'pdf-page-outlines.png') });
  });

  it('shows the same tables as grids with page numbers', async () => {
    const table = page.locator('section.doc-table').first();
    await table.locator('.ag-cell.ag-right-aligned-cell').first().waitFor();
    expect(await table.textContent()).toMatch(/page \d+/);
    expect(session.errors.join('\n')).toBe('');
  });

  it('switches quickly between two PDFs without errors, keeping one pdf.js worker', async () => {
    const view = page.getByRole('region', { name: 'PDF page' });
    // A hash change, as the app's own links do (no reload).
    const show = (id: number) => page.evaluate(`location.hash = '#/document/${id}'`);
    // Both parsed and cached first, so the switches below race the page loads, not the parse.
    await show(otherId);
    await view.locator('canvas').waitFor({ timeout: 60_000 });
    for (let i = 0; i < 8; i++) {
      await show(i % 2 ? otherId : docId);
      await page.waitForTimeout(40 * i);
    }
    await show(docId);
    await expect
      .poll(() => view.locator('[data-table-outline]').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // Each loaded pdf.js document has its own worker; a document left undestroyed keeps its worker.
    await expect.poll(() => page.workers().length, { timeout: 10_000 }).toBe(1);
    expect(session.errors.join('\n')).toBe('');
  });
});
