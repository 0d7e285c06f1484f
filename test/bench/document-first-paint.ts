/**
 * How long a user waits for a document, measured in Chromium as they would see it (issue 26,
 * done-when 1): from navigation to a document's URL (`…/?token=…#/document/<id>`) to the first
 * table's cells in the DOM, for the filing opened the first time (cold: parsed in the worker)
 * and again (cached: the parse is in the workspace's model cache); for a PDF, to its first page
 * drawn, its first text and the first table's cells (cold, read from the pages streamed in
 * while the parse runs), and to `document.open`'s answer (the whole parse). Each open is a fresh browser context (nothing kept between
 * opens but the workspace), against the web server started as the e2e tests start it.
 *
 * Times are read in the page (`performance.now()`, from the navigation's start): a
 * MutationObserver notes when the first grid cell, the outline and the progress appear, and
 * each animation frame checks whether the PDF page's canvas has ink on it. `api` is when the
 * `document.open` answer finished arriving (Resource Timing).
 *
 * Several renderer builds can be measured side by side in one run (same load), alternating:
 *
 *   node --import tsx test/bench/document-first-paint.ts [--reps N] \
 *     [--renderer before=/tmp/renderer-before] [--renderer after=dist/renderer] \
 *     [--server before=/tmp/tree-before] [--filing FILE.html] [--pdf FILE.pdf] [--only html|pdf|html-cached]
 *     [--second-window]
 *
 * `--second-window` (with `--only html-cached`): each measured open is the second window on the
 * filing in its browser context, after a first one has drawn its grid (what the browser keeps
 * between them: its HTTP cache and the code compiled from it).
 *
 * `--server NAME=TREE` serves variant NAME with the web server of another checkout (its
 * `main/server/web-server.ts`, e.g. a worktree of the commit before a change to main/server),
 * on this checkout's services; the others use this checkout's server.
 *
 * Default: 3 repetitions of dist/renderer on Boeing's 2024 10-K (sec-more/, the 10-K in the
 * data with the most tables: 106) and ADOBE's 2016 10-K PDF (99 pages, the largest FinanceBench
 * PDF), each printed as the median and the range, with `uptime` before and after.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import type { ImportReport } from '../../shared/library/document';
import type { Document } from '../../shared/document';
import { rendererDir } from '../../main/app-paths';
import { startWebServer } from '../../main/server/web-server';
import { ensureBuiltRenderer, launchBrowser, waitInPage } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempServices } from '../support/services';

type Services = Awaited<ReturnType<typeof tempServices>>['services'];

/** Times in ms from navigation start; absent: not seen before the deadline. */
interface Marks {
  /**
   * The first table's cells in ag-grid: since the boot script makes that grid before the app
   * (renderer/features/document/early-grid.ts), first in the picture, then taken over by the view.
   */
  cells?: number;
  /** The first table's ag-grid cells inside the app's view (`#root`): the view has its grid. */
  viewCells?: number;
  /**
   * The first table's cells in the boot script's picture of the first screen
   * (renderer/features/document/first-paint.ts), drawn before the app starts.
   */
  paint?: number;
  /** The table whose cells came first. */
  cellsTable?: string;
  outline?: number;
  /** The document's first text (a heading or paragraph): for a PDF, its first page read. */
  text?: number;
  progress?: number;
  pageInk?: number;
  api?: number;
  /**
   * The boot script's steps (renderer/boot.ts `boot:…` marks: start, first-screen, picture,
   * frame, grid-code, grid, app), where the build has them.
   */
  boot?: Record<string, number>;
  /** Grids mounted when the first cells appeared, and 2 s later. */
  gridsAtFirst?: number;
  gridsLater?: number;
}

