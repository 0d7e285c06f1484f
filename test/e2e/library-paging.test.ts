import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_MORE_ROWS,
  COMPANY_PAGE_ROWS,
  LIBRARY_PAGE_ROWS,
} from '../../renderer/features/library/format';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

const COUNT = 250;
/** Zero-padded so the name sort is the number order: memo-000 … memo-249. */
const nameOf = (i: number) => `memo-${String(i).padStart(3, '0')}.html`;

/**
 * A library longer than one page of rows (issue 26): the list draws LIBRARY_PAGE_ROWS rows at
 * first, more as its end scrolls into view, and the keyboard reaches every row.
 */
describe('Library list with more documents than one page (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  const files = tempDir('workbench-e2e-paging-');

  beforeAll(async () => {
    const paths = Array.from({ length: COUNT }, (_, i) => {
      const path = join(files.dir, nameOf(i));
      writeFileSync(path, `<html><body><p>Memo ${i} about the quarter.</p></body></html>`);
      return path;
    });
    session = await openWebSession(paths);
    page = session.page;
    await session.services.facts.fill();
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    files.cleanup();
  });

  const rows = () => page.locator('table.library-documents tr[data-document-id]');
  const sortByName = async () => {
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(() => rows().first().innerText()).toMatch(/^memo-000\.html/);
  };

  it('draws the first page of rows, says how many there are, and more as the list scrolls', async () => {
    await page.goto(session.server.url);
    await rows().first().waitFor();
    expect(await rows().count()).toBe(LIBRARY_PAGE_ROWS);
    expect(await page.locator('.library-toolbar [role="status"]').innerText()).toBe(
      `${COUNT} documents`,
    );
    const more = page.getByRole('button', { name: /Show more/ });
    expect(await more.innerText()).toBe(`Show more (${LIBRARY_PAGE_ROWS} of ${COUNT} shown)`);
    // Scrolling to the end draws the next pages (the last one without a "Show more").
    await more.scrollIntoViewIfNeeded();
    await expect.poll(() => rows().count()).toBeGreaterThan(LIBRARY_PAGE_ROWS);
    for (let i = 0; i < 5 && (await more.count()) > 0; i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(100);
    }
    await expect.poll(() => rows().count()).toBe(COUNT);
    expect(await more.count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('a search starts again at the first page and finds documents not drawn yet', async () => {
    await page.reload();
    await sortByName();
    expect(await rows().count()).toBe(LIBRARY_PAGE_ROWS);
    const search = page.getByRole('searchbox', { name: 'Search documents' });
    await search.fill('memo-24');
    await expect.poll(() => rows().count()).toBe(10);
    expect(await rows().first().innerText()).toMatch(/^memo-240\.html/);
    await search.fill('');
    await expect.poll(() => rows().count()).toBe(LIBRARY_PAGE_ROWS);
  });

  it('arrows, Home and End move between rows, drawing the rows they reach', async () => {
    const first = rows().first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.querySelector('td')?.textContent`))
      .toBe(nameOf(1));
    await page.keyboard.press('End');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.querySelector('td')?.textContent`))
      .toBe(nameOf(COUNT - 1));
    expect(await rows().count()).toBe(COUNT);
    // The focused last row is on screen.
    const box = await page.evaluate<{ top: number; bottom: number }>(
      `(() => { const r = document.activeElement.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; })()`,
    );
    expect(box.bottom).toBeLessThanOrEqual(page.viewportSize()!.height);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.querySelector('td')?.textContent`))
      .toBe(nameOf(0));
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(`document.activeElement?.querySelector('td')?.textContent`)).toBe(
      nameOf(0),
    );
    // Down past the first page: row 100 is drawn and focused.
    await page.reload();
    await sortByName();
    const last = rows().nth(LIBRARY_PAGE_ROWS - 1);
    await last.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.querySelector('td')?.textContent`))
      .toBe(nameOf(LIBRARY_PAGE_ROWS));
    expect(session.errors).toEqual([]);
  });

  it('grouped by company, a section draws its newest rows, more on "Show more" or the keyboard', async () => {
    await page.reload();
    await rows().first().waitFor();
    await page.getByRole('combobox', { name: 'Group' }).selectOption('company');
    const section = page.getByRole('region', { name: /^Other documents/ });
    const sectionRows = section.locator('tbody tr[data-document-id]');
    await sectionRows.first().waitFor();
    expect(await sectionRows.count()).toBe(COMPANY_PAGE_ROWS);
    const more = section.getByRole('button', { name: /Show more filings of Other documents/ });
    expect(await more.innerText()).toBe(`Show more (${COMPANY_PAGE_ROWS} of ${COUNT} shown)`);
    await more.click();
    await expect.poll(() => sectionRows.count()).toBe(COMPANY_PAGE_ROWS + COMPANY_MORE_ROWS);
    // The keyboard reaches rows not drawn yet: End draws the rest and focuses the last.
    await sectionRows.first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-document-id')`)).toBe(
      await sectionRows.nth(1).getAttribute('data-document-id'),
    );
    await page.keyboard.press('End');
    await expect.poll(() => sectionRows.count()).toBe(COUNT);
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-document-id')`)).toBe(
      await sectionRows.last().getAttribute('data-document-id'),
    );
    expect(await more.count()).toBe(0);
    // A search starts the section again at its first rows.
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('memo');
    await expect.poll(() => sectionRows.count()).toBe(COMPANY_PAGE_ROWS);
    await page.getByRole('combobox', { name: 'Group' }).selectOption('list');
    expect(session.errors).toEqual([]);
  });
});
