import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiling } from '../support/cli';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 26, done-when 1: a window opened on a document (a reload, a link) asks for the document
 * from its small boot script and draws its first screen (the first table's cells) from it with
 * plain DOM before the app's own script (React, the stores, the Library) has even arrived; the
 * view's grid then takes over, and the grid the view creates first is the only one left once it
 * is drawn (a one-cell grid warms ag-grid up out of sight while the document is on its way).
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

  it("draws the first table's cells before the app's script has arrived, then the grid takes over", async () => {
    // The page's one script is the boot script; the app's (React, the stores, the screens) is
    // preloaded beside it and held back here by two seconds.
    const html = await (await fetch(session.server.url)).text();
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="\.\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(scripts).toHaveLength(1);
    const app = html.match(
      /<link rel="modulepreload" crossorigin href="\.\/(assets\/main-[^"]+)"/,
    )?.[1];
    expect(app, 'the app chunk is preloaded by the page').toBeDefined();
    // Opened once, so the model is cached: the first screen is drawn from the cached model.
    await page.goto(`${session.server.url}#/document/${docId}`);
    await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
    const held = `**/${app!}`;
    await page.route(held, async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    try {
      await page.reload();
      const picture = page.locator('#first-paint .first-paint-grid td');
      await picture.first().waitFor({ timeout: 60_000 });
      const times = await page.evaluate<{
        open: number;
        app: number;
        opens: number;
        now: number;
      }>(`(() => {
        const all = performance.getEntriesByType('resource');
        const first = all.find((e) => e.name.includes('/api/call/document.firstScreen'));
        const opens = all.filter((e) => e.name.includes('/api/call/document.open'));
        const app = all.find((e) => e.name.endsWith(${JSON.stringify(app)}));
        return { open: first?.startTime ?? -1, app: app?.responseEnd ?? -1, opens: opens.length, now: performance.now() };
      })()`);
      // Drawn from the first screen the boot script asked for; the whole model (cached) is
      // asked for once, by the document store (after the app has started), if it already was.
      expect(times.open).toBeGreaterThan(0);
      expect(times.opens).toBeLessThanOrEqual(1);
      // Drawn while the app's script is still held back: no React, no grid yet.
      expect(times.app < 0 || times.app > times.now).toBe(true);
      expect(await page.locator('.ag-root-wrapper').count()).toBe(0);
      // Only text: the picture is hidden from assistive technology and cannot be clicked.
      expect(await page.locator('#first-paint').getAttribute('aria-hidden')).toBe('true');
      expect(await picture.count()).toBeGreaterThan(2);
      // Then the view's grid, and the picture gone; the model was asked for once.
      await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
      await expect.poll(() => page.locator('#first-paint').count(), { timeout: 5_000 }).toBe(0);
      const opens = await page.evaluate<number>(
        `performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/call/document.open')).length`,
      );
      expect(opens).toBe(1);
    } finally {
      await page.unroute(held);
    }
    expect(session.errors.join('\n')).toBe('');
  }, 90_000);

  it('warms ag-grid up while the document is on its way, and leaves only its grids', async () => {
    // The answers held back (the model's and its first screen's, which the view would draw
    // its grid from): the window idles meanwhile, and ag-grid is warmed up then.
    const held = /\/api\/call\/document\.(open|firstScreen)$/;
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
