import type { Locator, Page } from 'playwright-core';

/** What the Export menu offers for a TAT-QA run or session, in order. */
export const TATQA_EXPORTS = ['HTML report', 'JSONL transcripts', 'CSV', 'TAT-QA predictions JSON'];

/** Opens the screen's Export menu; answers the menu and its items' names. */
export async function openExportMenu(page: Page): Promise<{ menu: Locator; items: string[] }> {
  await page.getByRole('button', { name: 'Export ▾' }).click();
  const menu = page.getByRole('menu', { name: 'Export as' });
  return { menu, items: await menu.getByRole('menuitem').allInnerTexts() };
}

/** Clicks what starts a download and saves the file at `path`; answers its suggested name. */
export async function downloadTo(
  page: Page,
  start: () => Promise<void>,
  path: string,
): Promise<string> {
  const wait = page.waitForEvent('download');
  const [file] = await Promise.all([wait, start()]);
  await file.saveAs(path);
  return file.suggestedFilename();
}
