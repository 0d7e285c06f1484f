import type { Page } from 'playwright-core';

/** The app's chunk (React, the stores, the screens), which the page preloads beside the boot script. */
export const appChunk = (html: string): string | undefined =>
  html.match(/<link rel="modulepreload" crossorigin href="\.\/(assets\/main-[^"]+)"/)?.[1];

/**
 * Holds the page's requests for `url` back `ms` before they go (to see what the page shows
 * without them); returns the pattern for `page.unroute`.
 */
export async function holdBack<T extends string | RegExp>(
  page: Page,
  url: T,
  ms: number,
): Promise<T> {
  await page.route(url, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
  return url;
}
