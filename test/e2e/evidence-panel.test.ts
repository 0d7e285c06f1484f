import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { openWebSession, type WebSession } from '../support/web-session';
import { sampleFiling } from '../support/cli';

const sample = sampleFiling;

describe('Evidence panel: every mark of a document, go to, unmark, CSV (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;

  beforeAll(async () => {
    session = await openWebSession([sample], { width: 1400, height: 900 });
    page = session.page;
  }, 60_000);
  afterAll(() => session?.close());

  const panel = () => page.locator('details.evidence-panel');

  it('lists a marked cell and a marked paragraph, and exports them as CSV', async () => {
    await page.goto(`${session.server.url}#/document/${session.ids[0]!}`);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    expect(await panel().count()).toBe(0);
    const cell = page.locator('.ag-cell.ag-right-aligned-cell').filter({ hasText: /\d/ }).first();
    await cell.waitFor();
    const filed = (await cell.textContent())!.trim();
    await cell.click();
    const details = page.getByRole('complementary', { name: 'Cell details' });
    await details.getByRole('button', { name: /Mark as evidence/ }).click();
    await details.getByRole('button', { name: /Marked as evidence/ }).waitFor();
    await page.getByRole('button', { name: 'Mark paragraph as evidence' }).first().click();
    await panel().locator('summary', { hasText: 'Evidence (2)' }).waitFor();
    await panel().locator('summary').click();
    const items = panel().getByRole('list', { name: 'Evidence' }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(filed)]),
    );
    await page.screenshot({ path: join(artifactsDir, 'evidence-panel.png') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel().getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('northwind-instruments-10-k-2025-evidence.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('document,kind,table,row,column,as filed,value,scale,unit,page,target');
    expect(csv.filter((l) => l.startsWith('northwind-instruments-10-k-2025.html,'))).toHaveLength(
      2,
    );
    expect(csv.join('\n')).toContain(filed.includes(',') ? `"${filed}"` : filed);
  });

  it('goes to a mark and unmarks it from the panel', async () => {
    await page
      .getByRole('complementary', { name: 'Cell details' })
      .getByRole('button', { name: 'Close' })
      .click();
    const cellItem = panel().getByRole('listitem').filter({ hasText: '›' }).first();
    await cellItem.getByRole('button', { name: 'Go to' }).click();
    await page.getByRole('complementary', { name: 'Cell details' }).waitFor();
    await cellItem.getByRole('button', { name: 'Unmark' }).click();
    await panel().locator('summary', { hasText: 'Evidence (1)' }).waitFor();
    const marks = await session.services.registry.call('evidence.list', {
      documentId: session.ids[0]!,
    });
    expect(marks.ok && (marks.value as { marks: unknown[] }).marks).toHaveLength(1);
    expect(session.errors.join('\n')).toBe('');
  });
});
