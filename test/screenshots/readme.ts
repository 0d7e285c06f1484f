// The README's screenshots (docs/screenshots/*.png, 1280×800): the app in web mode on a fresh
// workspace with real public data, driven by Chromium as the e2e tests drive it. Run by hand
// when a screen changes, then commit the PNGs:
//
//   node --import tsx test/screenshots/readme.ts
//
// It builds the renderer from the current sources into a temporary folder (dist/ is left alone),
// needs ../shared/data (or WORKBENCH_DATA_DIR) and Chromium (/usr/bin/chromium or
// CHROMIUM_PATH), and refuses to write a PNG over 300 KB (the repo keeps them small).
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import type { Document } from '../../shared/document';
import { startWebServer } from '../../main/server/web-server';
import { launchBrowser } from '../support/browser';
import { repoRoot } from '../support/cli';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempServices } from '../support/services';
import { tempDir } from '../support/temp-dir';

const OUT = join(repoRoot, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const MAX_BYTES = 300 * 1024;

function buildRenderer(outDir: string): void {
  const r = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'vite.config.mts', '--outDir', outDir, '--emptyOutDir'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`renderer build failed:\n${r.stderr}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(OUT, name);
  await page.screenshot({ path });
  const bytes = statSync(path).size;
  console.log(`${path}: ${(bytes / 1024).toFixed(0)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`${name} is ${bytes} bytes, over ${MAX_BYTES}`);
}

async function main(): Promise<void> {
  if (!hasData) throw new Error(noDataMessage);
  const built = tempDir('workbench-screens-renderer-');
  const ws = await tempServices({ host: 'web' });
  try {
    buildRenderer(built.dir);
    const s = ws.services;
    const call = async <M extends Method>(method: M, input: MethodInput<M>) => {
      const r = await s.registry.call(method, input);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as MethodOutput<M>;
    };
    const imported = await call('library.importPaths', {
      paths: [dataPath('financebench', 'pdfs', 'ADOBE_2016_10K.pdf')],
    });
    const pdf = imported.items[0]!;
    if (!pdf.ok) throw new Error(pdf.error.message);
    const { model } = (await call('document.open', { id: pdf.document.id })) as {
      model: Document;
    };
    const statement = model.tables.find(
      (t) =>
        /consolidated statements of income/i.test(t.caption) &&
        t.rows.some((row) => row.label === 'Total revenue'),
    );
    if (!statement) throw new Error('no income statement table in ADOBE_2016_10K.pdf');
    await call('datasets.import', {
      format: 'docmath',
      path: dataPath('datasets', 'financemath', 'validation.json'),
    });
    const processed = (m: string) =>
      dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs', `${m}.json`);
    const { runId } = await call('runs.import', {
      path: processed('gpt-4o'),
      format: 'docmath-processed',
    });

    const server = await startWebServer({
      services: s,
      rendererDir: built.dir,
      maxBodyBytes: 64 * 1024 * 1024,
    });
    const browser = await launchBrowser();
    try {
      mkdirSync(OUT, { recursive: true });
      const page = await browser.newPage({ viewport: VIEWPORT });

      // The PDF split view on the income statement: page at the left, its table in the grid.
      await page.goto(`${server.url}#/document/${pdf.document.id}`);
      const outline = page.getByRole('navigation', { name: 'Outline' });
      await outline.waitFor({ timeout: 120_000 });
      await outline
        .getByRole('link', { name: `Consolidated Statements of Income — p. ${statement.page}` })
        .click();
      await page
        .getByRole('region', { name: 'PDF page' })
        .getByText(`Page ${statement.page} of ${model.pageCount}`)
        .waitFor();
      await page
        .locator(`[data-table-id="${statement.id}"]`)
        .getByText('Shares used to compute diluted net income per share')
        .waitFor();
      await page.getByRole('region', { name: 'PDF page' }).locator('canvas').first().waitFor();
      await page.waitForTimeout(800); // the page's canvas is drawn, the rows have their height
      await shoot(page, 'pdf-split-view.png');

      // A run's report: accuracy by scorer with intervals, Table 2 by subset, failure causes.
      await page.goto(`${server.url}#/run/${runId}`);
      await page
        .getByRole('img', { name: /^Accuracy by scorer, % \(bootstrap/ })
        .waitFor({ timeout: 60_000 });
      await page.getByRole('table', { name: 'Accuracy by subset' }).waitFor();
      await page.waitForTimeout(300);
      await shoot(page, 'run-report.png');
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    ws.cleanup();
    built.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