/** Runs in the page before the app: notes when what a user waits for appears. */
const PROBE = `(() => {
  const m = (window.__firstPaint = {});
  const at = (k) => { if (m[k] === undefined) m[k] = performance.now(); };
  const look = () => {
    if (m.cells === undefined) {
      const cell = document.querySelector(
        window.__firstPaintTable
          ? '[data-table-id="' + window.__firstPaintTable + '"] .ag-cell'
          : 'section.doc-table .ag-cell',
      );
      if (cell) {
        at('cells');
        m.cellsTable = cell.closest('[data-table-id]')?.getAttribute('data-table-id') ?? '';
        m.gridsAtFirst = document.querySelectorAll('section.doc-table .ag-root').length;
      }
    }
    if (m.viewCells === undefined && document.querySelector('#root section.doc-table .ag-cell')) at('viewCells');
    if (m.paint === undefined && document.querySelector('#first-paint .first-paint-grid td')) at('paint');
    if (m.outline === undefined && document.querySelector('nav[aria-label="Outline"] li')) at('outline');
    if (m.text === undefined && document.querySelector('.document-body .doc-heading, .document-body .doc-paragraph')) at('text');
    if (m.progress === undefined && document.querySelector('[role="progressbar"], .parse-progress')) at('progress');
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true });
  const small = document.createElement('canvas');
  small.width = small.height = 24;
  const ink = () => {
    const c = document.querySelector('[aria-label="PDF page"] canvas');
    if (c && c.width > 0 && c.height > 0) {
      const g = small.getContext('2d', { willReadFrequently: true });
      g.fillStyle = '#fff';
      g.fillRect(0, 0, 24, 24);
      g.drawImage(c, 0, 0, 24, 24);
      const px = g.getImageData(0, 0, 24, 24).data;
      for (let i = 0; i < px.length; i += 4)
        if (px[i] < 200 || px[i + 1] < 200 || px[i + 2] < 200) { at('pageInk'); return; }
    }
    requestAnimationFrame(ink);
  };
  requestAnimationFrame(ink);
})()`;

async function openOnce(
  browser: Browser,
  url: string,
  id: number,
  pdf: boolean,
  tableId?: string,
  timeoutMs = 60_000,
  secondWindow = false,
): Promise<Marks> {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
  try {
    if (secondWindow) {
      // A window opened on the document first, in the same browser (its HTTP cache, and the
      // code Chromium compiled from what it may keep): the user's second window on a filing.
      const first = await context.newPage();
      const base = new URL(url);
      base.hash = `#/document/${id}`;
      await first.goto(base.toString());
      await waitInPage(
        first,
        `!!document.querySelector('#root section.doc-table .ag-cell')`,
        timeoutMs,
        20,
      );
      await first.waitForTimeout(1000);
      await first.close();
    }
    const page = await context.newPage();
    if (tableId) await page.addInitScript(`window.__firstPaintTable = ${JSON.stringify(tableId)};`);
    await page.addInitScript(PROBE);
    const base = new URL(url);
    base.hash = `#/document/${id}${tableId ? `/${tableId}` : ''}`;
    await page.goto(base.toString());
    // A PDF: its page drawn, and the table named in the URL, else the tables read (the outline).
    const done = !pdf
      ? `(() => { const m = window.__firstPaint; return m && m.cells !== undefined; })()`
      : tableId
        ? `(() => { const m = window.__firstPaint; return m && m.cells !== undefined && m.pageInk !== undefined; })()`
        : // The whole parse too: the pages read so far come before it (issue 26).
          `(() => { const m = window.__firstPaint; return m && m.text !== undefined && m.pageInk !== undefined && performance.getEntriesByType('resource').some((e) => e.name.includes('/api/call/document.open')); })()`;
    // Waited for in the page: each of playwright's calls (its stack trace, source-mapped) held
    // the in-process server's event loop for tens of ms under load, delaying the very files the
    // page was waiting for.
    await waitInPage(page, done, timeoutMs, 20);
    await page.waitForTimeout(2000);
    return await page.evaluate<Marks>(`(() => {
      const m = { ...window.__firstPaint };
      m.gridsLater = document.querySelectorAll('section.doc-table .ag-root').length;
      const api = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/call/document.open'));
      if (api) m.api = api.responseEnd;
      m.boot = Object.fromEntries(
        performance.getEntriesByType('mark').filter((e) => e.name.startsWith('boot:')).map((e) => [e.name.slice(5), e.startTime]),
      );
      return m;
    })()`);
  } finally {
    await context.close();
  }
}

