import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { downloadTo, openExportMenu, TATQA_EXPORTS } from '../support/export-menu';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 14, done-when 1 (the gap part): a finished 8-question expert session on TAT-QA dev
 * against the imported TAT-QA PoT run, in web mode. The gap view is reached from the Screens
 * navigation, the pickers choose the pair, and the paired statistics, the per-subset table, the
 * charts, the disagreements (which open their question) and the evidence overlap are shown.
 */
describe.skipIf(!hasData)('Gap view in web mode (TAT-QA)', () => {
  let web: WebSession;
  let page: Page;
  let sessionId: number;
  let runId: number;
  let cotRunId: number;
  let report: MethodOutput<'gap.compare'>;

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await web.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }

  beforeAll(async () => {
    web = await openWebSession([], { width: 1500, height: 1100 });
    page = web.page;
    const datasetId = (
      await call('datasets.import', {
        format: 'tatqa',
        path: dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
      })
    ).dataset.id;
    runId = (
      await call('runs.import', {
        format: 'tatqa-pot',
        path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl'),
      })
    ).runId;
    cotRunId = (
      await call('runs.import', {
        format: 'tatqa-pred',
        path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_cot_gpt3_s0_e-1_11_13_21_05.jsonl'),
      })
    ).runId;
    const created = await call('sessions.create', {
      datasetId,
      questionCount: 8,
      seed: 21,
      budgetSeconds: 3600,
      expert: 'E2E expert',
      stratify: 'subset',
    });
    sessionId = created.sessionId;
    // The gold on even positions, a wrong number on odd ones; one marked cell each.
    for (const [k, questionId] of created.session.questionIds.entries()) {
      const { question: q } = await call('questions.get', { id: questionId });
      // Time goes to the focused question, as the session screen sends it.
      await call('sessions.event', { sessionId, type: 'focus', questionId });
      const gold = Array.isArray(q.gold.answer) ? q.gold.answer[0] : q.gold.answer;
      const saved = await call('sessions.saveAnswer', {
        sessionId,
        questionId,
        baseRevision: 0,
        value: k % 2 === 0 ? String(gold) : '123456.789',
        scale: k % 2 === 0 && q.scale && q.scale !== 'percent' ? q.scale : '',
        unit: k % 2 === 0 && q.scale === 'percent' ? '%' : '',
        evidence: [{ type: 'cell', tableId: 't0', sourceRow: 2, sourceCol: 1 }],
      });
      if (saved.status !== 'saved') throw new Error('save conflict');
      // Some active time on each question (the clock runs between the save and the submit).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await call('sessions.submit', { sessionId, questionId, baseRevision: 1 });
    }
    await call('sessions.finish', { sessionId });
    report = await call('gap.compare', { sessionId, runId });
  }, 300_000);
  afterAll(async () => {
    await web?.close();
  });

  it('picks the pair and shows the paired statistics, charts, disagreements and overlap', async () => {
    await page.goto(web.server.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Gap' })
      .click();
    await page.waitForURL(/#\/gap$/);
    await page.getByLabel('Finished session').selectOption(String(sessionId));
    await page.waitForURL(new RegExp(`#/gap/${sessionId}$`));
    await page.getByLabel('Run', { exact: true }).selectOption(String(runId));
    await page.waitForURL(new RegExp(`#/gap/${sessionId}/${runId}$`));

    const table = page.getByRole('table', { name: 'Expert vs model per subset' });
    await table.waitFor({ timeout: 60_000 });
    const all = report.groups[0]!;
    expect(all.n).toBe(8);
    const stats = page.locator('.gap-stats');
    await expect
      .poll(() => stats.innerText())
      .toContain(`b = ${all.mcnemar.humanOnly} (expert right only), c = ${all.mcnemar.modelOnly}`);
    const text = await stats.innerText();
    expect(text).toContain(
      `${all.difference.toFixed(2)} points, paired bootstrap 95% ${all.bootstrap.low.toFixed(2)} to ${all.bootstrap.high.toFixed(2)}`,
    );
    expect(text).toContain(
      `expert ${all.human.accuracy.toFixed(2)}%, model ${all.model.accuracy.toFixed(2)}%`,
    );
    expect(text).toContain('8 of 8');
    // One row per group: all, the answer sources and the answer types.
    expect(await table.locator('tbody tr').count()).toBe(report.groups.length);
    // The charts say their numbers to a screen reader.
    const accuracyChart = page.getByRole('img', { name: /Accuracy on the paired questions/ });
    expect(await accuracyChart.getAttribute('aria-label')).toContain(
      `all · expert ${Number(all.human.accuracy.toFixed(2))}%`,
    );
    const scatter = page.getByRole('img', { name: /Accuracy \(%\) vs median time/ });
    expect(await scatter.getAttribute('aria-label')).toMatch(/all expert \d/);
    await page.screenshot({ path: join(artifactsDir, 'gap-view.png'), fullPage: true });

    const dis = page.getByRole('table', { name: 'Disagreements' });
    expect(report.disagreements.length).toBeGreaterThan(0);
    await dis.scrollIntoViewIfNeeded();
    expect(await dis.locator('tbody tr').count()).toBe(report.disagreements.length);
    const overlap = page.getByRole('table', { name: 'Evidence against gold' });
    await overlap.scrollIntoViewIfNeeded();
    expect(await overlap.innerText()).toMatch(/expert marks\s+8/i);
    await page.screenshot({ path: join(artifactsDir, 'gap-disagreements.png') });

    // The expert against every run on the dataset (the PoT run and the CoT run).
    await page
      .getByRole('button', { name: /Compare with every run on this dataset \(2\)/ })
      .click();
    const each = page.getByRole('table', { name: 'Expert vs each run' });
    await expect
      .poll(async () => (await each.innerText()).includes('Comparing…'), { timeout: 60_000 })
      .toBe(false);
    const cot = await call('gap.compare', { sessionId, runId: cotRunId });
    const rows = await each.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    const cotRow = rows.find((r) => r.includes(`#${cotRunId} `));
    expect(cotRow).toContain(cot.groups[0]!.model.accuracy.toFixed(2));
    await page.screenshot({ path: join(artifactsDir, 'gap-each-run.png') });

    // A disagreement opens its question (keyboard: the link takes focus and Enter follows it).
    const first = report.disagreements[0]!;
    const link = dis.getByRole('link', { name: first.question });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/question/${first.questionId}$`));
    await page.goBack();
    await page.waitForURL(new RegExp(`#/gap/${sessionId}/${runId}$`));
    await table.waitFor();
    expect(web.errors).toEqual([]);
  });

  it('exports the run report from its Export menu (TAT-QA predictions, as the evaluator reads them)', async () => {
    await page.goto(`${web.server.url}#/run/${runId}`);
    // Keyboard: Enter opens the menu with the first format focused, Escape closes it.
    // (Strings: the test's TypeScript has no DOM types.)
    const exportButton = page.getByRole('button', { name: 'Export ▾' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate('document.activeElement?.textContent'))
      .toBe('HTML report');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-haspopup")')).toBe(
      'menu',
    );
    const { menu, items } = await openExportMenu(page);
    // A TAT-QA run: its benchmark's file, not DocMath-Eval's.
    expect(items).toEqual(TATQA_EXPORTS);
    const out = tempDir('workbench-e2e-gap-');
    try {
      const path = join(out.dir, 'pred.json');
      const name = await downloadTo(
        page,
        () => menu.getByRole('menuitem', { name: 'TAT-QA predictions JSON' }).click(),
        path,
      );
      expect(name).toBe(`run-${runId}-tatqa.json`);
      const pred = JSON.parse(readFileSync(path, 'utf8')) as Record<string, [unknown, string]>;
      const { summary } = await call('runs.get', { runId });
      expect(Object.keys(pred)).toHaveLength(summary.done);
      expect(Object.values(pred).every((v) => v.length === 2 && typeof v[1] === 'string')).toBe(
        true,
      );
    } finally {
      out.cleanup();
    }
    await page.screenshot({ path: join(artifactsDir, 'gap-run-export.png') });
    expect(web.errors).toEqual([]);
  });
});

if (!hasData) describe('Gap view (TAT-QA)', () => it.skip(noDataMessage, () => {}));
