import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

const longName =
  `${'quarterly-report-of-a-company-with-a-very-long-file-name-'.repeat(4)}x.htm`.slice(-245);

/** Real filings of several companies and forms: inline XBRL 10-K/10-Q, a 2009 filing, a PDF. */
const filings = [
  'sec-more/hd-10-k-2025-03-21.html',
  'sec-more/jnj-10-q-2025-07-24.html',
  'sec-more/nflx-10-q-2025-07-18.html',
  'sec-more/pg-10-k-2025-08-04.html',
  'sec/GAINSCO_10-K_FY2009_no_xbrl/0001193125-10-073212.html',
  'financebench/pdfs/PEPSICO_2023_8K_dated-2023-05-30.pdf',
];

describe.skipIf(!hasData)('Library knows its filings (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  const files = tempDir('workbench-e2e-facts-');

  beforeAll(async () => {
    // The same bytes as TSLA's 10-Q under a 245-character name.
    const renamed = join(files.dir, longName);
    copyFileSync(dataPath('sec', 'TSLA_10-Q_2025Q2', 'tsla-10-q-2025-07-24.html'), renamed);
    session = await openWebSession([...filings.map((f) => dataPath(...f.split('/'))), renamed], {
      width: 1280,
      height: 800,
    });
    page = session.page;
    await session.services.facts.fill();
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    files.cleanup();
  });

  const rowTexts = async () =>
    (await page.getByRole('table', { name: 'Documents' }).locator('tbody tr').allInnerTexts()).map(
      (t) => t.replace(/\s+/g, ' '),
    );

  it('lists company, form, period and fiscal year read from each filing', async () => {
    await page.goto(session.server.url);
    await page.getByRole('row', { name: /hd-10-k/ }).waitFor();
    const text = async (name: RegExp) =>
      (await page.getByRole('row', { name }).innerText()).replace(/\s+/g, ' ');
    expect(await text(/hd-10-k/)).toMatch(/HOME DEPOT, INC\. 10-K Feb 2, 2025 2024/);
    expect(await text(/jnj-10-q/)).toMatch(/Johnson & Johnson 10-Q Jun 29, 2025 2025/);
    expect(await text(/0001193125-10-073212/)).toMatch(/GAINSCO, INC\. 10-K Dec 31, 2009 2009/);
    expect(await text(/PEPSICO_2023_8K/)).toMatch(/PepsiCo, Inc\. 8-K May 26, 2023 2023/);
    expect(session.errors).toEqual([]);
  });

  it('sorts by a column and reverses on a second click, with aria-sort', async () => {
    const company = page.getByRole('columnheader', { name: /Company/ });
    await company.getByRole('button').click();
    expect(await company.getAttribute('aria-sort')).toBe('ascending');
    let rows = await rowTexts();
    expect(rows[0]).toMatch(/GAINSCO/);
    expect(rows[rows.length - 1]).toMatch(/Tesla/);
    await company.getByRole('button').press('Enter');
    expect(await company.getAttribute('aria-sort')).toBe('descending');
    rows = await rowTexts();
    expect(rows[0]).toMatch(/Tesla/);
    await page
      .getByRole('columnheader', { name: /Period/ })
      .getByRole('button')
      .click();
    rows = await rowTexts();
    // Newest period first (three filings end on June 30, 2025; ties by name).
    expect(rows.slice(0, 3).map((r) => /Jun 30, 2025/.test(r))).toEqual([true, true, true]);
    expect(rows[0]).toMatch(/^nflx-10-q/);
    expect(rows[rows.length - 1]).toMatch(/GAINSCO/);
  });

  it('searches and filters by kind', async () => {
    const search = page.getByRole('searchbox', { name: 'Search documents' });
    await search.fill('10-q 2025');
    await expect.poll(async () => (await rowTexts()).length).toBe(3);
    expect((await rowTexts()).join('\n')).toMatch(/Johnson & Johnson/);
    expect(await page.getByText('3 of 7 documents').isVisible()).toBe(true);
    await page.screenshot({ path: join(artifactsDir, 'library-facts-search.png') });
    await search.fill('');
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('pdf');
    expect(await rowTexts()).toHaveLength(1);
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('all');
    expect(await rowTexts()).toHaveLength(7);
  });

  it('cuts a 245-character name with an ellipsis instead of widening the table', async () => {
    const width = await page.evaluate<{ doc: number; table: number; view: number }>(`({
      doc: document.documentElement.scrollWidth,
      table: document.querySelector('table.library-documents').getBoundingClientRect().width,
      view: window.innerWidth,
    })`);
    expect(width.doc).toBeLessThanOrEqual(width.view);
    expect(width.table).toBeLessThanOrEqual(width.view);
    const cell = page
      .getByRole('row', { name: /quarterly-report-of-a-company/ })
      .locator('td.name');
    const cut = await page.evaluate<boolean>(
      `(() => { const td = document.querySelector('tr[data-document-id] td.name[title*="quarterly-report"]');
        return td.scrollWidth > td.clientWidth; })()`,
    );
    expect(cut).toBe(true);
    expect(await cell.getAttribute('title')).toContain(longName);
    // The row's own buttons stay on screen.
    const remove = page.getByRole('button', { name: /^Remove quarterly-report/ });
    const box = await remove.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width.view);
    await page.screenshot({ path: join(artifactsDir, 'library-facts.png') });
  });
});

if (!hasData) it.skip(`library facts: ${noDataMessage}`, () => undefined);
