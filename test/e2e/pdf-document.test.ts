import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../shared/library/document';
import { rendererDir } from '../../main/app-paths';
import { startWebServer, type WebServer } from '../../main/server/web-server';
import { artifactsDir, ensureBuiltRenderer, launchBrowser } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { tempServices } from '../support/services';
import { makePdf, sampleTablePage } from '../integration/ingest/pdf/make-pdf';

/** A real earnings release when the data is present, else a generated one-page PDF. */
describe(`PDF page view in web mode (${hasData ? 'AMCOR 2023Q4 earnings' : 'generated PDF'})`, () => {
  let ctx: Awaited<ReturnType<typeof tempServices>>;
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  let docId: number;
  const scratch = mkdtempSync(join(tmpdir(), 'pdf-e2e-'));
  const errors: string[] = [];

  beforeAll(async () => {
    ensureBuiltRenderer();
    let file = dataPath('financebench', 'pdfs', 'AMCOR_2023Q4_EARNINGS.pdf');
    if (!hasData) {
      file = join(scratch, 'generated.pdf');
      writeFileSync(file, makePdf([sampleTablePage()]));
    }
    ctx = await tempServices({ host: 'web' });
    const r = await ctx.services.registry.call('library.importPaths', { paths: [file] });
    const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
    if (!item?.ok) throw new Error('import failed');
    docId = item.document.id;
    server = await startWebServer({
      services: ctx.services,
      rendererDir: rendererDir(),
      maxBodyBytes: 1e8,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1500, height: 1100 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    ctx?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('draws the page with pdf.js and outlines the tables detected on it', async () => {
    await page.goto(`${server.url}#/document/${docId}`);
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
    expect(errors.join('\n')).toBe('');
  });
});
