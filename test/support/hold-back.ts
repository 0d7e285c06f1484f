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
    // While the request was held, the test may have unrouted this pattern (Playwright then lets
    // the request go itself) or left the page: the request is then already handled, and
    // continuing it again would be an unhandled "Route is already handled!" in the test run.
    await route.continue().catch((e: unknown) => {
      if (!/already handled|closed/i.test(String(e))) throw e;
    });
  });
  return url;
}
