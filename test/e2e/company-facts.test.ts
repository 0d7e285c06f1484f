import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 27's Facts panel and trends, in web mode with Chromium: Boeing's 10-K for 2024
 * (sec-more/) and its 10-Q for the second quarter of 2025 (sec-check/: a second filing of the
 * same filer, used to measure, not to choose a rule). The company's section in the Library
 * opens its Facts; "Revenues" is found across both filings and seven periods; a value opens its
 * cell selected in its table; the years are charted, a point opens its cell (by keyboard), and
 * the chart (SVG, PNG) and the series (CSV) are downloaded. The cell panel's "Chart this row"
 * comes back to the chart.
 */
const filings = ['sec-more/ba-10-k-2025-02-03.html', 'sec-check/ba-10-q-2025-07-29.html'];

describe.skipIf(!hasData)('Facts and trends of a company (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  let tenK: number;
  let tenQ: number;

  beforeAll(async () => {
    session = await openWebSession(
      filings.map((f) => dataPath(...f.split('/'))),
      { width: 1400, height: 950 },
    );
    [tenK, tenQ] = session.ids as [number, number];
    page = session.page;
    await session.services.facts.fill();
  }, 180_000);
  afterAll(async () => {
    await session?.close();
  });

  const points = () => page.locator('.trend-chart circle.trend-point');
  const pointPeriods = async () =>
    Promise.all((await points().all()).map((p) => p.getAttribute('data-period')));
  const valuesTable = () => page.getByRole('table', { name: 'Values by period and filing' });

  it('opens the company from the Library, with its form and fiscal period per filing', async () => {
    await page.goto(session.server.url);
    await page.getByRole('row', { name: /ba-10-q/ }).waitFor();
    await page.getByRole('combobox', { name: 'Group' }).selectOption('company');
    const section = page.getByRole('region', { name: /boeing/i });
    const rows = (await section.locator('tbody tr').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
    expect(rows).toEqual([
      expect.stringMatching(/^10-Q Jun 30, 2025 Q2 2025 ba-10-q-2025-07-29\.html/),
      expect.stringMatching(/^10-K Dec 31, 2024 FY2024 ba-10-k-2025-02-03\.html/),
    ]);
    expect(await section.innerText()).toContain('CIK 0000012927');
    await section.getByRole('link', { name: /^Facts of / }).click();
    await page.waitForURL(/#\/facts\/cik%3A0000012927$/);
    await page.getByRole('heading', { level: 1, name: /Facts — .*boeing/i }).waitFor();
  }, 60_000);

  it('finds Revenues across both filings and seven periods, each value its cell', async () => {
    const search = page.getByRole('searchbox', { name: 'Search facts' });
    await search.fill('Revenues');
    const first = page.locator('.concept-list button').first();
    await expect.poll(() => first.innerText(), { timeout: 60_000 }).toMatch(/^us-gaap:Revenues\b/);
    // Keyboard: down into the list, Enter on the first concept.
    await search.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/facts\/cik%3A0000012927\/us-gaap%3ARevenues$/);
    await valuesTable().waitFor();
    const head = (await valuesTable().locator('thead th').allInnerTexts()).map((t) => t.trim());
    expect(head).toEqual(['Period', 'Ends', '10-Q Q2 2025', '10-K FY2024']);
    const periods = await valuesTable().locator('tbody th').allInnerTexts();
    expect(new Set(periods)).toEqual(
      new Set(['Q2 2025', 'H1 2025', 'FY2024', 'Q2 2024', 'H1 2024', 'FY2023', 'FY2022']),
    );
    const cellOf = (period: string, column: number) =>
      valuesTable()
        .getByRole('row', { name: new RegExp(`^${period}\\b`) })
        .locator('td')
        .nth(column);
    expect(await cellOf('FY2024', 2).innerText()).toBe('66,517');
    expect(await cellOf('Q2 2025', 1).innerText()).toBe('22,749');
    expect(await valuesTable().locator('caption').innerText()).toBe('USD, millions');

    // The 10-K's FY2024 value opens its cell, selected in its table.
    await cellOf('FY2024', 2).getByRole('link').click();
    await page.waitForURL(new RegExp(`#/document/${tenK}/[\\w-]+/\\d+/\\d+$`));
    const [, tableId, row, col] = /#\/document\/\d+\/([\w-]+)\/(\d+)\/(\d+)$/.exec(page.url())!;
    const details = page.getByRole('complementary', { name: 'Cell details' });
    await details.waitFor({ timeout: 60_000 });
    expect(await details.locator('.grid-position code').innerText()).toBe(
      `cell('${tableId}', ${row}, ${col})`,
    );
    expect(await details.innerText()).toContain('us-gaap:Revenues');
    const grid = page.locator(`.table-grid[data-table-id="${tableId}"]`);
    await grid.locator('.ag-cell.cell-selected').waitFor({ timeout: 30_000 });
    expect(await grid.locator('.ag-cell.cell-selected').innerText()).toContain('66,517');
    await page.screenshot({ path: join(artifactsDir, 'company-facts-cell.png') });
  }, 120_000);

  it('charts the years; a point opens its cell from the keyboard', async () => {
    await page.goBack();
    await valuesTable().waitFor();
    expect(await page.getByRole('combobox', { name: 'Periods to chart' }).inputValue()).toBe(
      'year',
    );
    await expect.poll(() => points().count(), { timeout: 30_000 }).toBe(3);
    expect(await pointPeriods()).toEqual(['FY2022', 'FY2023', 'FY2024']);
    const label = await page.locator('.trend-chart svg[role="img"]').getAttribute('aria-label');
    expect(label).toContain('FY2024 66,517');
    await page.screenshot({ path: join(artifactsDir, 'company-facts-chart.png') });

    await points().nth(2).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/document/${tenK}/[\\w-]+/\\d+/\\d+$`));
    const grid = page.locator('.table-grid .ag-cell.cell-selected');
    await grid.first().waitFor({ timeout: 30_000 });
    expect(await grid.first().innerText()).toContain('66,517');

    // Quarters: the 10-Q's two.
    await page.goBack();
    await page.getByRole('combobox', { name: 'Periods to chart' }).selectOption('quarter');
    await expect.poll(() => pointPeriods()).toEqual(['Q2 2024', 'Q2 2025']);
    await points().nth(1).click();
    await page.waitForURL(new RegExp(`#/document/${tenQ}/[\\w-]+/\\d+/\\d+$`));
    await page.locator('.table-grid .ag-cell.cell-selected').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.table-grid .ag-cell.cell-selected').first().innerText()).toContain(
      '22,749',
    );
  }, 120_000);

  it('exports the chart as SVG and PNG and the series as CSV', async () => {
    await page.goBack();
    await page.getByRole('combobox', { name: 'Periods to chart' }).selectOption('year');
    await expect.poll(() => page.locator('.trend-chart circle.trend-point').count()).toBe(3);
    const download = async (name: string) => {
      const [d] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
    };
    const svg = await download('Download SVG');
    expect(svg.name).toBe('THE-BOEING-COMPANY-Revenues.svg');
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text.match(/<circle /g)).toHaveLength(3);
    expect(text).toContain('FY2024: 66,517, open its cell');
    expect(text).not.toContain('tabindex');

    const png = await download('Download PNG');
    expect(png.name).toBe('THE-BOEING-COMPANY-Revenues.png');
    expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Drawn at twice the chart's size: the IHDR's width.
    expect(png.bytes.readUInt32BE(16)).toBeGreaterThan(700);

    const csv = await download('Download CSV');
    expect(csv.name).toBe('THE-BOEING-COMPANY-Revenues.csv');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'concept,period,period_start,period_end,value,scale,value_in_units,unit,row_label,filing,document_id,table,row,column',
    );
    expect(lines.filter((l) => l.startsWith('us-gaap:Revenues,'))).toHaveLength(7);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^us-gaap:Revenues,FY2024,2024-01-01,2024-12-31,66517,1000000,66517000000,USD,[^,]*,ba-10-k-2025-02-03\\.html,${tenK},`,
        ),
      ),
    );
  }, 90_000);

  it('charts a row from the cell panel of its document', async () => {
    await valuesTable()
      .getByRole('row', { name: /^Q2 2025\b/ })
      .getByRole('link')
      .click();
    const details = page.getByRole('complementary', { name: 'Cell details' });
    await details.waitFor({ timeout: 60_000 });
    await details.getByRole('link', { name: 'Chart this row' }).first().click();
    await page.waitForURL(/#\/facts\/cik%3A0000012927\/us-gaap%3ARevenues$/);
    await expect
      .poll(() => page.locator('.trend-chart circle.trend-point').count())
      .toBeGreaterThan(1);
    expect(session.errors).toEqual([]);
  }, 90_000);
});

if (!hasData) it.skip(`company facts: ${noDataMessage}`, () => undefined);
