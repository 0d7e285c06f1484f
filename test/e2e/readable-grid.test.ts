import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** How many cells of a grid show their text cut (wider than their box), and which. */
const cutCells = (page: Page, tableId: string, selector: string) =>
  page.evaluate<string[]>(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('[data-table-id="${tableId}"] ${selector}')) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(el.textContent.trim());
    }
    return out;
  })()`);

describe.skipIf(!hasData)('Readable grids: NVIDIA income statement (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  let tableId = '';

  beforeAll(async () => {
    session = await openWebSession(
      [dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html')],
      { width: 1280, height: 900 },
    );
    page = session.page;
  }, 60_000);
  afterAll(() => session?.close());

  const section = () =>
    page
      .locator('section.doc-table', {
        has: page.getByRole('heading', {
          name: /^NVIDIA Corporation and Subsidiaries Consolidated Statements of Income/i,
        }),
      })
      .first();

  it('shows whole labels, whole numbers and whole headers', async () => {
    await page.goto(session.server.url);
    await page.getByRole('link', { name: /\.html$/ }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByRole('link', {
        name: /^NVIDIA Corporation and Subsidiaries Consolidated Statements of Income/i,
      })
      .first()
      .click();
    await section().locator('.ag-header-group-cell').first().waitFor();
    tableId = (await section().locator('[data-table-id]').getAttribute('data-table-id')) ?? '';
    await section().getByText('Sales, general and administrative').waitFor();
    expect(await cutCells(page, tableId, '.ag-cell[col-id="label"]')).toEqual([]);
    expect(await cutCells(page, tableId, '.ag-cell.ag-right-aligned-cell')).toEqual([]);
    // The text itself: ag-grid cuts it with an ellipsis in the cell's value element.
    expect(await cutCells(page, tableId, '.ag-cell[col-id="label"] .ag-cell-value')).toEqual([]);
    expect(await cutCells(page, tableId, '.ag-right-aligned-cell .ag-cell-value')).toEqual([]);
    expect(await cutCells(page, tableId, '.ag-header-cell-text, .ag-header-group-text')).toEqual(
      [],
    );
    await page.screenshot({ path: join(artifactsDir, 'grid-readable.png') });
  });

  it('keeps the labels and two value columns in view with the cell panel open', async () => {
    await section()
      .locator('.ag-cell.ag-right-aligned-cell')
      .filter({ hasText: /\d/ })
      .first()
      .click();
    await page.getByRole('complementary', { name: 'Cell details' }).waitFor();
    const grid = section().locator('.table-grid');
    const gridBox = (await grid.boundingBox())!;
    const visible = async (text: string) => {
      const box = await section()
        .locator('.ag-header-cell', { hasText: text })
        .first()
        .boundingBox();
      return !!box && box.x >= gridBox.x && box.x + box.width <= gridBox.x + gridBox.width + 1;
    };
    expect(await visible('Jan 26, 2025')).toBe(true);
    expect(await visible('Jan 28, 2024')).toBe(true);
    const label = (await section().getByText('Research and development').boundingBox())!;
    expect(label.x).toBeGreaterThanOrEqual(gridBox.x);
    await page.screenshot({ path: join(artifactsDir, 'grid-with-cell-panel.png') });
    await page
      .getByRole('complementary', { name: 'Cell details' })
      .getByRole('button', { name: 'Close' })
      .click();
  });

  it('keeps the total when its group is collapsed', async () => {
    await section().getByRole('button', { name: 'Collapse Operating expenses' }).click();
    await section().getByRole('button', { name: 'Expand Operating expenses' }).waitFor();
    await expect.poll(() => section().getByText('Research and development').count()).toBe(0);
    expect(await section().getByText('Total operating expenses').count()).toBe(1);
    await section().getByRole('button', { name: 'Expand Operating expenses' }).click();
    await section().getByText('Research and development').waitFor();
  });

  it('lets the label column be resized and remembers the width', async () => {
    const header = section().locator('.ag-header-cell[col-id="label"]');
    const before = (await header.boundingBox())!;
    const handle = header.locator('.ag-header-cell-resize');
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2 + 80, h.y + h.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(async () => (await header.boundingBox())!.width)
      .toBeGreaterThan(before.width + 60);
    const widened = (await header.boundingBox())!.width;
    await page.reload();
    await section().locator('.ag-header-group-cell').first().waitFor({ timeout: 60_000 });
    const after = (await section().locator('.ag-header-cell[col-id="label"]').boundingBox())!;
    expect(Math.abs(after.width - widened)).toBeLessThanOrEqual(2);
    expect(session.errors.join('\n')).toBe('');
  });
});

if (!hasData) it.skip(`readable grids: ${noDataMessage}`, () => undefined);
