import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParseDocument } from '../../main/document/document-service';
import { parseInWorker } from '../../main/document/parse-in-worker';
import { artifactsDir, waitInPage } from '../support/browser';
import { dataPath } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** 9 pages, 10 tables, one on page 1. */
const ulta = dataPath('financebench', 'pdfs', 'ULTABEAUTY_2023Q4_EARNINGS.pdf');
/** A small HTML 10-K. */
const html = dataPath('sec', 'GAINSCO_10-K_FY2009_no_xbrl', '0001193125-10-073212.html');
const present = existsSync(ulta) && existsSync(html);
if (!present) console.warn(`pdf-page-first: skipped, ${ulta} or ${html} is absent`);

/** Whether the page's PDF canvas has ink on it (run in the page, whose CSP forbids eval). */
const INK = `(() => {
  const c = document.querySelector('[aria-label="PDF page"] canvas');
  if (!c || c.width === 0 || c.height === 0) return false;
  const small = document.createElement('canvas');
  small.width = small.height = 24;
  const g = small.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 24, 24);
  g.drawImage(c, 0, 0, 24, 24);
  const px = g.getImageData(0, 0, 24, 24).data;
  for (let i = 0; i < px.length; i += 4) if (px[i] < 200 || px[i + 1] < 200 || px[i + 2] < 200) return true;
  return false;
})()`;

/**
 * Issue 26: a window opened on a PDF (a reload, a link) draws the PDF's page without waiting for
 * the parse to say the document is a PDF. The parse is held here before it reports anything, so
 * only what the window's first script asked for can show the page; the original's bytes are
 * fetched once, and an HTML filing's are not fetched at all.
 */
describe.skipIf(!present)('a PDF page drawn before its parse reports (web mode, Chromium)', () => {
  let session: WebSession;
  let server: WebSession['server'];
  let browser: Browser;
  let page: Page;
  let pdfId: number;
  let htmlId: number;
  let releaseParse: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseParse = resolve));
  const errors: string[] = [];
  const calls: string[] = [];

  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    p.on('request', (q) => {
      const m = /\/api\/call\/([^/?]+)/.exec(q.url());
      if (m) calls.push(decodeURIComponent(m[1]!));
    });
  };

  beforeAll(async () => {
    const real = parseInWorker();
    // The real parse, started only once the test lets it: no progress, no pages until then.
    const parse: ParseDocument = async (...args) => {
      await held;
      return real(...args);
    };
    session = await openWebSession([ulta, html], undefined, { parse });
    ({ server, browser, page } = session);
    [pdfId, htmlId] = session.ids as [number, number];
    watch(page);
  }, 60_000);
  afterAll(async () => {
    releaseParse();
    await session?.close();
  });

  const waitFor = (what: string, timeoutMs: number) => waitInPage(page, what, timeoutMs);

  it('draws page 1 while the parse has told nothing, keeps it when the tables come, and fetches the PDF once', async () => {
    await page.goto(`${server.url}#/document/${pdfId}`);
    expect(await waitFor(INK, 30_000)).toBe(true);
    // Nothing is read yet: no pages so far, no tables; the page says which it is.
    expect(await page.locator('section.doc-table').count()).toBe(0);
    expect(await page.getByRole('progressbar', { name: 'Reading the document' }).count()).toBe(1);
    await expect(page.getByText('of 9', { exact: false }).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(artifactsDir, 'pdf-page-first-held.png') });
    await page.evaluate(
      `document.querySelector('[aria-label="PDF page"] canvas').setAttribute('data-mark', 'first')`,
    );

    releaseParse();
    await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Reading the document' }).count(), {
        timeout: 60_000,
      })
      .toBe(0);
    // The same canvas, with page 1's table outlined on it.
    expect(await page.locator('[aria-label="PDF page"] canvas[data-mark="first"]').count()).toBe(1);
    await page.locator('[data-table-outline^="p1-"]').first().waitFor({ timeout: 10_000 });
    expect(await waitFor(INK, 10_000)).toBe(true);
    expect(calls.filter((c) => c === 'document.original')).toHaveLength(1);
    expect(errors.join('\n')).toBe('');
  }, 120_000);

  it('an HTML filing: asks only what kind it is, not for its original', async () => {
    // A new window (a link opened anew): the first script runs again.
    await page.close();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    watch(page);
    calls.length = 0;
    await page.goto(`${server.url}#/document/${htmlId}`);
    await page
      .locator('.document-body .doc-paragraph, .document-body .doc-heading')
      .first()
      .waitFor({ timeout: 60_000 });
    expect(calls).toContain('document.summary');
    expect(calls).not.toContain('document.original');
    expect(await page.locator('[aria-label="PDF page"]').count()).toBe(0);
    expect(errors.join('\n')).toBe('');
  }, 90_000);
});