async function importFile(services: Services, file: string): Promise<number> {
  const r = await services.registry.call('library.importPaths', { paths: [file] });
  const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
  if (!item?.ok) throw new Error(`import of ${file} failed`);
  return item.document.id;
}

interface Variant {
  name: string;
  dir: string;
  /** Starts the web server for this variant (this checkout's, unless --server named another). */
  start: typeof startWebServer;
}

type Key =
  | 'html cold'
  | 'html cached'
  | 'pdf cold'
  | 'pdf cached'
  | 'pdf cached at table'
  | 'pdf cold at table';

/** One cold and one cached open of `file` on a fresh workspace, in the variant's renderer. */
/** A fresh workspace with `file` imported, served in the variant's renderer, for `use`. */
async function withServedFile<T>(
  variant: Variant,
  file: string,
  use: (url: string, id: number, services: Services) => Promise<T>,
): Promise<T> {
  const ctx = await tempServices({ host: 'web' });
  try {
    const id = await importFile(ctx.services, file);
    const server = await variant.start({
      services: ctx.services,
      rendererDir: variant.dir,
      maxBodyBytes: 600 * 1024 * 1024,
    });
    try {
      return await use(server.url, id, ctx.services);
    } finally {
      await server.close();
    }
  } finally {
    ctx.cleanup();
  }
}

async function measureFile(
  browser: Browser,
  variant: Variant,
  file: string,
  pdf: boolean,
  cachedOnly = false,
  secondWindow = false,
): Promise<(Marks | undefined)[]> {
  const opened = await withServedFile(variant, file, async (url, id, services) => {
    if (cachedOnly && !pdf) {
      // Parsed in-process (no cold open measured): the cached open only.
      const r = await services.registry.call('document.open', { id });
      if (!r.ok) throw new Error(`document.open failed: ${r.error.message}`);
      return {
        marks: [undefined, await openOnce(browser, url, id, pdf, undefined, 60_000, secondWindow)],
      };
    }
    const cold = await openOnce(browser, url, id, pdf);
    const cached = await openOnce(browser, url, id, pdf);
    if (!pdf) return { marks: [cold, cached] };
    // A PDF's first page often has no table (ADOBE's first is on page 32): also opened at its
    // first table (the URL names it), that page and that table's cells.
    const r = await services.registry.call('document.open', { id });
    const first = r.ok ? (r.value as { model: Document }).model.tables[0] : undefined;
    if (!first) return { marks: [cold, cached] };
    const atTable = await openOnce(browser, url, id, pdf, first.id);
    const cellsTable = `${first.id} (page ${first.page})`;
    return { marks: [cold, cached, { ...atTable, cellsTable }], first, cellsTable };
  });
  if (!opened.first) return opened.marks;
  // And cold at that table, on a fresh workspace: the page and its table's cells while the rest
  // of the PDF is still read (issue 26, done-when 1).
  const { first, cellsTable } = opened;
  const coldAtTable = await withServedFile(variant, file, (url, id) =>
    openOnce(browser, url, id, pdf, first.id),
  );
  return [...opened.marks, { ...coldAtTable, cellsTable }];
}

const earliest = (...xs: (number | undefined)[]) => {
  const seen = xs.filter((x): x is number => x !== undefined);
  return seen.length ? Math.min(...seen) : undefined;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};
const fmt = (xs: (number | undefined)[]) => {
  const ok = xs.filter((x): x is number => x !== undefined);
  if (ok.length === 0) return '—';
  const r = ok.map((x) => Math.round(x));
  return `${Math.round(median(ok))} ms (${Math.min(...r)}–${Math.max(...r)})${ok.length < xs.length ? ` [${xs.length - ok.length} missed]` : ''}`;
};

