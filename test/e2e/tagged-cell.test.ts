import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 23, "Tags first": the cell panel of a cell an inline XBRL filing tags shows the fact's
 * concept, period, dimensions, unit and decimals, what the visible text read, and the warning
 * when the two disagree, all as text. The filing is hostile where a filer controls the words:
 * a concept name and a dimension member holding markup.
 */
const run = (label: string) =>
  `window.__xss=(window.__xss||[]).concat('${label}');alert('${label}')`;
const MEMBER = `<img src=x onerror="${run('member')}">`;
const CONCEPT = `us-gaap:Revenues<script>${run('concept')}</script>`;
/** As the filing writes them: markup as text (entities), so the reader's strings hold it. */
const asText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const tag = (name: string, context: string, unit: string, scale: number, shown: string) =>
  `<ix:nonFraction name="${name}" contextRef="${context}" unitRef="${unit}" decimals="${scale === 0 ? 2 : -scale}" scale="${scale}" format="ixt:num-dot-decimal">${shown}</ix:nonFraction>`;

function taggedFiling(): string {
  return `<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>Tagged Co. 10-K 2024 (test)</title></head><body>
<div style="display:none"><ix:header><ix:resources>
<xbrli:context id="fy"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">1</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="seg"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">1</xbrli:identifier>
<xbrli:segment><xbrldi:explicitMember dimension="us-gaap:StatementBusinessSegmentsAxis">${asText(MEMBER)}</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
<xbrli:unit id="usdPerShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
</ix:resources></ix:header></div>
<h2>Item 8. Financial Statements</h2>
<p style="text-align:center"><b>SEGMENT REVENUE</b></p>
<p style="text-align:center">(In millions, except per share data)</p>
<table>
<tr><td></td><td></td><td style="text-align:center">2024</td></tr>
<tr><td>Family of Apps revenue</td><td>$</td><td style="text-align:right">${tag(asText(CONCEPT), 'seg', 'usd', 6, '162,355')}</td></tr>
<tr><td>Total revenue</td><td>$</td><td style="text-align:right">${tag('us-gaap:Revenues', 'fy', 'usd', 6, '164,501')}</td></tr>
</table>
<p style="text-align:center"><b>EARNINGS PER SHARE</b></p>
<p style="text-align:center">(In millions, except per share data)</p>
<table>
<tr><td></td><td></td><td style="text-align:center">Per share</td></tr>
<tr><td>Net income for diluted EPS</td><td>$</td><td style="text-align:right">${tag('us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted', 'fy', 'usd', 6, '62,360')}</td></tr>
<tr><td>Diluted</td><td>$</td><td style="text-align:right">${tag('us-gaap:EarningsPerShareDiluted', 'fy', 'usdPerShare', 0, '23.86')}</td></tr>
</table>
</body></html>`;
}

describe('cell panel of a tagged cell (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  const dialogs: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'tagged-e2e-'));

  beforeAll(async () => {
    const file = join(scratch, 'tagged-10-k.htm');
    writeFileSync(file, taggedFiling());
    session = await openWebSession([file]);
    page = session.page;
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const panel = () => page.getByRole('complementary', { name: 'Cell details' });
  const openCell = async (shown: string) => {
    await page.locator('.ag-cell', { hasText: shown }).first().click();
    await panel().waitFor();
    await expect.poll(async () => (await panel().textContent()) ?? '').toContain(shown);
    return (await panel().textContent()) ?? '';
  };
  const noMarkupRan = async () => {
    expect(await page.evaluate('window.__xss ?? []')).toEqual([]);
    expect(await page.locator('img[src="x"], script:not([src])').count()).toBe(0);
    expect(dialogs).toEqual([]);
  };

  it('opens the filing', async () => {
    await page.goto(session.server.url);
    await page.getByRole('link', { name: 'tagged-10-k.htm' }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
  });

  it("shows the tag's concept, period, dimensions, unit and decimals, as text", async () => {
    const text = await openCell('164,501');
    expect(text).toMatch(/Inline XBRL\s*us-gaap:Revenues/);
    expect(text).toContain('Period2024-01-01 to 2024-12-31');
    expect(text).toContain('Dimensionsnone');
    expect(text).toContain('Tag unitUSD (unitRef usd)');
    expect(text).toContain('Decimals-6 (to the million)');
    expect(text).toContain('Tag value164,501,000,000 USD (scale 6)');
    expect(text).toMatch(/Scale\s*millions ×1000000 — inline XBRL tag 'scale="6"'/);
    // a filer's words that hold markup are shown as the words they are
    const hostile = await openCell('162,355');
    expect(hostile).toContain(CONCEPT);
    expect(hostile).toContain(`us-gaap:StatementBusinessSegmentsAxis = ${MEMBER}`);
    await page.screenshot({ path: join(artifactsDir, 'tagged-cell.png') });
    await noMarkupRan();
  });

  it('says what the visible text read, and warns naming both when it read otherwise', async () => {
    const text = await openCell('62,360');
    expect(text).toContain(
      'the filing tags this as 62,360 USD millions (us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted); the visible text read 62,360 USD/share',
    );
    expect(text).toContain('Visible text read62,360 (USD/share)');
    expect(text).toMatch(/Value\s*62360/);
    const eps = await openCell('23.86');
    expect(eps).toContain('Tag unitUSD/shares (unitRef usdPerShare)');
    expect(eps).not.toContain('Warning');
    await page.screenshot({ path: join(artifactsDir, 'tagged-cell-warning.png') });
    await noMarkupRan();
    expect(session.errors.join('\n')).toBe('');
  });
});
