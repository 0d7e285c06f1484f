import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { hasData, noDataMessage } from '../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';
import { importAnswers, importTablequestHard } from '../integration/runs/judge-support';

/**
 * The run report's LLM judge section in web mode: a run of TableQuest hard answers judged by a
 * scripted judge model shows its own section, the judge model named, with a bar and whisker,
 * while the scorers' accuracy stays as it was; and "Judge with a model…" judges another run from
 * the screen, its progress shown, then its verdicts; the Compare screen judges two runs pairwise
 * and shows their Elo table.
 */
describe.skipIf(!hasData)('Run report: the LLM judge section (TableQuest hard)', () => {
  let session: WebSession;
  let page: Page;
  let llm: OpenAiTestServer;
  let runId: number;
  let secondRunId: number;
  const files = tempDir('judge-e2e-');

  beforeAll(async () => {
    llm = await startOpenAiTestServer({
      replies: [
        // Pairwise: the answer that is not "Not sure." is better; two alike tie.
        {
          match: 'Candidate A (between the markers)',
          reply: (req) => {
            const { messages } = req.body as { messages: { content: string }[] };
            const user = messages.at(-1)?.content ?? '';
            const a = user.includes('<<<A\nNot sure.\nA>>>');
            const b = user.includes('<<<B\nNot sure.\nB>>>');
            const better = a === b ? 'tie' : a ? 'B' : 'A';
            return JSON.stringify({ better, reason: 'figures' });
          },
        },
        { match: 'Not sure.', reply: '{"verdict":"incorrect","score":0,"reason":"no figures"}' },
        { match: /./, reply: '{"verdict":"correct","score":1,"reason":"figures agree"}' },
      ],
    });
    session = await openWebSession([], { width: 1500, height: 1000 });
    page = session.page;
    const s = session.services;
    const qs = (await importTablequestHard(s)).slice(0, 8);
    runId = await importAnswers(s, files.dir, 'analyst-model', qs, (g, i) =>
      i < 6 ? g : 'Not sure.',
    );
    secondRunId = await importAnswers(s, files.dir, 'second-model', qs, (g, i) =>
      i < 4 ? g : 'Not sure.',
    );
    const saved = await s.registry.call('llm.saveProvider', {
      config: {
        name: 'Judge server',
        preset: 'custom',
        baseUrl: llm.baseUrl,
        apiKeyName: null,
        defaultModel: 'judge-ui',
        params: {},
        timeoutMs: 30_000,
        maxRetries: 0,
      },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    await s.judge.judge({
      runId,
      provider: { baseUrl: llm.baseUrl },
      model: 'judge-e2e',
    });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await llm?.close();
    files.cleanup();
  });

  it('shows the judge verdicts in their own section with the model named and a whisker', async () => {
    await page.goto(`${session.server.url}#/run/${runId}`);
    const section = page.getByRole('region', { name: 'LLM judge' });
    await section.waitFor({ timeout: 30_000 });
    const table = section.getByRole('table', { name: 'LLM judge verdicts by judge model' });
    const row = (await table.locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain('judge-e2e');
    expect(row).toContain('analytic-v1');
    expect(row).toContain('75.00');
    const chart = section.getByRole('img', { name: /^Judged correct by judge model/ });
    expect(await chart.getAttribute('aria-label')).toMatch(
      /judge-e2e · analytic-v1 75% \(95% interval 40.93% to 92.85%\), n=8/,
    );
    expect(await chart.locator('.whisker').count()).toBe(1);
    // The scorers' accuracy table has no judge row.
    const accuracy =
      (await page.getByRole('table', { name: 'Accuracy by scorer' }).textContent()) ?? '';
    expect(accuracy).not.toContain('judge-e2e');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'runs-report-judge.png') });
    expect(session.errors).toEqual([]);
  });

  it('judges a run from the Report screen: progress, then the judge verdicts', async () => {
    await page.goto(`${session.server.url}#/run/${secondRunId}`);
    const section = page.getByRole('region', { name: 'LLM judge' });
    await section.waitFor({ timeout: 30_000 });
    // Not judged yet: the section offers judging and has no verdicts table.
    expect(await section.getByRole('table').count()).toBe(0);
    await section.getByRole('button', { name: 'Judge with a model…' }).click();
    const form = section.getByRole('form', { name: 'Judge with a model' });
    await expect
      .poll(() => form.getByLabel('Model', { exact: true }).inputValue())
      .toBe('judge-ui');
    // A pass cancelled while its calls hang ends in words and stores nothing.
    llm.fault({ kind: 'slow', delayMs: 20_000, times: 4, path: '/chat/completions' });
    await form.getByLabel('Model', { exact: true }).press('Enter');
    const cancel = form.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.isEnabled(), { timeout: 15_000 }).toBe(true);
    await cancel.click();
    const alert = form.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('cancelled');
    llm.clearFaults();
    // Slow judge replies, so the progress is seen before the pass ends.
    llm.fault({ kind: 'slow', delayMs: 400, times: 8, path: '/chat/completions' });
    await form.getByLabel('Model', { exact: true }).press('Enter');
    const status = form.getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/Judging… \d+%/);
    expect(await form.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    const table = section.getByRole('table', { name: 'LLM judge verdicts by judge model' });
    await table.waitFor({ timeout: 30_000 });
    const row = (await table.locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain('judge-ui');
    expect(row).toContain('50.00');
    expect(await section.getByRole('status').textContent()).toMatch(
      /Judged with judge-ui \(analytic-v1\): 8 asked, 0 re-used/,
    );
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'runs-report-judge-started.png') });
    expect(session.errors).toEqual([]);
  });

  it('judges the compared runs pairwise and shows their Elo table with whiskers', async () => {
    await page.goto(`${session.server.url}#/compare/${runId}/${secondRunId}`);
    const section = page.getByRole('region', { name: 'Pairwise judge and Elo' });
    await section.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => section.textContent())
      .toContain('No pairwise judgements among these runs yet.');
    const form = section.getByRole('form', { name: 'Pairwise judge' });
    await expect
      .poll(() => form.getByLabel('Model', { exact: true }).inputValue())
      .toBe('judge-ui');
    await form.getByLabel('Model', { exact: true }).press('Enter');
    const table = section.getByRole('table', { name: 'Elo ratings by run' });
    await table.waitFor({ timeout: 30_000 });
    // Run 1 answered two questions run 2 did not: it wins those two, the other six tie.
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`^#${runId} analyst-model`));
    expect(rows[0]).toMatch(/206$/);
    expect(rows[1]).toMatch(new RegExp(`^#${secondRunId} second-model`));
    expect(rows[1]).toMatch(/026$/);
    const chart = section.getByRole('img', { name: /^Elo rating above the mean/ });
    expect(await chart.locator('.whisker').count()).toBe(2);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'runs-compare-elo.png') });
    expect(session.errors).toEqual([]);
  });

  if (!hasData) it.skip(noDataMessage, () => undefined);
});
