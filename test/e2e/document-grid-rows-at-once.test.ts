import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPath } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** Boeing's 2024 10-K (106 tables): t3 is its first table, in the first screen. */
const ba = dataPath('sec-more', 'ba-10-k-2025-02-03.html');
const present = existsSync(ba);
if (!present) console.warn(`document-grid-rows-at-once: skipped, ${ba} is absent`);

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
 * Issue 26: the document's grids are ag-grid itself (`createGrid`, renderer/features/document/
 * TableGrid.tsx), not ag-grid-react: the rows are drawn in the task that creates the grid, not
 * after a timer and a React render of every row and cell. The label cell is plain DOM (its
 * disclosure, by mouse and keys: document.test.ts, document-progressive.test.ts).
 */
describe.skipIf(!present)('The document grid draws its rows at once (web mode, Chromium)', () => {
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

  it('shows the first table’s cells in the same task as its grid, its labels as text', async () => {
    await page.addInitScript(WATCH_FIRST_GRID);
    await page.goto(`${session.server.url}#/document/${id}`);
    const grid = page.locator('section.doc-table[id="t3"] .table-grid');
    await grid.locator('.ag-cell').first().waitFor({ timeout: 30_000 });
    const seen = await page.evaluate<{ cellsWithGrid?: number }>('window.__firstGrid');
    expect(seen.cellsWithGrid).toBeGreaterThan(0);
    // The labels drawn by the plain-DOM label cell, as text.
    const labels = grid.locator('.row-label-text');
    expect(await labels.count()).toBeGreaterThan(0);
    expect(((await labels.first().textContent()) ?? '').trim()).not.toBe('');
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 30_000 });
    expect(session.errors.join('\n')).toBe('');
  }, 120_000);
});
