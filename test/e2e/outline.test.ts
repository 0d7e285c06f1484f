import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { openWebSession, type WebSession } from '../support/web-session';

const sample = join(
  __dirname,
  '..',
  '..',
  'assets',
  'sample',
  'northwind-instruments-10-k-2025.html',
);

describe('Outline: one entry per title, the part being read highlighted (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;

  beforeAll(async () => {
    session = await openWebSession([sample], { width: 1400, height: 700 });
    page = session.page;
  }, 60_000);
  afterAll(() => session?.close());

  const outline = () => page.getByRole('navigation', { name: 'Outline' });

  it('names tables by their title without repeating the headings above them', async () => {
    await page.goto(`${session.server.url}#/document/${session.ids[0]!}`);
    await outline().waitFor({ timeout: 60_000 });
    const texts = (await outline().locator('li a').allTextContents()).map((t) =>
      t.replace('▦', '').trim(),
    );
    const segment = texts.filter((t) => /^SEGMENT INFORMATION/i.test(t));
    expect(segment).toHaveLength(1);
    expect(
      await outline()
        .locator('li.outline-table a', { hasText: /SEGMENT INFORMATION/i })
        .count(),
    ).toBe(1);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('highlights the entry of the part scrolled to', async () => {
    const last = outline().locator('li a').last();
    const id = (await last.getAttribute('data-outline-id'))!;
    await page.evaluate(
      `document.getElementById(${JSON.stringify(id)}).scrollIntoView({ block: 'start' })`,
    );
    await expect
      .poll(() => outline().locator('a.current').getAttribute('data-outline-id'))
      .toBe(id);
    expect(await outline().locator('a.current').getAttribute('aria-current')).toMatch(
      /location|true/,
    );
    await page.evaluate(`document.querySelector('.document-content').scrollTo({ top: 0 })`);
    const first = await outline().locator('li a').first().getAttribute('data-outline-id');
    await expect
      .poll(() => outline().locator('a.current').getAttribute('data-outline-id'))
      .toBe(first);
    await page.screenshot({ path: join(artifactsDir, 'outline-current.png') });
    expect(session.errors.join('\n')).toBe('');
  });
});
