import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDir } from '../../main/app-paths';
import { artifactsDir } from '../support/browser';
import { openWebSession, type WebSession } from '../support/web-session';
import { appChunk, holdBack } from '../support/hold-back';

/**
 * A filing is hostile input: it reaches the document view, the outline, the table grid and the
 * cell panel as text. This one carries script in every form a browser would run if the text
 * were ever used as markup; each payload records itself in `window.__xss` and opens a dialog.
 */
const run = (label: string) =>
  `window.__xss=(window.__xss||[]).concat('${label}');alert('${label}')`;
/** Markup written as text in the filing (entities), so the reader's text holds it literally. */
const asText = (markup: string) => markup.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const CELL_SCRIPT = `<script>${run('cell-text')}</script>`;
const CELL_IMG = `<img src=x onerror="${run('cell-img-text')}">`;
const PARA_SCRIPT = `<script>${run('paragraph-text')}</script>`;
const HEADING_SVG = `<svg onload="${run('heading-text')}">`;

function hostileFiling(): string {
  const sample = readFileSync(join(sampleDir(), 'northwind-instruments-10-k-2025.html'), 'utf8');
  const markup = [
    `<script>${run('body-script')}</script>`,
    `<p onclick="${run('onclick')}" onmouseover="${run('onmouseover')}">Hover or click this paragraph with handlers.</p>`,
    `<p>A <a href="javascript:${run('javascript-url')}">javascript link</a> in a paragraph.</p>`,
    `<img src="x" onerror="${run('img-onerror')}">`,
    `<svg onload="${run('svg-onload')}"><circle r="5"/></svg>`,
    `<iframe srcdoc="<script>parent.${run('iframe-srcdoc')}</script>"></iframe>`,
    `<object data="javascript:${run('object-data')}"></object>`,
    `<form action="javascript:${run('form-action')}"><button>Send</button></form>`,
    `<p>Quoted markup stays text: ${asText(PARA_SCRIPT)} and ${asText('<b onmouseover=alert(1)>bold?</b>')}</p>`,
    `<h2>Item 1A. Risks ${asText(HEADING_SVG)}</h2>`,
    `<p>Paragraph under the hostile heading, with an inline <img src=x onerror="${run('inline-img')}"> image.</p>`,
  ].join('\n');
  const html = sample
    .replace(
      '</head>',
      `<script>${run('head-script')}</script><meta http-equiv="refresh" content="0;url=javascript:${run('meta-refresh')}"><base href="javascript:${run('base')}//"></head>`,
    )
    .replace('FORM 10-K</p>', `FORM 10-K</p>\n${markup}`)
    // The statement of operations: hostile text in a row label, a raw image in another.
    .replace(
      /(<td style="padding-left: 12pt">)Product(<\/td>)/,
      `$1Product ${asText(CELL_SCRIPT)}$2`,
    )
    .replace(
      /(<td style="padding-left: 12pt">)Service(s?)(<\/td>)/,
      `$1Service$2 ${asText(CELL_IMG)} <img src=x onerror="${run('cell-img')}">$3`,
    );
  if (!html.includes(asText(CELL_SCRIPT)) || !html.includes(asText(CELL_IMG)))
    throw new Error('the sample filing changed: the hostile cells were not placed');
  return html;
}

interface Traces {
  ran: string[];
  csp: string[];
  handlers: string[];
  javascriptUrls: string[];
  scripts: number;
  foreign: number;
}

