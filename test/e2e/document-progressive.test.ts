import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../shared/document';
import { findHits, findMatches } from '../../renderer/features/document/find-matches';
import { dataPath, hasData } from '../support/data-dir';
import { sampleFiling } from '../support/cli';
import { openWebSession, type WebSession } from '../support/web-session';

/** Boeing's 2024 10-K (106 tables, 1,305 blocks) when the data is here, else the sample. */
const file = hasData ? dataPath('sec-more', 'ba-10-k-2025-02-03.html') : sampleFiling;

/**
 * Issue 26: the document view draws the first blocks and the first grid, and the rest in idle
 * time. Here idle time never comes (requestIdleCallback is stalled in the page, as on a machine
 * that is never idle), so everything a user reaches before the rest is drawn — find, the
 * outline's headings and tables, a table named in the URL — must draw what it needs itself.
 */
describe(`Document view, the part not drawn yet (web mode, Chromium)`, () => {
  let session: WebSession;
  let page: Page;
  let model: Document;
  let docId: number;

  beforeAll(async () => {
    session = await openWebSession([file], { width: 1400, height: 900 });
    page = session.page;
    docId = session.ids[0]!;
    const r = await session.services.registry.call('document.open', { id: docId });
    if (!r.ok) throw new Error(r.error.message);
    model = (r.value as { model: Document }).model;
    await page.addInitScript(
      `window.requestIdleCallback = () => 0; window.cancelIdleCallback = () => undefined;`,
    );
  }, 120_000);
  afterAll(() => session?.close());

  const drawnBlocks = () =>
    page.evaluate<number>(`document.querySelector('.document-body').children.length`);
  const inView = (selector: string) =>
    page.evaluate<boolean>(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    })()`);
  const open = async (hash: string) => {
    await page.goto(`${session.server.url}${hash}`);
    await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
  };

  it('draws the first blocks and the first grid, not the whole document', async () => {
    await open(`#/document/${docId}`);
    const drawn = await drawnBlocks();
    expect(drawn).toBeGreaterThan(0);
    if (hasData) expect(drawn).toBeLessThan(model.blocks.length / 4);
    expect(session.errors.join('\n')).toBe('');
  });

  it('finds a match in the part not drawn and shows it', async () => {
    // A word of the last paragraphs that occurs once in the whole document.
    const last = [...model.blocks].reverse().filter((b) => b.type === 'paragraph');
    let query = '';
    for (const b of last) {
      const word = b.text.split(/\s+/).find((w) => {
        if (!/^[A-Za-z]{7,}$/.test(w)) return false;
        return findHits(findMatches(model, w)).length === 1;
      });
      if (word) {
        query = word;
        break;
      }
    }
    expect(query).not.toBe('');
    await open(`#/document/${docId}`);
    const before = await drawnBlocks();
    const box = page.getByRole('searchbox', { name: 'Find in document' });
    await box.fill(query);
    await box.press('Enter');
    await page.locator('mark.find-current').waitFor();
    await expect.poll(() => inView('mark.find-current')).toBe(true);
    if (hasData) expect(before).toBeLessThan(model.blocks.length / 4);
  });

  it("goes to the outline's last heading and last table", async () => {
    await open(`#/document/${docId}`);
    const outline = page.getByRole('navigation', { name: 'Outline' });
    const heading = outline.locator('li.outline-heading a').last();
    const headingId = (await heading.getAttribute('data-outline-id'))!;
    await heading.click();
    await expect.poll(() => inView(`[id="${headingId}"]`)).toBe(true);

    await open(`#/document/${docId}`);
    const table = outline.locator('li.outline-table a').last();
    const tableId = (await table.getAttribute('data-outline-id'))!;
    await table.click();
    await page.locator(`[data-table-id="${tableId}"] .ag-cell`).first().waitFor();
    await expect.poll(() => inView(`[data-table-id="${tableId}"] .ag-cell`)).toBe(true);
    expect(session.errors.join('\n')).toBe('');
  });

  it('opens on a table named in the URL, far into the document', async () => {
    const tableId = model.tables.at(-1)!.id;
    await page.goto(`${session.server.url}#/document/${docId}/${tableId}`);
    await page.locator(`[data-table-id="${tableId}"] .ag-cell`).first().waitFor({
      timeout: 60_000,
    });
    await expect.poll(() => inView(`[data-table-id="${tableId}"] .ag-cell`)).toBe(true);
    expect(session.errors.join('\n')).toBe('');
  });
});
