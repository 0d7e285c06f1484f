import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { openWebSession, type WebSession } from '../support/web-session';
import { makePdf, sampleTablePage } from '../integration/ingest/pdf/make-pdf';

// A generated PDF whose second page has no text: known page count, one known warning.
describe('document view: page count and reading warnings', () => {
  let session: WebSession;
  let page: Page;
  const scratch = mkdtempSync(join(tmpdir(), 'warnings-e2e-'));

  beforeAll(async () => {
    const file = join(scratch, 'half-scanned.pdf');
    writeFileSync(file, makePdf([sampleTablePage(), [], sampleTablePage()]));
    session = await openWebSession([file]);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('shows the page count under the title and the warnings collapsed, opened from the keyboard', async () => {
    await page.goto(`${session.server.url}#/document/${session.ids[0]}`);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.screen-header .doc-meta').textContent()).toBe('3 pages');

    const notice = page.getByRole('region', { name: 'Reading warnings' });
    const summary = notice.locator('summary');
    expect(await summary.textContent()).toMatch(/1 warning from reading this document/);
    const item = notice.getByText(/^Page 2 has no text layer/);
    expect(await item.isVisible()).toBe(false);

    await summary.focus();
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'visible' });
    await page.screenshot({ path: join(artifactsDir, 'document-warnings.png') });

    await notice.getByRole('button', { name: 'Dismiss warnings' }).press('Enter');
    await notice.waitFor({ state: 'detached' });
    expect(session.errors.join('\n')).toBe('');
  });
});
