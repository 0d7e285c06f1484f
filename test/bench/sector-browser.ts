/**
 * The Library in Chromium, measured for test/bench/sector-workspace.ts: first paint (navigation
 * to the list's first rows in the DOM), typing in its search box (each key to the frame after
 * the list changed) and grouping by company (the choice to the frame after the first company
 * section is in the DOM). Times are read in the page with `performance.now()`; each first paint
 * is a fresh browser context (nothing cached but what the server keeps).
 */
import type { Browser, Page } from 'playwright-core';
import { compact } from '../../shared/util/compact';

/** Runs in the page before the app: first rows, and the time from an input to the next frame. */
const PROBE = `(() => {
  const m = (window.__sector = { rows: undefined, waits: [] });
  new MutationObserver(() => {
    if (m.rows === undefined && document.querySelector('tr[data-document-id]')) m.rows = performance.now();
    if (m.t0 !== undefined && !m.pending) {
      m.pending = true;
      const t0 = m.t0;
      m.t0 = undefined;
      // The list changed; the frame that shows it is the next one.
      requestAnimationFrame(() => { m.waits.push(performance.now() - t0); m.pending = false; });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  for (const type of ['keydown', 'change'])
    document.addEventListener(type, () => { m.t0 = performance.now(); }, true);
})()`;

interface Probe {
  rows?: number;
  waits: number[];
}

const probe = (page: Page) => page.evaluate<Probe>('window.__sector');

/** Polled by evaluation: the app's CSP forbids the eval behind waitForFunction's strings. */
async function until(page: Page, condition: string, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(condition))) {
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(20);
  }
  return true;
}

export interface LibraryTimes {
  /** Navigation start to the first document row in the DOM. */
  firstRows: number;
  /**
   * Where first paint went (navigation start to each, ms; Resource Timing): the app's script
   * loaded, and the list's request sent and its answer received.
   */
  script?: number;
  listStart?: number;
  listEnd?: number;
  /** Each keystroke of the search to the frame after the list changed (ms). */
  filterKeys: number[];
  /** Rows in the DOM after first paint, and the documents the status line counts. */
  rowsInDom: number;
  statusText: string;
  /** "Group by company" to the frame after the sections appeared. */
  grouping?: number;
  groups?: number;
}

/** One visit of the Library at `url` in a fresh context: first paint, a search, grouping. */
export async function measureLibrary(
  browser: Browser,
  url: string,
  query: string,
): Promise<LibraryTimes> {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const u = new URL(url);
    u.hash = '#/library';
    await page.goto(u.toString());
    if (!(await until(page, `!!(window.__sector && window.__sector.rows !== undefined)`)))
      throw new Error('the Library showed no rows within 60 s');
    const firstRows = (await probe(page)).rows!;
    const timing = await page.evaluate<{ name: string; start: number; end: number }[]>(
      `performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.requestStart, end: e.responseEnd }))`,
    );
    const script = timing.find((e) => /\/assets\/index-[^/]*\.js$/.test(e.name))?.end;
    const list = timing.find((e) => e.name.endsWith('/api/call/library.list'));
    await page.waitForTimeout(500);
    const rowsInDom = await page.locator('tr[data-document-id]').count();
    const status = page.locator('.library-toolbar [role="status"]');
    const statusText = await status.innerText();

    // Typing: a pause between keys, as a person types; the waits are per key.
    const search = page.getByRole('searchbox', { name: 'Search documents' });
    await search.click();
    await page.evaluate('window.__sector.waits = []');
    for (const ch of query) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(300);
    const filterKeys = [...(await probe(page)).waits];
    const filtered = await status.innerText();
    if (filtered === statusText) throw new Error(`typing "${query}" did not change the list`);
    await search.fill('');
    await page.waitForTimeout(500);

    await page.evaluate('window.__sector.waits = []');
    await page.getByRole('combobox', { name: 'Group' }).selectOption('company');
    const shown = await until(
      page,
      `document.querySelectorAll('section.company-group').length > 0`,
    );
    await page.waitForTimeout(300);
    const grouping = shown ? (await probe(page)).waits[0] : undefined;
    const groups = await page.locator('section.company-group').count();
    // The choice is remembered (localStorage): leave the next context's list as it was.
    await page.getByRole('combobox', { name: 'Group' }).selectOption('list');
    return {
      firstRows,
      ...compact({ script }),
      ...(list ? { listStart: list.start, listEnd: list.end } : {}),
      filterKeys,
      rowsInDom,
      statusText,
      ...compact({ grouping }),
      groups,
    };
  } finally {
    await context.close();
  }
}
