import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../shared/document';
import { findHits, findMatches } from '../../renderer/features/document/find-matches';
import { artifactsDir } from '../support/browser';
import { openWebSession, type WebSession } from '../support/web-session';
import { sampleFiling } from '../support/cli';

const sample = sampleFiling;

describe('Find in a document: "k of N", one match at a time (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  let total = 0;
  let firstParagraphHits = 0;

  beforeAll(async () => {
    session = await openWebSession([sample], { width: 1400, height: 900 });
    page = session.page;
    const r = await session.services.registry.call('document.open', { id: session.ids[0]! });
    const model = r.ok ? (r.value as { model: Document }).model : undefined;
    const hits = findHits(findMatches(model!, 'revenue'));
    total = hits.length;
    const first = model!.blocks.find((b) => b.id === hits[0]?.blockId);
    firstParagraphHits = first && first.type !== 'table' ? 1 : 0;
  }, 60_000);
  afterAll(() => session?.close());

  const status = async () =>
    ((await page.getByRole('search').locator('.hint').textContent()) ?? '').trim();

  it('counts the matches, then says which one is shown as Enter steps through them', async () => {
    expect(total).toBeGreaterThan(2);
    await page.goto(`${session.server.url}#/document/${session.ids[0]!}`);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    await page.keyboard.press('Control+f');
    const box = page.getByRole('searchbox', { name: 'Find in document' });
    await box.fill('Revenue');
    await expect.poll(status).toMatch(new RegExp(`^${total} matches in \\d+ blocks$`));
    await box.press('Enter');
    await expect.poll(status).toBe(`1 of ${total}`);
    if (firstParagraphHits) expect(await page.locator('mark.find-current').count()).toBe(1);
    await box.press('Enter');
    await expect.poll(status).toBe(`2 of ${total}`);
    await page.screenshot({ path: join(artifactsDir, 'find-k-of-n.png') });
    await box.press('Shift+Enter');
    await expect.poll(status).toBe(`1 of ${total}`);
    await page.getByRole('button', { name: 'Previous match' }).click();
    await expect.poll(status).toBe(`${total} of ${total}`);
    await page.getByRole('button', { name: 'Next match' }).click();
    await expect.poll(status).toBe(`1 of ${total}`);
  });

  it('starts over when the query changes, and says when nothing matches', async () => {
    const box = page.getByRole('searchbox', { name: 'Find in document' });
    await box.fill('zzz-not-in-the-filing');
    await expect.poll(status).toBe('No matches');
    expect(await page.getByRole('button', { name: 'Next match' }).isDisabled()).toBe(true);
    expect(session.errors.join('\n')).toBe('');
  });
});
