import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiling } from '../support/cli';
import { openWebSession, type WebSession } from '../support/web-session';
import { appChunk, holdBack } from '../support/hold-back';

/**
 * Issue 26, done-when 1: a window opened on a document (a reload, a link) asks for the document
 * from its small boot script and draws its first screen (the first table's cells) from it with
 * plain DOM before the app's own script (React, the stores, the Library) has even arrived, and
 * puts ag-grid's grid of that table in its place, still before the app; the view then takes that
 * grid over (the same element: no second grid), and a cell clicked before that is selected then.
 * A one-cell grid warms ag-grid up out of sight while a document is on its way, and the grid the
 * view creates first is the only one left once it is drawn.
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

  it("draws the first table's cells and then its grid before the app's script has arrived; the view takes that grid over", async () => {
    // The page's one script is the boot script; the app's (React, the stores, the screens) is
    // preloaded beside it and held back here by two seconds.
    const html = await (await fetch(session.server.url)).text();
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="\.\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(scripts).toHaveLength(1);
    const app = appChunk(html);
    expect(app, 'the app chunk is preloaded by the page').toBeDefined();
    // Opened once, so the model is cached: the first screen is drawn from the cached model.
    await page.goto(`${session.server.url}#/document/${docId}`);
    await page.locator('section.doc-table .ag-cell').first().waitFor({ timeout: 60_000 });
    const held = await holdBack(page, `**/${app!}`, 2000);
    try {
      await page.reload();
      // The picture's first table is ag-grid's grid (its plain cells, drawn first, replaced).
      const early = page.locator('#first-paint section.doc-table .ag-root-wrapper');
      const numeric = early
        .locator('.ag-cell.ag-right-aligned-cell')
        .filter({ hasText: /\d/ })
        .first();
      await numeric.waitFor({ timeout: 60_000 });
      // Its steps, marked for the bench (test/bench/document-first-paint.ts), in their order
      // (the app's start, `app`, may come before the grid on a loaded machine: the first screen
      // or ag-grid's code late).
      const steps = await page.evaluate<string[]>(
        `performance.getEntriesByType('mark').map((e) => e.name).filter((n) => n.startsWith('boot:'))`,
      );
      const at = (step: string) => steps.indexOf(`boot:${step}`);
      for (const step of ['start', 'first-screen', 'picture', 'frame', 'grid-code', 'grid', 'app'])
        expect(at(step), step).toBeGreaterThanOrEqual(0);
      expect(at('start')).toBe(0);
      expect(at('first-screen')).toBeLessThan(at('picture'));
      expect(at('picture')).toBeLessThan(at('frame'));
      expect(at('frame')).toBeLessThan(at('grid'));
      expect(at('grid-code')).toBeLessThan(at('grid'));
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
      // Drawn while the app's script is still held back: no React, no view.
      expect(times.app < 0 || times.app > times.now).toBe(true);
      expect(await page.locator('#root .document-screen').count()).toBe(0);
      expect(await page.locator('#first-paint h1').textContent()).toBeTruthy();
      // The picture's text is hidden from assistive technology and cannot be clicked; its grid
      // is neither.
      for (const part of ['.sidebar', '.screen-header', '.outline', 'section.doc-table header']) {
        const el = page.locator(`#first-paint ${part}`).first();
        expect(await el.getAttribute('aria-hidden'), part).toBe('true');
        expect(await el.getAttribute('inert'), part).not.toBeNull();
      }
      const grid = `document.querySelector('#first-paint section.doc-table .ag-root-wrapper')`;
      expect(
        await page.evaluate<boolean>(`${grid}.closest('[inert], [aria-hidden="true"]') === null`),
      ).toBe(true);
      // A cell clicked before the app: selected once the view has taken the grid over.
      await page.evaluate(`${grid}.setAttribute('data-mark', 'early')`);
      const text = (await numeric.textContent())?.trim();
      await numeric.click();
      const details = page.getByRole('complementary', { name: 'Cell details' });
      expect(await details.count()).toBe(0);
      // Then the view, with that very grid in it (not a second one), and the picture gone.
      const tableId = await page.locator('#first-paint .table-grid').getAttribute('data-table-id');
      expect(tableId).toBeTruthy();
      const view = page.locator(`#root section.doc-table[id="${tableId}"] .ag-root-wrapper`);
      await view.locator('.ag-cell').first().waitFor({ timeout: 60_000 });
      expect(await view.getAttribute('data-mark')).toBe('early');
      await expect.poll(() => page.locator('#first-paint').count(), { timeout: 5_000 }).toBe(0);
      expect(await page.locator(`[data-table-id="${tableId}"] .ag-root-wrapper`).count()).toBe(1);
      await details.waitFor({ timeout: 10_000 });
      expect(await details.textContent()).toContain(text);
      expect(await view.locator('.ag-cell.cell-selected').count()).toBe(1);
      // The model was asked for once.
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
    const held = await holdBack(page, /\/api\/call\/document\.(open|firstScreen)$/, 5000);
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
