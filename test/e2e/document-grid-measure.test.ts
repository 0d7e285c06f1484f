import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPath } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** Boeing's 2024 10-K (106 tables): t3 is its first table, in the first screen. */
const ba = dataPath('sec-more', 'ba-10-k-2025-02-03.html');
const present = existsSync(ba);
if (!present) console.warn(`document-grid-measure: skipped, ${ba} is absent`);

/**
 * Counts reads of the body's computed style (what canvas-measure.ts reads the page's font from),
 * made before the app's first script runs.
 */
const COUNT_BODY_STYLE_READS = `(() => {
  window.__bodyStyleReads = 0;
  const original = window.getComputedStyle;
  window.getComputedStyle = function (el, pseudo) {
    if (el === document.body) window.__bodyStyleReads++;
    return original.call(this, el, pseudo);
  };
})()`;

/**
 * Issue 26: the grids' text measurer (renderer/features/document/canvas-measure.ts) is one for
 * the window. The page's font is read once, by the boot script right after its picture of the
 * first screen, not in each grid's render: there it recalculated the whole page's styles on the
 * way to a cached filing's first grid, and again for every grid after it.
 */
describe.skipIf(!present)('The grids’ text measurer (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  let id: number;

  beforeAll(async () => {
    session = await openWebSession([ba]);
    page = session.page;
    id = session.ids[0]!;
    const opened = await session.services.registry.call('document.open', { id });
    if (!opened.ok) throw new Error(opened.error.message);
  }, 120_000);
  afterAll(() => session?.close());

  it("reads the page's font once for all the document's grids, before the first grid", async () => {
    await page.addInitScript(COUNT_BODY_STYLE_READS);
    await page.goto(`${session.server.url}#/document/${id}`);
    const firstGrid = page.locator('section.doc-table[id="t3"] .table-grid');
    await firstGrid.locator('.ag-cell').first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate('window.__bodyStyleReads')).toBe(1);
    // The whole model drawn and scrolled through its next tables: their grids are created, none
    // of them reads it again.
    await expect
      .poll(() => page.locator('section.doc-table').count(), { timeout: 60_000 })
      .toBeGreaterThan(30);
    await expect
      .poll(
        () =>
          page.evaluate(`(() => {
            for (const s of [...document.querySelectorAll('section.doc-table')].slice(0, 8))
              s.scrollIntoView();
            return document.querySelectorAll('section.doc-table .ag-root-wrapper').length;
          })()`),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(1);
    expect(await page.evaluate('window.__bodyStyleReads')).toBe(1);
    // Columns still sized from their texts: the first table's numbers are not cut.
    const cut = await page.evaluate(`[...document.querySelectorAll(
      'section.doc-table[id="t3"] .ag-cell.ag-right-aligned-cell',
    )].filter((c) => /\\d/.test(c.textContent) && c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent)`);
    expect(cut).toEqual([]);
    expect(await firstGrid.locator('.ag-cell.ag-right-aligned-cell').count()).toBeGreaterThan(0);
    expect(session.errors.join('\n')).toBe('');
  }, 120_000);
});
