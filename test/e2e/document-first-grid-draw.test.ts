import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPath } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** Boeing's 2024 10-K (106 tables): t3 is its first table, in the first screen. */
const ba = dataPath('sec-more', 'ba-10-k-2025-02-03.html');
const present = existsSync(ba);
if (!present) console.warn(`document-first-grid-draw: skipped, ${ba} is absent`);

/**
 * Notes, at the first DOM change that shows t3's grid, whether its cells came with it (the
 * observer's callback runs once the task that changed the DOM is over).
 */
const WATCH_FIRST_GRID = `(() => {
  const seen = (window.__firstGrid = {});
  new MutationObserver((_, observer) => {
    const grid = document.querySelector('section.doc-table[id="t3"] .ag-root-wrapper');
    if (!grid) return;
    seen.cellsWithGrid = grid.querySelectorAll('.ag-cell').length;
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
})()`;

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
 * Issue 26, how a cached filing's first grid is drawn:
 * - the document's grids are ag-grid itself (`createGrid`, renderer/features/document/
 *   TableGrid.tsx), not ag-grid-react: the rows are drawn in the task that creates the grid, not
 *   after a timer and a React render of every row and cell; the label cell is plain DOM (its
 *   disclosure, by mouse and keys: document.test.ts, document-progressive.test.ts);
 * - the grids' text measurer (canvas-measure.ts) is one for the window: the page's font is read
 *   once, by the boot script right after its picture of the first screen, not in each grid's
 *   render, where it recalculated the whole page's styles on the way to the first grid and again
 *   for every grid after it.
 */
describe.skipIf(!present)('A cached filing’s first grid (web mode, Chromium)', () => {
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

  it('comes with its rows, labels as text, the page’s font read once for all the grids', async () => {
    await page.addInitScript(WATCH_FIRST_GRID);
    await page.addInitScript(COUNT_BODY_STYLE_READS);
    await page.goto(`${session.server.url}#/document/${id}`);
    const firstGrid = page.locator('section.doc-table[id="t3"] .table-grid');
    await firstGrid.locator('.ag-cell').first().waitFor({ timeout: 30_000 });
    const seen = await page.evaluate<{ cellsWithGrid?: number }>('window.__firstGrid');
    expect(seen.cellsWithGrid).toBeGreaterThan(0);
    expect(await page.evaluate('window.__bodyStyleReads')).toBe(1);
    // The labels drawn by the plain-DOM label cell, as text.
    const labels = firstGrid.locator('.row-label-text');
    expect(await labels.count()).toBeGreaterThan(0);
    expect(((await labels.first().textContent()) ?? '').trim()).not.toBe('');

    // The whole model drawn and scrolled through its next tables: their grids are created, none
    // of them reads the font again.
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
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 30_000 });
    expect(session.errors.join('\n')).toBe('');
  }, 120_000);
});
