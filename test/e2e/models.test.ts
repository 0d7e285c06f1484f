import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../shared/api/contract';
import { artifactsDir } from '../support/browser';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { openWebSession, type WebSession } from '../support/web-session';

const KEY = 'sk-test-e2e-7f3a9c';

/**
 * The Models screen in web mode against the local OpenAI-compatible test server: a provider
 * added through the form (its key goes to the secret store and is never shown again), Test
 * connection green with the server's models, a wrong key red with what went wrong.
 */
describe('Models screen in web mode', () => {
  let session: WebSession;
  let page: Page;
  let llm: OpenAiTestServer;

  beforeAll(async () => {
    llm = await startOpenAiTestServer({ apiKey: KEY, models: ['test-chat', 'test-embed'] });
    session = await openWebSession([]);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
    await llm?.close();
  });

  it('adds a provider from the form and tests the connection', async () => {
    await page.goto(session.server.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Models' })
      .click();
    await page.waitForURL(/#\/models$/);
    await page.getByRole('button', { name: 'Add provider' }).click();
    const form = page.getByRole('form', { name: 'New provider' });
    await form.getByLabel('Server').selectOption('custom');
    await form.getByLabel('Name', { exact: true }).fill('Test server');
    await form.getByLabel('Base URL').fill(llm.baseUrl);
    await form.getByLabel('API key').fill(KEY);
    await form.getByLabel('Default model').fill('test-chat');
    await form.getByLabel('Temperature').fill('0');
    // Enter saves.
    await form.getByLabel('Default model').press('Enter');
    await form.waitFor({ state: 'detached' });

    const row = page
      .getByRole('table', { name: 'Providers' })
      .getByRole('row', { name: /Test server/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('stored');
    expect(await row.textContent()).toContain('local');
    await row.getByRole('button', { name: 'Test connection to Test server' }).click();
    const ok = row.locator('.test-ok');
    await ok.waitFor();
    expect(await ok.textContent()).toMatch(/^OK/);
    expect(await ok.textContent()).toContain('test-chat');
    // Green: the app's --ok colour.
    expect(await page.evaluate("getComputedStyle(document.querySelector('.test-ok')).color")).toBe(
      'rgb(30, 123, 52)',
    );
    await page.screenshot({ path: join(artifactsDir, 'models-provider-ok.png') });

    // The key is nowhere in the page, its storage or the form after saving.
    expect(await page.content()).not.toContain(KEY);
    const stored = await page.evaluate(
      'JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])',
    );
    expect(stored).not.toContain(KEY);
    await row.getByRole('button', { name: 'Edit Test server' }).click();
    const edit = page.getByRole('form', { name: 'Edit Test server' });
    expect(await edit.getByLabel('API key').inputValue()).toBe('');
    // Escape cancels the edit.
    await edit.getByLabel('Name', { exact: true }).press('Escape');
    await edit.waitFor({ state: 'detached' });
  });

  it('a wrong key fails the test in red with what went wrong', async () => {
    const row = page
      .getByRole('table', { name: 'Providers' })
      .getByRole('row', { name: /Test server/ });
    await row.getByRole('button', { name: 'Edit Test server' }).click();
    const edit = page.getByRole('form', { name: 'Edit Test server' });
    await edit.getByLabel('API key').fill('sk-wrong');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Test connection to Test server' }).click();
    const failed = row.locator('.test-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toMatch(/Failed/);
    expect(await failed.textContent()).toContain('llm-unauthorized');
    await page.screenshot({ path: join(artifactsDir, 'models-provider-failed.png') });
  });

  it('detects local servers (answers whatever this machine runs, never hangs)', async () => {
    await page.getByRole('button', { name: 'Detect local servers' }).click();
    const found = page.getByRole('region', { name: 'Local servers' }).getByRole('status');
    await found.waitFor({ timeout: 20_000 });
    expect(await found.textContent()).toMatch(/No server answered|model/);
  });

  it('switches offline and edits the price table', async () => {
    const offline = page.getByRole('switch');
    // The switch shows the setting main answered, so it flips once main has it.
    await offline.click();
    await expect.poll(() => offline.isChecked()).toBe(true);
    const prices = page.getByRole('form', { name: 'Prices' });
    await prices.getByRole('button', { name: 'Add a row' }).click();
    await prices.getByLabel('Model of price row 1').fill('test-chat');
    await prices.getByLabel('Input price of test-chat').fill('0.5');
    await prices.getByLabel('Output price of test-chat').fill('1.5');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await prices.getByText('Prices saved.').waitFor();
    const r = await session.services.registry.call('llm.providers', {});
    expect(r.ok && (r.value as MethodOutput<'llm.providers'>).settings).toEqual({
      offline: true,
      prices: [{ model: 'test-chat', inputPerMTok: 0.5, outputPerMTok: 1.5 }],
    });
    await offline.click();
    await expect.poll(() => offline.isChecked()).toBe(false);
    await page.screenshot({ path: join(artifactsDir, 'models-screen.png'), fullPage: true });
    expect(session.errors).toEqual([]);
  });
});
