import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';
import { makePdf, sampleTablePage } from '../integration/ingest/pdf/make-pdf';

/** A real 14-page earnings release when the data is present, else a generated 3-page PDF. */
describe(`Readable PDF pages (${hasData ? 'AMCOR 2023Q4 earnings' : 'generated PDF'})`, () => {
  let session: WebSession;
  let page: Page;
  let docId: number;
  const scratch = mkdtempSync(join(tmpdir(), 'pdf-readable-'));

  beforeAll(async () => {
    let file = dataPath('financebench', 'pdfs', 'AMCOR_2023Q4_EARNINGS.pdf');
    if (!hasData) {
      file = join(scratch, 'generated.pdf');
      writeFileSync(file, makePdf([sampleTablePage(), sampleTablePage(), sampleTablePage()]));
    }
    session = await openWebSession([file], { width: 1500, height: 1000 });
    page = session.page;
    docId = session.ids[0]!;
  });
  afterAll(async () => {
    await session?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const view = () => page.getByRole('region', { name: 'PDF page' });
  const zoomText = async () => (await view().getByLabel('Zoom level').textContent()) ?? '';
  const canvasSize = () =>
    page.evaluate<{ css: number; pixels: number; box: number; dpr: number }>(`(() => {
      const c = document.querySelector('.pdf-page canvas');
      return {
        css: c.getBoundingClientRect().width,
        pixels: c.width,
        box: document.querySelector('.pdf-scroll').clientWidth,
        dpr: window.devicePixelRatio,
      };
    })()`);

  it('opens on page 1 at fit width, drawn sharp at the screen density', async () => {
    await page.goto(`${session.server.url}#/document/${docId}`);
    await view().locator('canvas').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await view().textContent()) ?? '').toMatch(/Page 1 of \d+/);
    await expect.poll(async () => (await canvasSize()).css).toBeGreaterThan(400);
    const s = await canvasSize();
    // Fit width: the page fills its box (less a border), and no more.
    expect(s.css).toBeLessThanOrEqual(s.box);
    expect(s.css).toBeGreaterThan(s.box - 12);
    expect(s.pixels).toBeGreaterThanOrEqual(Math.floor(s.css * s.dpr) - 1);
    expect(
      await view().getByRole('button', { name: 'Fit width' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // A letter-size page at fit width in this window is drawn at 90% or more: 10 pt text ≥ 12 px
    // (it was drawn 46% of the content wide, about 85%, before).
    expect(Number.parseInt(await zoomText(), 10)).toBeGreaterThanOrEqual(90);
    await page.screenshot({ path: join(artifactsDir, 'pdf-readable-fit.png') });
  });

  it('zooms with + and −, Ctrl+wheel, and back to fit width', async () => {
    const fit = await zoomText();
    const before = (await canvasSize()).css;
    await view().getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await canvasSize()).css).toBeGreaterThan(before * 1.05);
    expect(await zoomText()).not.toBe(fit);
    expect(
      await view().getByRole('button', { name: 'Fit width' }).getAttribute('aria-pressed'),
    ).toBe('false');
    const zoomed = await zoomText();
    const scroll = view().locator('.pdf-scroll');
    await scroll.hover();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(zoomText).not.toBe(zoomed);
    expect(Number.parseInt(await zoomText(), 10)).toBeGreaterThan(Number.parseInt(zoomed, 10));
    await page.screenshot({ path: join(artifactsDir, 'pdf-readable-zoomed.png') });
    await view().getByRole('button', { name: 'Zoom out' }).click();
    await view().getByRole('button', { name: 'Zoom out' }).click();
    await view().getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => (await canvasSize()).css).toBeLessThan(before);
    await view().getByRole('button', { name: 'Fit width' }).click();
    await expect.poll(zoomText).toBe(fit);
  });

  it('moves between pages with the buttons and the page box', async () => {
    await view().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(async () => (await view().textContent()) ?? '').toMatch(/Page 2 of/);
    const goTo = view().getByRole('spinbutton', { name: 'Go to page' });
    await goTo.fill('3');
    await goTo.press('Enter');
    await expect.poll(async () => (await view().textContent()) ?? '').toMatch(/Page 3 of/);
    await goTo.fill('999');
    await goTo.press('Enter');
    await expect.poll(async () => (await view().textContent()) ?? '').toMatch(/Page (\d+) of \1\b/);
    await view().getByRole('button', { name: 'Previous page' }).click();
    await goTo.fill('1');
    await goTo.press('Enter');
    await expect.poll(async () => (await view().textContent()) ?? '').toMatch(/Page 1 of/);
  });

  it('outlines the detected tables as links to their grids', async () => {
    const outline = view().locator('[data-table-outline]').first();
    await outline.waitFor({ timeout: 30_000 });
    const id = await outline.getAttribute('data-table-outline');
    expect(await outline.getAttribute('aria-label')).toMatch(/^Table: /);
    await outline.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain(`#/document/${docId}/${id}`);
    expect(session.errors.join('\n')).toBe('');
  });
});