describe('document view: script in a filing never runs (web mode, Chromium)', () => {
  let session: WebSession;
  let page: Page;
  const dialogs: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'xss-e2e-'));

  beforeAll(async () => {
    // The file name is hostile too: the library shows it.
    const file = join(scratch, `xss-<img src=x onerror=alert('name')>-10-k.htm`);
    writeFileSync(file, hostileFiling());
    session = await openWebSession([file]);
    page = session.page;
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // CSP would stop an inline script that got into the page; a report of it still means the
    // page put filing markup into the DOM, which is what this test is about.
    // (Scripts for the page are strings: the test build has no DOM types.)
    await page.addInitScript(`
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        // The app probes once whether eval is allowed (zod, pdf.js); CSP refusing it is intended.
        if (e.blockedURI !== 'eval')
          window.__cspViolations.push(e.violatedDirective + ': ' + (e.sample || e.blockedURI));
      });
    `);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** What would show that filing markup reached the DOM or ran. */
  const traces = () =>
    page.evaluate<Traces>(`(() => {
      const all = [...document.querySelectorAll('*')];
      const attrs = (test) =>
        all.flatMap((el) => [...el.attributes].filter(test).map((a) => el.tagName + ' ' + a.name));
      return {
        ran: window.__xss ?? [],
        csp: window.__cspViolations ?? [],
        handlers: attrs((a) => /^on/i.test(a.name)),
        javascriptUrls: attrs((a) => /^\\s*javascript:/i.test(a.value)),
        // The app's own bundle is the only script; the filing's images, frames, objects,
        // forms and SVG never become elements.
        scripts: [...document.scripts].filter((s) => !s.src).length,
        foreign: document.querySelectorAll('iframe, object, embed, form, svg circle, img[src="x"]').length,
      };
    })()`);

  const expectClean = async () => {
    expect(await traces()).toEqual({
      ran: [],
      csp: [],
      handlers: [],
      javascriptUrls: [],
      scripts: 0,
      foreign: 0,
    });
    expect(dialogs).toEqual([]);
  };

  it('lists the hostile file name as text in the library', async () => {
    await page.goto(session.server.url);
    const link = page.getByRole('link', {
      name: /^xss-<img src=x onerror=alert\('name'\)>-10-k\.htm$/,
    });
    await link.waitFor({ timeout: 30_000 });
    await expectClean();
    await link.click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
  });

  it('shows paragraphs and headings holding markup as text, and runs none of it', async () => {
    const main = page.locator('main');
    await main.getByText(`Quoted markup stays text: ${PARA_SCRIPT}`, { exact: false }).waitFor();
    await main.getByText('<b onmouseover=alert(1)>bold?</b>', { exact: false }).waitFor();
    await main.getByRole('heading', { name: `Item 1A. Risks ${HEADING_SVG}` }).waitFor();
    // The outline shows the heading as text too.
    await page
      .getByRole('navigation', { name: 'Outline' })
      .getByText(`Item 1A. Risks ${HEADING_SVG}`, { exact: false })
      .first()
      .waitFor();
    // The paragraph that had handlers is plain text: hovering and clicking it does nothing.
    const withHandlers = main.getByText('Hover or click this paragraph with handlers.');
    await withHandlers.hover();
    await withHandlers.click();
    await main.getByText('javascript link', { exact: false }).first().click();
    await page.waitForTimeout(300);
    await expectClean();
  });

  it('shows table cells holding markup as text in the grid and the cell panel', async () => {
    const grid = page.locator('section.doc-table', {
      has: page.locator('.ag-cell', { hasText: CELL_SCRIPT }),
    });
    const scriptCell = grid.locator('.ag-cell', { hasText: CELL_SCRIPT }).first();
    await scriptCell.scrollIntoViewIfNeeded();
    expect((await scriptCell.textContent())?.trim()).toBe(`Product ${CELL_SCRIPT}`);
    const imgCell = grid.locator('.ag-cell', { hasText: CELL_IMG }).first();
    expect(await imgCell.textContent()).toContain(CELL_IMG);
    // A value in the hostile row: the cell panel names the row by its label, as text.
    await grid
      .locator('.ag-row', { has: page.locator('.ag-cell', { hasText: CELL_SCRIPT }) })
      .locator('.ag-cell.ag-right-aligned-cell')
      .first()
      .click();
    const panel = page.getByRole('complementary', { name: 'Cell details' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(CELL_SCRIPT);
    await page.screenshot({ path: join(artifactsDir, 'xss-document.png') });
    await page.waitForTimeout(300);
    await expectClean();
    expect(session.errors.join('\n')).toBe('');
  });

  it('shows the first screen and its grid as text in a window opened on the document, before the app', async () => {
    // A reload on the document's URL: the boot script draws the (now cached) first screen and
    // puts ag-grid's grid of its first table in it before the app's script, held back here.
    const app = appChunk(await (await fetch(session.server.url)).text());
    expect(app).toBeDefined();
    const held = await holdBack(page, `**/${app!}`, 2000);
    try {
      await page.reload();
      const picture = page.locator('#first-paint');
      await picture.locator('.ag-cell').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('#root .document-screen').count()).toBe(0);
      await picture
        .getByText(`Quoted markup stays text: ${PARA_SCRIPT}`, { exact: false })
        .waitFor();
      await picture.getByText(`Item 1A. Risks ${HEADING_SVG}`, { exact: false }).waitFor();
      await expectClean();
    } finally {
      await page.unroute(held);
    }
    await page.locator('#root section.doc-table .ag-cell').first().waitFor({ timeout: 30_000 });
    await expectClean();
    expect(session.errors.join('\n')).toBe('');
  });

  it('would notice: filing markup put into the page is seen by the same checks', async () => {
    // The checks above are only worth something if they fail when markup does get through.
    const markup = `<img src="x" onerror="${run('control')}"><iframe></iframe>`;
    await page.evaluate(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(markup)})`);
    await expect.poll(async () => (await traces()).csp.length).toBeGreaterThan(0);
    const seen = await traces();
    expect(seen.handlers).toEqual(['IMG onerror']);
    expect(seen.foreign).toBe(2);
    // CSP blocks the inline handler (web mode's second line of defence): it does not run.
    expect(seen.ran).toEqual([]);
  });
});
