import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEmbeddedModels } from '../../main/llm/embedded/embedded-models';
import { artifactsDir } from '../support/browser';
import { sampleFiling } from '../support/cli';
import { writeHostileGguf } from '../support/hostile-gguf';
import { llmProcessesOf } from '../support/llm-processes';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 21, item 2, on the Models screen (web mode; the server runs in this process, so a model
 * process would be a child of it): the three hostile files (2^63 tensors, 2^40 metadata
 * entries, a 2^40-element array) are each added, and Test connection answers red in one line
 * within 2 s; opening the screen again and choosing one in the Ask panel start nothing.
 */
describe('Hostile GGUF files on the Models screen', () => {
  const t = tempDir('embedded-hostile-e2e-');
  const hostile = writeHostileGguf(t.dir).filter((h) =>
    ['tensors-2e63.gguf', 'metadata-2e40.gguf', 'array-2e40.gguf'].includes(h.file),
  );
  let session: WebSession;
  let page: Page;
  const models = () =>
    page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Models' });

  beforeAll(async () => {
    session = await openWebSession([sampleFiling]);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
    closeEmbeddedModels();
    t.cleanup();
  });

  it('Test connection refuses each in one line within 2 s, and no model process starts', async () => {
    await page.goto(session.server.url);
    await models().click();
    for (const h of hostile) {
      await page.getByRole('button', { name: 'Add model file' }).click();
      const form = page.getByRole('form', { name: 'New provider' });
      await form.getByLabel('Model file').fill(h.path);
      await form.getByLabel('Name', { exact: true }).fill(h.file);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });

      const row = page
        .getByRole('table', { name: 'Providers' })
        .getByRole('row', { name: new RegExp(h.file.replace(/\./g, '\\.')) });
      await row.waitFor();
      const started = performance.now();
      await row.getByRole('button', { name: `Test connection to ${h.file}` }).click();
      const failed = row.locator('.test-failed');
      await failed.waitFor({ timeout: 10_000 });
      const ms = performance.now() - started;
      expect(ms, `${h.file}: ${Math.round(ms)} ms`).toBeLessThan(2000);
      const text = (await failed.textContent()) ?? '';
      expect(text).toMatch(/^Failed\s*llm-model-file/);
      expect(text.replace(/^Failed\s*llm-model-file\s*/, '')).toMatch(h.expected);
      expect(llmProcessesOf()).toEqual([]);
    }
    expect(await page.locator('.test-failed').count()).toBe(hostile.length);
    await page.screenshot({ path: join(artifactsDir, 'embedded-hostile-refused.png') });
  });

  it('opening the Models screen again, and choosing the file in the Ask panel, load nothing', async () => {
    await page.reload();
    await page
      .getByRole('table', { name: 'Providers' })
      .getByRole('row', { name: /tensors-2e63\.gguf/ })
      .waitFor();
    expect(llmProcessesOf()).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Library' })
      .click();
    await page.getByRole('link', { name: /\.html$/ }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Ask' });
    await panel.waitFor();
    for (const h of hostile) {
      await panel.getByLabel('Provider').selectOption({ label: h.file });
      // The model list is asked for (llm.models) and refused at once: the field stops waiting.
      await expect
        .poll(() => panel.getByLabel('Model', { exact: true }).getAttribute('placeholder'))
        .toBe('model name');
    }
    expect(llmProcessesOf()).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});
