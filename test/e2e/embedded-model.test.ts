import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEmbeddedModels } from '../../main/llm/embedded/embedded-models';
import { artifactsDir } from '../support/browser';
import { sampleFiling } from '../support/cli';
import { tempDir } from '../support/temp-dir';
import { writeTinyGguf } from '../support/tiny-gguf';
import { openWebSession, type WebSession } from '../support/web-session';

// One llama.cpp thread: on a loaded 2-core machine more threads spin against each other.
process.env.WORKBENCH_EMBEDDED_THREADS ??= '1';

/**
 * Issue 16, done-when 3: a .gguf file added on the Models screen (web mode: its path typed, the
 * server runs on this machine), tested (its metadata shown), chosen in the Ask panel of the
 * sample filing; the tiny model's tokens stream into the panel and Cancel stops them.
 */
describe('An embedded model in web mode (a tiny GGUF the test writes)', () => {
  const t = tempDir('embedded-e2e-');
  const model = writeTinyGguf(join(t.dir, 'tiny-test.gguf'));
  let session: WebSession;
  let page: Page;
  const panel = () => page.getByRole('complementary', { name: 'Ask' });
  const streamText = () => panel().getByLabel('Model output');

  beforeAll(async () => {
    session = await openWebSession([sampleFiling]);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
    closeEmbeddedModels();
    t.cleanup();
  });

  it('adds the model file on the Models screen and shows what it is', async () => {
    await page.goto(session.server.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Models' })
      .click();
    await page.getByRole('button', { name: 'Add model file' }).click();
    const form = page.getByRole('form', { name: 'New provider' });
    expect(await form.getByLabel('Server').inputValue()).toBe('embedded');
    // No key for a file: the key fields are not offered.
    expect(await form.getByLabel('API key').count()).toBe(0);
    await form.getByLabel('Model file').fill(model);
    await form.getByLabel('Name', { exact: true }).fill('Tiny test model');
    // Long enough to be cancelled: the tiny model writes until told to stop.
    await form.getByLabel('Max tokens').fill('100000');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const row = page
      .getByRole('table', { name: 'Providers' })
      .getByRole('row', { name: /Tiny test model/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Embedded model (.gguf file)');
    expect(await row.textContent()).toContain(model);
    await row.getByRole('button', { name: 'Test connection to Tiny test model' }).click();
    const ok = row.locator('.test-ok');
    await ok.waitFor({ timeout: 60_000 });
    expect(await ok.textContent()).toMatch(/^OK.*tiny-test\.gguf: llama, 121 K parameters, F32/);
    const facts = row.getByLabel('About tiny-test.gguf');
    expect(await facts.textContent()).toMatch(
      /Architecturellama.*QuantisationF32.*Context4096 tokens/,
    );
    await facts.getByText('Chat template (ChatML)').click();
    expect(await facts.locator('pre').textContent()).toContain('<|im_start|>');
    await page.screenshot({ path: join(artifactsDir, 'embedded-model-facts.png') });
  });

  it('asks the sample filing with it: tokens stream, Cancel stops them', async () => {
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Library' })
      .click();
    await page.getByRole('link', { name: /\.html$/ }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await panel().waitFor();
    await panel()
      .getByRole('textbox', { name: 'Question' })
      .fill('What was total revenue in 2025?');
    await panel().getByLabel('Mode', { exact: true }).selectOption('direct');
    await panel().getByLabel('Provider').selectOption({ label: 'Tiny test model' });
    await expect
      .poll(() => panel().getByLabel('Model', { exact: true }).inputValue())
      .toBe('tiny-test.gguf');
    await panel().getByRole('button', { name: 'Ask', exact: true }).click();

    await streamText().waitFor({ timeout: 60_000 });
    const early = ((await streamText().textContent()) ?? '').length;
    await expect
      .poll(async () => ((await streamText().textContent()) ?? '').length)
      .toBeGreaterThan(early + 20);
    await page.screenshot({ path: join(artifactsDir, 'embedded-model-streaming.png') });

    await panel().getByRole('button', { name: 'Cancel' }).click();
    const ended = panel().locator('.api-error.cancelled');
    await ended.waitFor({ timeout: 10_000 });
    expect(await ended.textContent()).toContain('Cancelled');
    // The stream stopped: nothing more arrives after the cancel.
    const cut = (await streamText().textContent()) ?? '';
    await page.waitForTimeout(500);
    expect((await streamText().textContent()) ?? '').toBe(cut);
    await page.screenshot({ path: join(artifactsDir, 'embedded-model-cancelled.png') });
    expect(session.errors).toEqual([]);
  });
});
