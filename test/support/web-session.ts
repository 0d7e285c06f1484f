import type { Browser, Page } from 'playwright-core';
import type { ImportReport } from '../../shared/library/document';
import type { ParseDocument } from '../../main/document/document-service';
import { rendererDir } from '../../main/app-paths';
import { startWebServer, type WebServer } from '../../main/server/web-server';
import { ensureBuiltRenderer, launchBrowser } from './browser';
import { tempServices } from './services';

export interface WebSession {
  services: Awaited<ReturnType<typeof tempServices>>['services'];
  server: WebServer;
  browser: Browser;
  page: Page;
  /** Library ids of the imported files, in order. */
  ids: number[];
  /** Page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh workspace with `files` imported, web mode on 127.0.0.1, and Chromium on it: what an
 * end-to-end test of one screen needs. `parse` replaces the services' parse (a test that holds or
 * slows the real one).
 */
export async function openWebSession(
  files: string[],
  viewport = { width: 1500, height: 1000 },
  options: { parse?: ParseDocument } = {},
): Promise<WebSession> {
  ensureBuiltRenderer();
  const ctx = await tempServices({ host: 'web', ...options });
  const ids: number[] = [];
  if (files.length) {
    const r = await ctx.services.registry.call('library.importPaths', { paths: files });
    for (const item of r.ok ? (r.value as ImportReport).items : []) {
      if (!item.ok) throw new Error(`import failed: ${item.error.message}`);
      ids.push(item.document.id);
    }
  }
  const server = await startWebServer({
    services: ctx.services,
    rendererDir: rendererDir(),
    maxBodyBytes: 600 * 1024 * 1024,
  });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return {
    services: ctx.services,
    server,
    browser,
    page,
    ids,
    errors,
    close: async () => {
      await browser.close();
      await server.close();
      ctx.cleanup();
    },
  };
}
