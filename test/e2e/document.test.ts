import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../shared/document';
import { sandboxTables } from '../../shared/sandbox/document-tables';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * The document view on a real 10-K when the data is present (NVIDIA's income statement),
 * otherwise on the bundled sample filing (its segment table has two header levels).
 */
const target = hasData
  ? {
      file: dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'),
      table: /^NVIDIA Corporation and Subsidiaries Consolidated Statements of Income/i,
    }
  : {
      file: join(__dirname, '..', '..', 'assets', 'sample', 'northwind-instruments-10-k-2025.html'),
      table: /segment information/i,
    };

describe(`Document view in web mode (${hasData ? 'NVDA 10-K' : 'sample filing'})`, () => {
  let session: WebSession;
  let page: Page;
  let docId: number;

  beforeAll(async () => {
    session = await openWebSession([target.file]);
    page = session.page;
    docId = session.ids[0]!;
  });
  afterAll(() => session?.close());

  const section = () =>
    page
      .locator('section.doc-table', { has: page.getByRole('heading', { name: target.table }) })
      .first();

  it('opens from the library and shows the outline', async () => {
    await page.goto(session.server.url);
    await page.getByRole('link', { name: /\.html$/ }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    expect(page.url()).toContain(`#/document/${docId}`);
  });

  it('jumps to the statement from the outline and shows multi-level column headers', async () => {
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByRole('link', { name: target.table })
      .first()
      .click();
    await section().locator('.ag-header-group-cell').first().waitFor();
    const groups = (await section().locator('.ag-header-group-cell').allTextContents())
      .map((t) => t.trim())
      .filter(Boolean);
    expect(groups.length).toBeGreaterThan(0);
    const leaves = (await section().locator('.ag-header-cell').allTextContents())
      .map((t) => t.trim())
      .filter(Boolean);
    expect(leaves.length).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: join(artifactsDir, 'document-statement.png') });
  });

  it('collapses and expands a section of rows', async () => {
    const toggle = section()
      .getByRole('button', { name: /^Collapse / })
      .first();
    await toggle.waitFor();
    const before = await section().locator('[role=row][row-index]').count();
    await toggle.click();
    await expect
      .poll(() => section().locator('[role=row][row-index]').count())
      .toBeLessThan(before);
    await section()
      .getByRole('button', { name: /^Expand / })
      .first()
      .click();
    await expect.poll(() => section().locator('[role=row][row-index]').count()).toBe(before);
  });

  it("shows a cell's header path, unit, scale and source, and marks it as evidence (persisted)", async () => {
    const numeric = section()
      .locator('.ag-cell.ag-right-aligned-cell')
      .filter({ hasText: /\d/ })
      .first();
    const clicked = (await numeric.textContent())?.trim();
    await numeric.click();
    const details = page.getByRole('complementary', { name: 'Cell details' });
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toMatch(/Row path.*Column path.*Scale.*Unit.*Grid position.*Source/s);
    // The grid position shown is what a program addresses: the same cell, the same text.
    const at = /row (\d+), column (\d+)\s*cell\('([^']+)', (\d+), (\d+)\)/.exec(text ?? '');
    expect(at).not.toBeNull();
    const opened = await session.services.registry.call('document.open', { id: docId });
    const model = opened.ok ? (opened.value as { model: Document }).model : undefined;
    const read = sandboxTables(model ?? { tables: [] })
      .find((t) => t.id === at?.[3])
      ?.cells.find((c) => c.row === Number(at?.[1]) && c.col === Number(at?.[2]));
    expect(read?.text).toBe(clicked);
    await details.getByRole('button', { name: /Mark as evidence/ }).click();
    await details.getByRole('button', { name: /Marked as evidence/ }).waitFor();
    const marks = await session.services.registry.call('evidence.list', { documentId: docId });
    expect(marks.ok && (marks.value as { marks: unknown[] }).marks).toHaveLength(1);
    await page.screenshot({ path: join(artifactsDir, 'document-cell-details.png') });
  });

  it('finds text across paragraphs and tables', async () => {
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Find in document' }).fill('revenue');
    await expect
      .poll(async () => (await page.getByRole('search').textContent()) ?? '')
      .toMatch(/\d+ matches in \d+ blocks/);
    await page.getByRole('searchbox', { name: 'Find in document' }).press('Enter');
    expect(await page.locator('mark').count()).toBeGreaterThan(0);
  });

  it('never rendered filing HTML and logged no errors', async () => {
    expect(await page.locator('ix\\:nonfraction, script[src*="sec.gov"]').count()).toBe(0);
    expect(session.errors.join('\n')).toBe('');
  });
});
