import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { openWebSession, type WebSession } from '../support/web-session';

const processed = (model: string) =>
  dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs', `${model}.json`);

/**
 * Issue 13, done-when 5: the Runs, Report and Compare screens in web mode. Two real FinanceMath
 * CoT output files imported as runs; the report shows accuracy with interval whiskers, Table 2,
 * failure chips that filter the items, items that open their question; the comparison shows
 * McNemar, the paired bootstrap and the flips; and a run started from the UI against the local
 * OpenAI-compatible test server is followed to done.
 */
describe.skipIf(!hasData)('Runs, Report and Compare screens in web mode (FinanceMath)', () => {
  let session: WebSession;
  let page: Page;
  let llm: OpenAiTestServer;
  let datasetId: number;
  let runA: number;
  let runB: number;

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await session.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }).click();

  /** The test server as a provider (once; the Models e2e test covers adding it in the UI). */
  let providerSaved = false;
  async function ensureProvider() {
    if (providerSaved) return;
    await call('llm.saveProvider', {
      config: {
        name: 'Test server',
        preset: 'custom',
        baseUrl: llm.baseUrl,
        apiKeyName: null,
        defaultModel: 'test-chat',
        params: {},
        timeoutMs: 30_000,
        maxRetries: 0,
      },
    });
    providerSaved = true;
  }

  /**
   * Starts a CoT run of the dataset's first `limit` questions from the Runs screen's form, `more`
   * setting the rest of the form; answers the new run's id once its report is open.
   */
  async function startFromForm(
    limit: number,
    more: (form: Locator) => Promise<void>,
  ): Promise<number> {
    await page.goto(session.server.url);
    await nav('Runs');
    const form = page.getByRole('form', { name: 'Start a run' });
    await form.getByLabel('Dataset').selectOption(String(datasetId));
    await form.getByLabel('Limit').fill(String(limit));
    await form.getByLabel('Mode', { exact: true }).selectOption('cot');
    await more(form);
    await expect
      .poll(() => form.getByLabel('Model', { exact: true }).inputValue())
      .toBe('test-chat');
    await form.getByRole('button', { name: 'Start run' }).click();
    await page.waitForURL(/#\/run\/\d+$/);
    return Number(/#\/run\/(\d+)$/.exec(page.url())![1]);
  }

  beforeAll(async () => {
    llm = await startOpenAiTestServer({
      models: ['test-chat'],
      defaultReply: 'The values are read from the table. Therefore, the answer is 42.',
    });
    session = await openWebSession([], { width: 1500, height: 1000 });
    page = session.page;
    datasetId = (
      await call('datasets.import', {
        format: 'docmath',
        path: dataPath('datasets', 'financemath', 'validation.json'),
      })
    ).dataset.id;
    runA = (await call('runs.import', { path: processed('gpt-4o'), format: 'docmath-processed' }))
      .runId;
    runB = (
      await call('runs.import', {
        path: processed('gpt-3_5-turbo-0125'),
        format: 'docmath-processed',
      })
    ).runId;
  });
  afterAll(async () => {
    await session?.close();
    await llm?.close();
  });

  it('lists the imported runs and opens a report: accuracy with whiskers, Table 2, failures, items', async () => {
    const { report } = await call('runs.report', { runId: runA });
    await page.goto(session.server.url);
    await nav('Runs');
    const table = page.getByRole('table', { name: 'Runs' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await table.textContent()).toContain('gpt-4o');
    await table.getByRole('link', { name: `#${runA}`, exact: true }).click();
    await page.waitForURL(new RegExp(`#/run/${runA}$`));

    // The chart is one image whose label says the numbers; its whiskers are drawn.
    const chart = page.getByRole('img', { name: /^Accuracy by scorer, % \(bootstrap/ });
    await chart.waitFor({ timeout: 30_000 });
    const label = (await chart.getAttribute('aria-label')) ?? '';
    for (const s of report.scorers) {
      const i = report.intervals[s.scorer]!;
      expect(label).toContain(`${Number(s.accuracy.toFixed(2))}%`);
      expect(label).toContain(`${Number(i.bootstrap.low.toFixed(2))}%`);
    }
    expect(await chart.locator('.whisker').count()).toBe(report.scorers.length);
    expect(report.accuracy.imported, 'the file recorded its verdicts').toBeDefined();

    // Table 2: one column per subset with its count, then the average.
    const t2 = page.getByRole('table', { name: 'Accuracy by subset' });
    const head = (await t2.locator('thead').textContent()) ?? '';
    for (const c of report.subsets.columns) expect(head).toContain(c);
    expect(head).toContain('Avg');
    expect(await t2.locator('tbody tr').count()).toBe(report.scorers.length);
    await page.screenshot({ path: join(artifactsDir, 'runs-report.png'), fullPage: false });

    // A failure chip filters the items to its cause.
    const items = page.getByRole('table', { name: 'Items' });
    expect(await items.locator('tbody tr').count()).toBe(Math.min(200, report.items.length));
    const top = report.failures[0]!;
    await page
      .getByRole('group', { name: 'Failure causes' })
      .getByRole('button', { name: new RegExp(`^${top.cause}`) })
      .click();
    await expect.poll(() => items.locator('tbody tr').count()).toBe(Math.min(200, top.count));
    expect(await page.getByRole('status').filter({ hasText: 'items' }).textContent()).toContain(
      `${top.count} of ${report.items.length}`,
    );
    // The chips and the filtered table in one picture.
    await page.getByRole('heading', { name: 'Items', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'runs-report-failures.png') });

    // An item opens its question: the list shows its text (issue 25), its dataset id on hover.
    const first = report.items.find((i) => i.cause === top.cause && i.questionId !== null)!;
    const link = items.getByRole('link', { name: first.question!.trim(), exact: true }).first();
    expect(await link.getAttribute('title')).toBe(`Dataset id: ${first.externalId}`);
    await link.click();
    await page.waitForURL(new RegExp(`#/question/${first.questionId}$`));
    await page.goBack();
    await page.waitForURL(new RegExp(`#/run/${runA}$`));

    // Another scorer's items and failures; re-grading with it calls no model.
    await page.getByLabel('Items and failures by scorer').selectOption('strict');
    await expect
      .poll(() => page.locator('.subhead').textContent())
      .toBe('Failure attribution (strict)');
    const strict = report.scorers.find((s) => s.scorer === 'strict')!;
    await page.getByRole('button', { name: 'Re-grade', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Re-graded' }).textContent())
      .toMatch(
        new RegExp(
          `^Re-graded ${strict.n} items with strict .*: ${strict.accuracy.toFixed(2)}% \\(was ${strict.accuracy.toFixed(2)}%\\)`,
        ),
      );
  });

  it('compares the two runs: McNemar, paired bootstrap, flips with filters', async () => {
    const { comparison } = await call('runs.report', { runId: runA, compareTo: runB });
    expect(comparison!.flips.length).toBeGreaterThan(0);
    await page.goto(session.server.url);
    await nav('Runs');
    const table = page.getByRole('table', { name: 'Runs' });
    await table.getByRole('checkbox', { name: `Pick run #${runA} to compare` }).check();
    await table.getByRole('checkbox', { name: `Pick run #${runB} to compare` }).check();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.waitForURL(new RegExp(`#/compare/${runA}/${runB}$`));

    const flips = page.getByRole('table', { name: 'Flips' });
    await flips.waitFor({ timeout: 30_000 });
    const c = comparison!;
    const stats = (await page.locator('.compare-stats').textContent()) ?? '';
    expect(stats).toContain(`b = ${c.mcnemar.aOnly}`);
    expect(stats).toContain(`c = ${c.mcnemar.bOnly}`);
    expect(stats).toContain(c.bootstrap.low.toFixed(2));
    const diff = page.getByRole('img', { name: /^Difference A − B/ });
    expect(await diff.locator('.whisker').count()).toBe(1);
    expect(await diff.getAttribute('aria-label')).toContain(
      `${Number(c.bootstrap.high.toFixed(2))} pp`,
    );
    expect(await flips.locator('tbody tr').count()).toBe(c.flips.length);
    await page.screenshot({ path: join(artifactsDir, 'runs-compare.png') });

    // Only the questions run A got right and run B wrong.
    const lost = c.flips.filter((f) => f.rightIn === 'a').length;
    await page.getByRole('radio', { name: /^right in A, wrong in B/ }).check();
    await expect.poll(() => flips.locator('tbody tr').count()).toBe(lost);
    expect(await flips.locator('tbody').textContent()).not.toContain('A ✗ → B ✓');
    const one = c.flips.find((f) => f.rightIn === 'a')!;
    await page.getByRole('searchbox', { name: 'Filter flips' }).fill(one.externalId);
    // A substring filter: ids that contain this one ("…-1" in "…-12") stay too.
    const matching = c.flips.filter(
      (f) => f.rightIn === 'a' && f.externalId.toLowerCase().includes(one.externalId.toLowerCase()),
    ).length;
    await expect.poll(() => flips.locator('tbody tr').count()).toBe(matching);
    expect(matching).toBeLessThan(lost);
    await flips.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'runs-compare-flips.png') });
  });

  it('starts a run from the UI against the test server and follows it to done', async () => {
    await ensureProvider();
    // Scripted replies: the gold answer for every other question of the first 12, a wrong
    // number for the rest (the default reply), so the report has both outcomes.
    const { questions } = await call('datasets.questions', { datasetId });
    const golds: { text: string; answer: string }[] = [];
    for (const q of questions.slice(0, 12).filter((_, i) => i % 2 === 0)) {
      const { question } = await call('questions.get', { id: q.id });
      golds.push({ text: q.question.slice(0, 60), answer: String(question.gold.answer) });
    }
    llm.setReplies([
      {
        match: /[\s\S]/,
        reply: (req) => {
          // The whole request as JSON: the question is somewhere in its messages.
          const text = JSON.stringify(req.body as unknown);
          const hit = golds.find((g) => text.includes(JSON.stringify(g.text).slice(1, -1)));
          return `The values are read from the table. Therefore, the answer is ${hit?.answer ?? 42}.`;
        },
      },
    ]);
    // Slow answers, so the run can be seen running.
    llm.fault({ kind: 'slow', delayMs: 400, times: 1000, path: '/chat/completions' });
    const runId = await startFromForm(12, (form) => form.getByLabel('Concurrency').fill('2'));

    const bar = page.getByRole('progressbar', { name: `Run #${runId} progress` });
    await bar.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(12);
    expect(await page.locator('.progress-text').textContent()).toMatch(/remaining/);
    await page.screenshot({ path: join(artifactsDir, 'runs-progress.png') });

    await expect
      .poll(() => bar.getAttribute('aria-valuetext'), { timeout: 60_000 })
      .toMatch(/^12 done, 0 failed, 0 remaining of 12$/);
    await expect.poll(() => page.locator('.run-facts .run-status').textContent()).toBe('done');
    // The report is read again once the run is done: all 12 items.
    await expect
      .poll(() => page.getByRole('table', { name: 'Items' }).locator('tbody tr').count())
      .toBe(12);
    await page.getByRole('img', { name: /^Accuracy by scorer, % \(bootstrap/ }).waitFor();
    const { report } = await call('runs.report', { runId });
    expect(report.n).toBe(12);
    expect(
      report.scorers[0]!.correct,
      'the scripted gold answers are graded right',
    ).toBeGreaterThan(0);
    expect(
      await page.getByRole('table', { name: 'Accuracy by scorer' }).locator('tbody').textContent(),
    ).toContain(report.scorers[0]!.accuracy.toFixed(2));
    await page.screenshot({ path: join(artifactsDir, 'runs-done.png') });
    expect(session.errors).toEqual([]);
  });
  it('starts a Batch API run from the form: the batch at the server shows in its progress', async () => {
    await ensureProvider();
    const created = llm.batches.created;
    const runId = await startFromForm(4, (form) => form.getByLabel('Batch API').check());
    // Submitted, then polled every 30 s (the default): the first status is on screen at once.
    await expect
      .poll(() => page.locator('.progress-text').textContent(), { timeout: 30_000 })
      .toMatch(/batch batch_test\d+ (validating|in progress): \d+\/4 at the server/);
    expect(llm.batches.created - created).toBe(1);
    const { manifest } = await call('runs.get', { runId });
    expect(manifest.engine?.batch).toEqual({ completionWindow: '24h' });
    await page.screenshot({ path: join(artifactsDir, 'runs-batch-progress.png') });
    // Cancel: the batch is cancelled at the server too.
    const { summary } = await call('runs.cancel', { runId });
    expect(summary.status).toBe('interrupted');
    expect([...llm.batches.batches.values()].at(-1)?.status).toBe('cancelling');
    expect(session.errors).toEqual([]);
  });

  it('pauses, resumes and cancels a run with the buttons of the Runs screen', async () => {
    await ensureProvider();
    llm.clearFaults();
    llm.fault({ kind: 'slow', delayMs: 500, times: 1000, path: '/chat/completions' });
    const runId = await startFromForm(10, async (form) => {
      await form.getByLabel('Concurrency').fill('1');
      // The first run asked these questions already: without this they would answer from the cache.
      await form.getByRole('checkbox', { name: 'Reuse cached answers' }).uncheck();
    });
    await nav('Runs');

    const live = page.getByRole('region', { name: 'In progress' });
    const bar = live.getByRole('progressbar', { name: `Run #${runId} progress` });
    const now = async () => Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(now, { timeout: 30_000 }).toBeGreaterThan(0);
    await live.getByRole('button', { name: `Pause run #${runId}` }).click();
    const status = live.locator('.run-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('paused');
    // Paused: the item in flight was committed, nothing new starts.
    const paused = await now();
    expect(paused).toBeLessThan(10);
    await page.waitForTimeout(1200);
    expect(await now()).toBe(paused);
    await page.screenshot({ path: join(artifactsDir, 'runs-paused.png') });

    await live.getByRole('button', { name: `Resume run #${runId}` }).click();
    await expect.poll(() => status.textContent()).toBe('running');
    await expect.poll(now).toBeGreaterThan(paused);
    await live.getByRole('button', { name: `Cancel run #${runId}` }).click();
    // Cancelled runs are interrupted and resumable; the table says so.
    const row = page
      .getByRole('table', { name: 'Runs' })
      .getByRole('row', { name: new RegExp(`#${runId}\\b`) });
    await expect
      .poll(() => row.locator('.run-status').textContent(), { timeout: 30_000 })
      .toBe('interrupted');
    await row.getByRole('button', { name: `Resume run #${runId}` }).click();
    await expect
      .poll(() => row.locator('.run-status').textContent(), { timeout: 60_000 })
      .toBe('done');
    const { report } = await call('runs.report', { runId });
    expect(report.n).toBe(10);
    expect(report.unanswered).toBe(0);
    llm.clearFaults();
    expect(session.errors).toEqual([]);
  });

  it('an endpoint that is down: refused at start in one line; mid-run the run pauses with its reason, Resume says why while down and finishes once it is back', async () => {
    // A second server, whose port is closed and opened again.
    let flaky = await startOpenAiTestServer({
      models: ['test-chat'],
      defaultReply: 'The values are read from the table. Therefore, the answer is 42.',
    });
    const port = Number(new URL(flaky.baseUrl).port);
    await call('llm.saveProvider', {
      config: {
        name: 'Flaky server',
        preset: 'custom',
        baseUrl: flaky.baseUrl,
        apiKeyName: null,
        defaultModel: 'test-chat',
        params: {},
        timeoutMs: 30_000,
        maxRetries: 1,
      },
    });
    await flaky.close();
    const runsBefore = (await call('runs.list', {})).runs.length;

    await page.goto(session.server.url);
    await nav('Runs');
    const form = page.getByRole('form', { name: 'Start a run' });
    const fill = async () => {
      await form.getByLabel('Dataset').selectOption(String(datasetId));
      await form.getByLabel('Limit').fill('12');
      await form.getByLabel('Provider').selectOption({ label: 'Flaky server' });
      await form.getByLabel('Concurrency').fill('1');
      await form.getByRole('checkbox', { name: 'Reuse cached answers' }).uncheck();
    };
    await fill();
    await form.getByRole('button', { name: 'Start run' }).click();
    // The pre-flight: one line naming the endpoint, and no run.
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent(), { timeout: 30_000 })
      .toContain(`the run was not started: nothing is listening at ${flaky.baseUrl}`);
    expect((await call('runs.list', {})).runs).toHaveLength(runsBefore);
    await page.screenshot({ path: join(artifactsDir, 'runs-preflight-refused.png') });

    // Up again: the run starts; then the server goes away mid-run.
    flaky = await startOpenAiTestServer({
      port,
      models: ['test-chat'],
      defaultReply: 'The values are read from the table. Therefore, the answer is 42.',
    });
    flaky.fault({ kind: 'slow', delayMs: 300, times: 1000, path: '/chat/completions' });
    await form.getByRole('button', { name: 'Start run' }).click();
    await page.waitForURL(/#\/run\/\d+$/);
    const runId = Number(/#\/run\/(\d+)$/.exec(page.url())![1]);
    await nav('Runs');
    const live = page.getByRole('region', { name: 'In progress' });
    const bar = live.getByRole('progressbar', { name: `Run #${runId} progress` });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(1);
    await flaky.close();
    const status = live.locator('.run-status');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('paused');
    const reason = live.locator('.run-live .hint').filter({ hasText: 'stopped answering' });
    await expect
      .poll(() => reason.textContent())
      .toMatch(
        new RegExp(
          `^paused: the endpoint stopped answering: nothing is listening at http://127\\.0\\.0\\.1:${port}/v1; .*none was marked failed`,
        ),
      );
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/ 0 failed, /);
    await page.screenshot({ path: join(artifactsDir, 'runs-endpoint-down-paused.png') });

    // Resume while it is still down: refused, saying why; the run stays paused.
    await live.getByRole('button', { name: `Resume run #${runId}` }).click();
    await expect
      .poll(() => alert.textContent())
      .toMatch(
        new RegExp(`run #${runId} was not resumed: nothing is listening at .*it stays paused`),
      );
    expect(await status.textContent()).toBe('paused');
    // After a reload the reason still shows (the stored message).
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'In progress' }).locator('.run-reason').textContent(),
      )
      .toMatch(/^paused: the endpoint stopped answering/);

    // Back on its port: Resume finishes every question, none failed.
    flaky = await startOpenAiTestServer({
      port,
      models: ['test-chat'],
      defaultReply: 'The values are read from the table. Therefore, the answer is 42.',
    });
    try {
      const resume = page
        .getByRole('region', { name: 'In progress' })
        .getByRole('button', { name: `Resume run #${runId}` });
      // (Web mode also checks a paused run's endpoint every 15 s and resumes it by itself: on a
      // slow machine that may come first, and the button is gone.)
      await resume.click({ timeout: 5000 }).catch(() => undefined);
      const row = page
        .getByRole('table', { name: 'Runs' })
        .getByRole('row', { name: new RegExp(`#${runId}\\b`) });
      await expect
        .poll(() => row.locator('.run-status').textContent(), { timeout: 60_000 })
        .toBe('done');
      const { report } = await call('runs.report', { runId });
      expect(report.n).toBe(12);
      expect(report.items.every((i) => i.outcome !== 'error')).toBe(true);
    } finally {
      await flaky.close();
    }
    expect(session.errors).toEqual([]);
  });
});