async function main(argv: string[]): Promise<void> {
  if (!hasData) {
    process.stdout.write(`[skip] ${noDataMessage}\n`);
    return;
  }
  let reps = 3;
  let only: 'html' | 'pdf' | 'html-cached' | undefined;
  const variants: Variant[] = [];
  const servers = new Map<string, string>();
  let filing = dataPath('sec-more', 'ba-10-k-2025-02-03.html');
  let pdfFile = dataPath('financebench', 'pdfs', 'ADOBE_2016_10K.pdf');
  let secondWindow = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--second-window') {
      secondWindow = true;
      continue;
    }
    const v = argv[i + 1];
    if (v === undefined) throw new Error(`${a} needs a value`);
    i++;
    if (a === '--reps') reps = Number(v);
    else if (a === '--only' && (v === 'html' || v === 'pdf' || v === 'html-cached')) only = v;
    else if (a === '--filing') filing = resolve(v);
    else if (a === '--pdf') pdfFile = resolve(v);
    else if (a === '--renderer') {
      const eq = v.indexOf('=');
      const name = eq > 0 ? v.slice(0, eq) : basename(v);
      const dir = resolve(eq > 0 ? v.slice(eq + 1) : v);
      if (!existsSync(resolve(dir, 'index.html'))) throw new Error(`no index.html in ${dir}`);
      variants.push({ name, dir, start: startWebServer });
    } else if (a === '--server') {
      const eq = v.indexOf('=');
      if (eq <= 0) throw new Error('--server needs NAME=TREE');
      servers.set(v.slice(0, eq), resolve(v.slice(eq + 1)));
    } else throw new Error(`unknown argument ${a}`);
  }
  if (variants.length === 0) {
    ensureBuiltRenderer();
    variants.push({ name: 'dist/renderer', dir: rendererDir(), start: startWebServer });
  }
  for (const [name, tree] of servers) {
    const v = variants.find((x) => x.name === name);
    if (!v) throw new Error(`--server ${name}: no --renderer of that name`);
    const file = resolve(tree, 'main', 'server', 'web-server.ts');
    if (!existsSync(file)) throw new Error(`no ${file}`);
    v.start = ((await import(file)) as { startWebServer: typeof startWebServer }).startWebServer;
  }
  const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
  process.stdout.write(`uptime before: ${uptime()}\n`);
  process.stdout.write(`filing: ${filing}\npdf: ${pdfFile}\nreps: ${reps}\n`);
  for (const v of variants)
    process.stdout.write(`${v.name}: ${v.dir}, server ${servers.get(v.name) ?? 'this checkout'}\n`);

  const results = new Map<string, Map<Key, Marks[]>>();
  for (const v of variants) results.set(v.name, new Map());
  const add = (v: Variant, key: Key, m: Marks) => {
    const byKey = results.get(v.name)!;
    byKey.set(key, [...(byKey.get(key) ?? []), m]);
  };
  const browser = await launchBrowser();
  try {
    for (let rep = 0; rep < reps; rep++) {
      // Alternate the order so neither build always goes first.
      const order = rep % 2 ? [...variants].reverse() : variants;
      for (const v of order) {
        const line: string[] = [];
        const ms = (x: number | undefined) => (x === undefined ? '—' : String(Math.round(x)));
        if (only !== 'pdf') {
          const [hc, hw] = await measureFile(
            browser,
            v,
            filing,
            false,
            only === 'html-cached',
            secondWindow,
          );
          if (hc) add(v, 'html cold', hc);
          add(v, 'html cached', hw!);
          line.push(
            `html cold ${ms(hc?.paint)}/${ms(hc?.cells)}/${ms(hc?.viewCells)} cached ${ms(hw!.paint)}/${ms(hw!.cells)}/${ms(hw!.viewCells)} (picture/grid/in the view)`,
          );
        }
        if (only !== 'html' && only !== 'html-cached') {
          const [pc, pw, pt, pct] = await measureFile(browser, v, pdfFile, true);
          add(v, 'pdf cold', pc!);
          add(v, 'pdf cached', pw!);
          if (pt) add(v, 'pdf cached at table', pt);
          if (pct) add(v, 'pdf cold at table', pct);
          line.push(
            `pdf cold page ${ms(pc!.pageInk)} text ${ms(pc!.text)} cells ${ms(pc!.cells)} answered ${ms(pc!.api)}, cached page ${ms(pw!.pageInk)}, at table page ${ms(pt?.pageInk)} cells ${ms(pt?.cells)}, cold at table page ${ms(pct?.pageInk)} cells ${ms(pct?.cells)}`,
          );
        }
        process.stdout.write(`rep ${rep + 1} ${v.name}: ${line.join('; ')}\n`);
      }
    }
  } finally {
    await browser.close();
  }

  process.stdout.write(`\nmedian (min–max) of ${reps}, ms from navigation start\n`);
  for (const [name, byKey] of results) {
    process.stdout.write(`\n## ${name}\n`);
    for (const [key, ms] of byKey) {
      const parts: string[] = [];
      if (key.endsWith('at table')) {
        parts.push(`page drawn ${fmt(ms.map((m) => m.pageInk))}`);
        parts.push(`its table's cells ${fmt(ms.map((m) => m.cells))}`);
        const both = ms.map((m) =>
          m.cells !== undefined && m.pageInk !== undefined
            ? Math.max(m.cells, m.pageInk)
            : undefined,
        );
        parts.push(`both ${fmt(both)}`);
      } else if (key.startsWith('pdf')) {
        parts.push(`page drawn ${fmt(ms.map((m) => m.pageInk))}`);
        parts.push(`first page's text ${fmt(ms.map((m) => m.text))}`);
        parts.push(
          `first table's cells ${fmt(ms.map((m) => m.cells))} (${[...new Set(ms.map((m) => m.cellsTable))].join('/')})`,
        );
        parts.push(`outline ${fmt(ms.map((m) => m.outline))}`);
      } else {
        // What a user sees first: the boot script's picture of the table, else the grid.
        const seen = ms.map((m) =>
          m.paint === undefined ? m.cells : Math.min(m.paint, m.cells ?? Infinity),
        );
        parts.push(`first cells seen ${fmt(seen)}`);
        parts.push(`grid cells ${fmt(ms.map((m) => m.cells))}`);
        parts.push(`in the view ${fmt(ms.map((m) => m.viewCells))}`);
        parts.push(`outline ${fmt(ms.map((m) => m.outline))}`);
        // Where the boot script's grid waited: each step's median (builds with the marks).
        const steps = ['start', 'first-screen', 'picture', 'frame', 'grid-code', 'grid', 'app'];
        if (ms.some((m) => m.boot && Object.keys(m.boot).length))
          parts.push(
            `boot steps ${steps.map((k) => `${k} ${fmt(ms.map((m) => m.boot?.[k])).replace(/ \(.*?\)/, '')}`).join(', ')}`,
          );
      }
      parts.push(`document.open answered ${fmt(ms.map((m) => m.api))}`);
      // The view's first element: the progress, the outline or (a cached filing's first screen,
      // shown before its outline) the grid's cells.
      parts.push(
        `app started (progress, outline or grid) ${fmt(ms.map((m) => earliest(m.progress, m.outline, m.cells)))}`,
      );
      if (!key.startsWith('pdf') || key.endsWith('table'))
        parts.push(
          `grids at first cells ${ms.map((m) => m.gridsAtFirst ?? '?').join('/')}, 2 s later ${ms.map((m) => m.gridsLater ?? '?').join('/')}` +
            `; first table ${[...new Set(ms.map((m) => m.cellsTable))].join('/')}`,
        );
      process.stdout.write(`${key.padEnd(20)} ${parts.join('; ')}\n`);
    }
  }
  process.stdout.write(`\nuptime after: ${uptime()}\n`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  },
);
