import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiling } from '../support/cli';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 26, done-when 1: a window opened on a document (a reload, a link) asks for the document
 * from its small boot script, before the app's own script (React, the stores, the Library) has
 * even arrived; and the grid the view creates first is the only one left once it is drawn (a
 * one-cell grid warms ag-grid up out of sight while the document is on its way).
 */
describe('Opening the app on a document (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  let docId: number;

  beforeAll(async () => {
    session = await openWebSession([sampleFiling], { width: 1400, height: 900 });
    page = session.page;
    docId = session.ids[0]!;
  }, 120_000);
  afterAll(() => session?.close());

  it("asks for the document before the app's script has arrived", async () => {
    // The app's script (the page's second module script) is held back by a second.
    const html = await (await fetch(session.server.url)).text();
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="\.\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^assets\/boot-/);
    const app = scripts[1]!;
    await page.route(`**/${app}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    try {
      await page.goto(`${session.server.url}#/document/${docId}`);
      await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
      const times = await page.evaluate<{ open: number; app: number; opens: number }>(`(() => {
        const all = performance.getEntriesByType('resource');
        const opens = all.filter((e) => e.name.includes('/api/call/document.open'));
        const app = all.find((e) => e.name.endsWith(${JSON.stringify(app)}));
        return { open: opens[0]?.startTime ?? -1, app: app?.responseEnd ?? -1, opens: opens.length };
      })()`);
      expect(times.open).toBeGreaterThan(0);
      expect(times.open).toBeLessThan(times.app);
      // Asked for once: the document view takes the boot script's answer.
      expect(times.opens).toBe(1);
    } finally {
      await page.unroute(`**/${app}`);
    }
    expect(session.errors.join('\n')).toBe('');
  }, 90_000);

  it('warms ag-grid up while the document is on its way, and leaves only its grids', async () => {
    // The answer held back: the window idles meanwhile, and ag-grid is warmed up then.
    const held = '**/api/call/document.open';
    await page.route(held, async (route) => {
      await new Promise((r) => setTimeout(r, 5000));
      await route.continue();
    });
    const outsideSections = () =>
      page.evaluate<number>(
        `[...document.querySelectorAll('.ag-root-wrapper')].filter((g) => !g.closest('section.doc-table')).length`,
      );
    try {
      await page.goto(`${session.server.url}#/document/${docId}`);
      await page.reload();
      await expect.poll(outsideSections, { timeout: 4500 }).toBe(1);
      await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
      await expect.poll(outsideSections, { timeout: 5_000 }).toBe(0);
    } finally {
      await page.unroute(held);
    }
    expect(session.errors.join('\n')).toBe('');
  }, 90_000);
});
