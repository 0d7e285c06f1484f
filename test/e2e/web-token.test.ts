import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiling } from '../support/cli';
import { openWebSession, type WebSession } from '../support/web-session';

describe('web mode token in Chromium', () => {
  let session: WebSession;
  let page: Page;

  beforeAll(async () => {
    session = await openWebSession([]);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('leaves the address bar and the history without the token after the first load', async () => {
    await page.goto(`${session.server.url}#/library`);
    await page.getByRole('heading', { name: 'Your library is empty' }).waitFor();
    expect(page.url()).not.toContain(session.server.token);
    expect(page.url()).toBe(`http://127.0.0.1:${session.server.port}/#/library`);
    // The entry was replaced, not pushed: going back leaves the app instead of finding the token.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).not.toContain(session.server.token);
  });

  it('keeps working after a reload, with no cookie holding the token', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Your library is empty' }).waitFor();
    // An import from elsewhere (here in-process): library.changed reaches the page over the
    // event stream, which carries the token in its Authorization header, and the list refreshes.
    await session.services.registry.call('library.importPaths', {
      paths: [sampleFiling],
    });
    await page.getByRole('row', { name: /northwind-instruments-10-k-2025\.html/ }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c.value).not.toContain(session.server.token);
    expect(session.errors).toEqual([]);
  });
});
