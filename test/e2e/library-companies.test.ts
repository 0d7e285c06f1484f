import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Netflix's 10-Q for the quarter ended June 30, 2025 (inline XBRL, "Netflix, Inc.") and its 10-K
 * for 2017 (a PDF whose cover says "NETFLIX, INC."): one company across two forms and sources.
 * Johnson & Johnson's 10-Q is another company. `sec/` and `sec-more/` hold no company with both
 * a 10-K and a 10-Q, so the 10-K comes from FinanceBench's PDFs (not from `sec-check/`).
 */
const filings = [
  'sec-more/jnj-10-q-2025-07-24.html',
  'financebench/pdfs/NETFLIX_2017_10K.pdf',
  'sec-more/nflx-10-q-2025-07-18.html',
  // A benchmark file: no filer, so "Other documents", with its format picker.
  'datasets/multihiertt/dev_subset.json',
];

describe.skipIf(!hasData)('Library grouped by company (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  const files = tempDir('workbench-e2e-companies-');

  beforeAll(async () => {
    // A page with no cover (no filer) and one whose registrant name is markup: both untrusted.
    const notes = join(files.dir, 'analyst-notes.html');
    writeFileSync(notes, '<html><body><p>Notes on revenue.</p></body></html>');
    const hostile = join(files.dir, 'hostile-cover.html');
    writeFileSync(
      hostile,
      '<html><body><ix:header></ix:header><p><ix:nonNumeric name="dei:EntityRegistrantName" contextRef="c">' +
        '&lt;img src=x onerror="window.__pwned=1"&gt;Evil Corp</ix:nonNumeric> ' +
        '<ix:nonNumeric name="dei:DocumentType" contextRef="c">8-K</ix:nonNumeric></p></body></html>',
    );
    session = await openWebSession(
      [...filings.map((f) => dataPath(...f.split('/'))), notes, hostile],
      {
        width: 1280,
        height: 900,
      },
    );
    page = session.page;
    await session.services.facts.fill();
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    files.cleanup();
  });

  const sectionTitles = () => page.locator('section.company-group h2').allInnerTexts();
  const rowsOf = async (title: RegExp) =>
    (await page.getByRole('region', { name: title }).locator('tbody tr').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );

  it('shows one section per filer, newest period first, with form, period end and fiscal period', async () => {
    await page.goto(session.server.url);
    await page.getByRole('row', { name: /nflx-10-q/ }).waitFor();
    await page.getByRole('combobox', { name: 'Group' }).selectOption('company');

    await page.getByRole('heading', { name: /Netflix, Inc\./ }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      '<img src=x onerror="window.__pwned=1">Evil Corp (1 document)',
      'Johnson & Johnson (1 document)',
      'Netflix, Inc. (2 documents)',
      'Other documents (2 documents)',
    ]);
    expect(await sectionTitles()).toHaveLength(4);

    // The 2025 10-Q above the 2017 10-K, though the 10-K PDF was imported first.
    const netflix = await rowsOf(/^Netflix, Inc\./);
    expect(netflix).toHaveLength(2);
    expect(netflix[0]).toMatch(/^10-Q Jun 30, 2025 Q2 2025 nflx-10-q-2025-07-18\.html SEC HTML/);
    expect(netflix[1]).toMatch(/^10-K Dec 31, 2017 FY2017 NETFLIX_2017_10K\.pdf PDF/);
    expect(await rowsOf(/^Johnson & Johnson/)).toEqual([
      expect.stringMatching(/^10-Q Jun 29, 2025 Q2 2025 jnj-10-q-2025-07-24\.html/),
    ]);
    expect(await rowsOf(/^Other documents/)).toEqual([
      expect.stringMatching(/^— — — analyst-notes\.html/),
      expect.stringMatching(/dev_subset\.json Dataset/),
    ]);
    const format = page.getByRole('combobox', { name: 'Format of dev_subset.json' });
    await expect.poll(() => format.inputValue()).toBe('multihiertt');
    // The period end is a machine-readable date too.
    const time = page
      .getByRole('region', { name: /^Netflix/ })
      .locator('tbody tr time')
      .first();
    expect(await time.getAttribute('datetime')).toBe('2025-06-30');
    await page.screenshot({ path: join(artifactsDir, 'library-companies.png'), fullPage: true });
  });

  it('shows a registrant name made of markup as text', async () => {
    const evil = page.getByRole('region', { name: /Evil Corp/ });
    expect(await evil.locator('img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await evil.locator('tbody tr').innerText()).toMatch(/8-K/);
  });

  it('remembers the grouping across a reload and filters the sections by the search', async () => {
    await page.reload();
    await page.getByRole('heading', { name: /Netflix, Inc\./ }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Group' }).inputValue()).toBe('company');
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('netflix');
    await expect.poll(sectionTitles).toEqual(['Netflix, Inc. (2 documents)']);
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
    await expect.poll(async () => (await sectionTitles()).length).toBe(4);
  });

  it('opens a filing from its row, by link and by keyboard', async () => {
    await page
      .getByRole('region', { name: /^Netflix/ })
      .getByRole('link', { name: 'nflx-10-q-2025-07-18.html' })
      .click();
    await page.waitForURL(new RegExp(`#/document/${session.ids[2]}$`));
    await page.getByRole('heading', { name: /nflx-10-q-2025-07-18\.html/ }).waitFor();

    await page.evaluate(`location.hash = '#/library'`);
    const jnj = page.getByRole('region', { name: /^Johnson & Johnson/ }).locator('tbody tr');
    await jnj.waitFor();
    await jnj.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/document/${session.ids[0]}$`));
    await page.getByRole('heading', { name: /jnj-10-q-2025-07-24\.html/ }).waitFor();

    // Back to one list: the table of all documents.
    await page.evaluate(`location.hash = '#/library'`);
    await page.getByRole('combobox', { name: 'Group' }).selectOption('list');
    await page.getByRole('table', { name: 'Documents' }).waitFor();
    expect(await page.locator('section.company-group').count()).toBe(0);
    expect(session.errors).toEqual([]);
  });
});

if (!hasData) it.skip(`library companies: ${noDataMessage}`, () => undefined);
