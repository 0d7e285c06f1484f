import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import type { StoredQuestion } from '../../shared/datasets/stored-question';
import { canonicalJson } from '../../shared/sessions/bundle';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { downloadTo, openExportMenu, TATQA_EXPORTS } from '../support/export-menu';
import { tempServices } from '../support/services';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Timed human-expert sessions (issue 14, done-when 1) in web mode: a 5-question blinded session
 * on TAT-QA dev built in the UI, answered with evidence marked in the document view, an idle
 * stretch (the page's clock moved by the test) left out of the active time, a reload
 * mid-session that comes back to the same question, answer and clock, then finish and the
 * results; from there the gap view against an imported model run with its paired statistics,
 * and the HTML report exported from the menu and opened offline in Chromium without script.
 */
describe.skipIf(!hasData)('Expert session in web mode (TAT-QA dev)', () => {
  let session: WebSession;
  let page: Page;
  let runId: number;
  const downloads = tempDir('workbench-e2e-sessions-');

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await session.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }

  const shot = (name: string) =>
    page.screenshot({ path: join(artifactsDir, `sessions-${name}.png`) });
  const sessionId = () => Number(/#\/session\/(\d+)/.exec(page.url())?.[1]);
  const answerBox = () => page.getByRole('textbox', { name: 'Answer', exact: true });
  const saveState = () => page.locator('.save-state');
  const activeSeconds = async () =>
    Number(
      await page.locator('[aria-label="Active time"] .clock-value').getAttribute('data-seconds'),
    );
  const clockState = () => page.locator('.clock-state').textContent();

  /** The stored question (with gold, for the test only) the screen shows now. */
  async function currentQuestion(): Promise<StoredQuestion> {
    const text = (await page.locator('#session-question').textContent())?.trim();
    const detail = await call('sessions.get', { sessionId: sessionId() });
    const q = detail.questions.find((x) => x.question.trim() === text);
    if (!q) throw new Error(`question on screen not in the session: ${text}`);
    return (await call('questions.get', { id: q.id })).question;
  }

  /** Types the gold answer (first span for span answers) with the gold scale. */
  async function typeGold(q: StoredQuestion) {
    const gold = Array.isArray(q.gold.answer) ? q.gold.answer[0]! : String(q.gold.answer);
    await answerBox().fill(gold);
    await page.getByRole('combobox', { name: 'Scale' }).selectOption(q.scale ?? '');
    return gold;
  }

  /** Clicks what starts a download and keeps the file; answers its suggested name and path. */
  async function download(start: () => Promise<void>, as: string) {
    const path = join(downloads.dir, as);
    return { name: await downloadTo(page, start, path), path };
  }

  /** Selects a value cell in the grid and marks it with the document view's key. */
  async function markCell() {
    const cell = page
      .locator('.table-grid .ag-cell:not([col-id="label"])')
      .filter({ hasText: /\d/ });
    await cell.first().waitFor({ timeout: 30_000 });
    await cell.first().click();
    await page.getByRole('complementary', { name: 'Cell details' }).waitFor();
    await page.keyboard.press('e');
  }

  const evidenceCount = () =>
    page.getByRole('region', { name: 'Marked evidence' }).getByRole('listitem').count();

  beforeAll(async () => {
    session = await openWebSession([], { width: 1600, height: 1000 });
    page = session.page;
    await call('datasets.import', {
      format: 'tatqa',
      path: dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    });
    // The model run the gap view compares with (imported, as a user would from a file).
    runId = (
      await call('runs.import', {
        format: 'tatqa-pot',
        path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl'),
      })
    ).runId;
    // The page's clock is the test's: time runs on by itself, and the test can jump it.
    await page.clock.install();
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    downloads.cleanup();
  });

  it('builds a 5-question session, answers with evidence, excludes idle time, survives a reload, finishes', async () => {
    await page.goto(session.server.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Sessions' })
      .click();
    const builder = page.getByRole('form', { name: 'New session' });
    await builder.waitFor();
    await builder.getByRole('textbox', { name: 'Questions', exact: true }).fill('5');
    await builder.getByRole('textbox', { name: 'Seed', exact: true }).fill('20261123');
    await builder.getByRole('textbox', { name: 'Total minutes', exact: true }).fill('60');
    await builder.getByRole('textbox', { name: /Minutes per question/ }).fill('15');
    await builder.getByRole('textbox', { name: 'Expert', exact: true }).fill('E2E Expert');
    await builder.getByRole('textbox', { name: /Instructions/ }).fill('Answer in the units asked.');
    await shot('builder');
    await builder.getByRole('button', { name: 'Create and start' }).click();
    await page.waitForURL(/#\/session\/\d+$/);
    const id = sessionId();
    const list = page.getByRole('list', { name: 'Session questions' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(5);

    // Blinded: no gold anywhere on the screen.
    await page.locator('.table-grid').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.gold, .cell-gold, #gold-answer').count()).toBe(0);

    // Question 1: gold typed, a cell and a paragraph marked, the calculator used, submitted by key.
    const q1 = await currentQuestion();
    const gold1 = await typeGold(q1);
    await page.getByRole('radio', { name: '4' }).check();
    await page.getByRole('textbox', { name: 'Notes' }).fill('read from the table');
    await markCell();
    await page.getByRole('button', { name: 'Mark paragraph as evidence' }).first().click();
    await expect.poll(evidenceCount).toBe(2);
    await page.getByRole('textbox', { name: 'Calculator program' }).fill('(4.2 - 3.1) / 3.1 * 100');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.locator('.scratch-result').textContent()).toMatch(/^= 35\.48/);
    await expect.poll(() => saveState().textContent()).toBe('Saved');
    await shot('answer');
    let stored = await call('sessions.get', { sessionId: id });
    const a1 = stored.answers.find((a) => a.questionId === q1.id);
    expect(a1).toMatchObject({ value: gold1, confidence: 4, notes: 'read from the table' });
    expect(a1!.evidence.map((e) => e.type).sort()).toEqual(['cell', 'paragraph']);
    expect(stored.scratch).toHaveLength(1);
    await answerBox().press('Control+Enter');
    await expect.poll(() => list.locator('.status-submitted').count()).toBe(1);
    await expect.poll(async () => (await currentQuestion()).id).not.toBe(q1.id);

    // Question 2: answered and submitted with the button.
    const q2 = await currentQuestion();
    await typeGold(q2);
    await markCell();
    await expect.poll(evidenceCount).toBe(1);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => list.locator('.status-submitted').count()).toBe(2);

    // Idle: nothing typed while the page's clock moves on 3 minutes. The screen reports idle
    // backdated to the last input, and the active time does not take in the 3 minutes.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const before = await activeSeconds();
    await page.clock.fastForward('03:00');
    await expect.poll(clockState).toMatch(/idle/);
    await expect.poll(activeSeconds).toBeLessThan(before + 20);
    const afterIdle = await activeSeconds();
    expect(afterIdle).toBeLessThan(before + 20);
    stored = await call('sessions.get', { sessionId: id });
    expect(stored.clock.state).toBe('idle');
    expect(stored.clock.activeSeconds).toBeLessThan(before + 20);
    await shot('idle');
    // Any input counts again.
    await page.keyboard.press('Shift');
    await expect.poll(clockState).toBe('counting');

    // Skip question 3 and come back to it later.
    const q3 = await currentQuestion();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    await expect.poll(async () => (await currentQuestion()).id).not.toBe(q3.id);
    await expect.poll(() => list.locator('.status-skipped').count()).toBe(1);

    // Question 4: typed, then the page is reloaded before the autosave delay has passed.
    const q4 = await currentQuestion();
    const gold4 = await typeGold(q4);
    await page.getByRole('textbox', { name: 'Notes' }).fill('typed just before the reload');
    const activeBeforeReload = (await call('sessions.get', { sessionId: id })).clock.activeSeconds;
    await page.reload();
    await page.locator('#session-question').waitFor();
    expect((await currentQuestion()).id).toBe(q4.id);
    await expect.poll(() => answerBox().inputValue()).toBe(gold4);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Notes' }).inputValue())
      .toBe('typed just before the reload');
    await expect.poll(() => saveState().textContent()).toBe('Saved');
    await expect.poll(() => list.locator('.status-submitted').count()).toBe(2);
    expect(await activeSeconds()).toBeGreaterThanOrEqual(Math.floor(activeBeforeReload) - 1);
    stored = await call('sessions.get', { sessionId: id });
    expect(stored.answers.find((a) => a.questionId === q4.id)?.value).toBe(gold4);
    await shot('reloaded');
    await markCell();
    await answerBox().press('Control+Enter');
    await expect.poll(() => list.locator('.status-submitted').count()).toBe(3);

    // The remaining two, the skipped one among them, reached from the question list.
    for (let i = 0; i < 2; i++) {
      const q = await currentQuestion();
      await typeGold(q);
      await answerBox().press('Control+Enter');
      await expect.poll(() => list.locator('.status-submitted').count()).toBe(4 + i);
    }
    stored = await call('sessions.get', { sessionId: id });
    expect(stored.answers.filter((a) => a.submitted).map((a) => a.questionId)).toContain(q3.id);

    // Finish: the results show every answer against gold, accuracy with an interval, the chart.
    await page.getByRole('button', { name: 'Finish session…' }).click();
    await page.getByRole('button', { name: 'Finish now' }).click();
    await page.waitForURL(new RegExp(`#/session/${id}/results$`));
    const verdicts = page.getByRole('table', { name: 'Verdicts' });
    await expect.poll(() => verdicts.locator('tbody tr').count()).toBe(5);
    expect(await page.locator('.results-summary').textContent()).toMatch(/95% interval/);
    expect(
      await page.getByRole('img', { name: 'Active time per question' }).locator('rect').count(),
    ).toBe(5);
    const results = await call('sessions.results', { sessionId: id });
    expect(results.accuracy.submitted).toBe(5);
    expect(results.accuracy.correct).toBeGreaterThanOrEqual(3);
    // Active time is what was worked, not the 3 idle minutes on the page's clock.
    expect(results.activeSeconds).toBeLessThan(stored.clock.activeSeconds + 120);
    expect(await verdicts.textContent()).toContain('✓ correct');
    await shot('results');

    // The Method list, as a run report's: the scorer and version that decided each verdict,
    // the gold versions, and the default scorer of TAT-QA.
    const method = page.getByRole('region', { name: 'Method' });
    const golds = [...new Set(results.items.map((i) => i.verdict!.goldVersion))];
    const version = results.items[0]!.verdict!.scorerVersion;
    // A gold version hashes what the scorer reads of its question: one per question.
    expect(golds).toHaveLength(5);
    expect(version).toMatch(/^strict-\d+$/);
    await expect
      .poll(() =>
        method.getByRole('list', { name: 'Scorers' }).getByRole('listitem').allInnerTexts(),
      )
      .toEqual([
        `strict ${version} — default scorer, 5 verdicts against 5 gold versions (${golds.slice(0, 3).join(', ')}, … 2 more)`,
        expect.stringContaining(
          'Default scorer for TAT-QA: strict, with tatqa (the official scorer’s port) beside it',
        ),
      ]);
    expect(await method.innerText()).not.toContain('stale');

    // The gap view against the imported model run, from the results' link.
    await page
      .getByRole('region', { name: 'Against the models' })
      .getByRole('link', { name: new RegExp(`Gap vs run #${runId} `) })
      .click();
    await page.waitForURL(new RegExp(`#/gap/${id}/${runId}$`));
    await page
      .getByRole('table', { name: 'Expert vs model per subset' })
      .waitFor({ timeout: 60_000 });
    const gap = await call('gap.compare', { sessionId: id, runId });
    const all = gap.groups[0]!;
    expect(all.n).toBe(5);
    const stats = page.locator('.gap-stats');
    await expect
      .poll(() => stats.innerText())
      .toContain(`b = ${all.mcnemar.humanOnly} (expert right only), c = ${all.mcnemar.modelOnly}`);
    expect(await stats.innerText()).toContain(
      `${all.difference.toFixed(2)} points, paired bootstrap 95% ${all.bootstrap.low.toFixed(2)} to ${all.bootstrap.high.toFixed(2)}`,
    );
    expect(await stats.innerText()).toContain('5 of 5');
    await shot('gap');
    await page.goBack();
    await page.waitForURL(new RegExp(`#/session/${id}/results$`));

    // The HTML report from the Export menu, downloaded, then opened offline without script.
    const { menu, items } = await openExportMenu(page);
    expect(items).toEqual(TATQA_EXPORTS);
    await shot('export-menu');
    const html = await download(
      () => menu.getByRole('menuitem', { name: 'HTML report' }).click(),
      'report.html',
    );
    expect(html.name).toBe(`session-${id}-transcripts.html`);
    await expect
      .poll(() => page.locator('.export-menu [role="status"]').textContent())
      .toBe(`Saved ${html.name}`);
    const offline = await session.browser.newContext({
      javaScriptEnabled: false,
      offline: true,
      viewport: { width: 1200, height: 900 },
    });
    try {
      const view = await offline.newPage();
      await view.goto(pathToFileURL(html.path).href);
      expect(await view.locator('section.item').count()).toBe(5);
      const r1 = results.items.find((x) => x.questionId === q1.id)!;
      const item = view.locator(`#item-${r1.position}`);
      expect(await item.locator('.q').innerText()).toBe(q1.question.trim());
      const text = await item.innerText();
      expect(text).toMatch(r1.verdict!.correct ? /\bcorrect\b/ : /incorrect/);
      const secs = r1.activeSeconds;
      const time =
        secs >= 60
          ? `${Math.floor(secs / 60)} min ${Math.round(secs % 60)} s`
          : `${Math.round(secs)} s`;
      expect(text).toMatch(new RegExp(`Active time\\s+${time}`));
      expect(text).toContain('read from the table');
      expect(await view.locator('section.summary').innerText()).toContain('E2E Expert');
      const summary = await view.locator('section.summary').innerText();
      expect(summary).toContain(
        `Method\nstrict ${version}: default scorer, 5 verdicts against 5 gold versions (${golds.slice(0, 3).join(', ')}, … 2 more)\nDefault scorer for TAT-QA: strict`,
      );
      await view.screenshot({ path: join(artifactsDir, 'sessions-export-html.png') });
    } finally {
      await offline.close();
    }

    // A verdict graded against an older gold is marked stale in the Method list.
    session.services.workspace.db
      .prepare(
        'UPDATE session_verdicts SET gold_version = ? WHERE session_id = ? AND question_id = ?',
      )
      .run('g1-0000000000000000', id, results.items[0]!.questionId);
    await page.reload();
    await expect
      .poll(() => method.locator('.stale-mark').allInnerTexts())
      .toEqual([
        'stale: 1 verdict graded by an older scorer version or another gold than the question has now (workbench regrade --stale grades it again)',
      ]);
    expect(await method.getByRole('listitem').first().innerText()).toContain('g1-0000000000000000');
    expect(session.errors).toEqual([]);
  });

  it('two windows on one session: the later save is a conflict the expert resolves; pause and resume by key; a hidden page stops the clock', async () => {
    const [dataset] = (await call('datasets.list', {})).datasets;
    const { sessionId: id } = await call('sessions.create', {
      datasetId: dataset!.id,
      questionCount: 3,
      seed: 7,
      budgetSeconds: 600,
      expert: 'Second expert',
    });
    await page.goto(`${session.server.url}#/session/${id}`);
    await page.locator('#session-question').waitFor();
    // The same session in a second window, opened before the first saves anything.
    const other = await session.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await other.goto(`${session.server.url}#/session/${id}`);
    await other.locator('#session-question').waitFor();

    // A slip is said under the box before anything is submitted; the text is kept as typed.
    await answerBox().fill('12..5');
    await expect
      .poll(() => page.locator('#session-answer-reading').textContent())
      .toMatch(/does not read as a number/);
    await expect.poll(() => saveState().textContent()).toBe('Saved');
    await answerBox().fill('100');
    await expect
      .poll(() => page.locator('#session-answer-reading').textContent())
      .toBe('Reads as 100');
    await expect.poll(() => saveState().textContent()).toBe('Saved');
    await other.getByRole('textbox', { name: 'Answer', exact: true }).fill('200');
    const notice = other.getByRole('alertdialog', { name: 'Answer changed elsewhere' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Saved elsewhere100.*This window200/);
    await other.screenshot({ path: join(artifactsDir, 'sessions-conflict.png') });
    // Nothing was overwritten until the expert chose.
    const q = (await call('sessions.get', { sessionId: id })).answers[0]!;
    expect(q.value).toBe('100');
    await notice.getByRole('button', { name: /Keep this window/ }).click();
    await expect.poll(() => other.locator('.save-state').textContent()).toBe('Saved');
    const after = (await call('sessions.get', { sessionId: id })).answers[0]!;
    expect(after).toMatchObject({ value: '200', revision: q.revision + 1 });
    expect(q.revision).toBe(2); // '12..5' then '100': both saved, nothing lost
    await other.close();
    // The closing window reports the session idle on pagehide; let that land before this
    // window's pause and resume, so the server's clock read below is this window's.
    await page.waitForTimeout(500);

    // Alt+P pauses from the answer box: the clock stops and the document is hidden.
    await answerBox().focus();
    await page.keyboard.press('Alt+p');
    await expect.poll(clockState).toBe('paused');
    await page.locator('.session-paused').waitFor();
    expect(await page.locator('.table-grid').count()).toBe(0);
    await expect
      .poll(async () => (await call('sessions.get', { sessionId: id })).clock.state)
      .toBe('paused');
    // Typing does not end a pause; only Resume does.
    await page.keyboard.press('Shift');
    expect(await clockState()).toBe('paused');
    await page.keyboard.press('Alt+p');
    await expect.poll(clockState).toBe('counting');
    await expect
      .poll(async () => (await call('sessions.get', { sessionId: id })).clock.state)
      .toBe('active');
    // A hidden page stops the clock at once (another tab, a minimised window).
    // (A string: the test's TypeScript has no DOM types.)
    const setHidden = (hidden: boolean) =>
      page.evaluate(
        `Object.defineProperty(document, 'hidden', { value: ${hidden}, configurable: true });
         document.dispatchEvent(new Event('visibilitychange'));`,
      );
    await setHidden(true);
    await expect.poll(clockState).toMatch(/hidden/);
    await expect
      .poll(async () => (await call('sessions.get', { sessionId: id })).clock.state)
      .toBe('idle');
    await setHidden(false);
    await expect.poll(clockState).toBe('counting');
    await expect
      .poll(async () => (await call('sessions.get', { sessionId: id })).clock.state)
      .toBe('active');
    // Alt+→ steps to the next question.
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => page.locator('.question-steps .hint').textContent()).toBe('2 of 3');

    // Another expert on the same questions, started from the list.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Sessions' })
      .click();
    const row = page
      .getByRole('table', { name: 'Sessions' })
      .getByRole('row', { name: /Second expert/ });
    await row.getByRole('button', { name: 'Another expert' }).click();
    const builder = page.getByRole('form', { name: 'New session' });
    expect(await builder.textContent()).toContain(`questions of session #${id}`);
    await builder.getByRole('textbox', { name: 'Expert', exact: true }).fill('Third expert');
    await builder.getByRole('button', { name: 'Create and start' }).click();
    await page.waitForURL(/#\/session\/\d+$/);
    const id2 = sessionId();
    expect(id2).not.toBe(id);
    const first = await call('sessions.get', { sessionId: id });
    const second = await call('sessions.get', { sessionId: id2 });
    expect(second.session.questionSetKey).toBe(first.session.questionSetKey);
    // Both answer every question (the same wrong answer) and finish, through the API.
    for (const sid of [id, id2]) {
      const d = await call('sessions.get', { sessionId: sid });
      for (const q of d.questions) {
        const base = d.answers.find((a) => a.questionId === q.id)?.revision ?? 0;
        const saved = await call('sessions.saveAnswer', {
          sessionId: sid,
          questionId: q.id,
          baseRevision: base,
          value: '-1',
        });
        if (saved.status !== 'saved') throw new Error('unexpected conflict');
        await call('sessions.submit', {
          sessionId: sid,
          questionId: q.id,
          baseRevision: saved.answer.revision,
        });
      }
      await call('sessions.finish', { sessionId: sid });
    }
    await page.goto(`${session.server.url}#/session/${id2}/results`);
    const agreement = page.getByRole('region', { name: 'Agreement with other experts' });
    await agreement.waitFor();
    expect(await agreement.textContent()).toMatch(
      /Second expert, Third expert on 3 questions all submitted: all agree on 100\.0%/,
    );
    await page.screenshot({ path: join(artifactsDir, 'sessions-agreement.png') });

    // Bundles from the Sessions screen (issue 21): a bundle is signed by the workspace that
    // made it. Exported here and imported back here, it is the same session, already counted.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Sessions' })
      .click();
    const third = page
      .getByRole('table', { name: 'Sessions' })
      .getByRole('row', { name: /Third expert/ });
    const bundle = await download(
      () => third.getByRole('button', { name: 'Export bundle' }).click(),
      'bundle.json',
    );
    expect(bundle.name).toMatch(new RegExp(`^session-${id2}-.*\\.json$`));
    const picker = page.getByTestId('bundle-file');
    const box = page.locator('.bundle-import');
    const alert = () => box.getByRole('alert').textContent();
    await picker.setInputFiles(bundle.path);
    await expect.poll(alert).toMatch(/bundle\.json was not imported/);
    expect(await alert()).toMatch(new RegExp(`is session #${id2} of this workspace`));

    // Experts on another machine: a workspace of its own (its own key) with the same dataset,
    // two more experts on the same questions, each answering and finishing; their bundles
    // come here as files.
    const elsewhere = await tempServices();
    try {
      const there = async <M extends Method>(method: M, input: MethodInput<M>) => {
        const r = await elsewhere.services.registry.call(method, input);
        if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
        return r.value as MethodOutput<M>;
      };
      await there('datasets.import', {
        format: 'tatqa',
        path: dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
      });
      const base = await there('sessions.importBundle', { path: bundle.path });
      const bundleOf = async (expert: string, seed: number) => {
        const { sessionId: sid } = await there('sessions.create', {
          datasetId: base.datasetId,
          questionCount: 3,
          seed,
          budgetSeconds: 600,
          expert,
          sameQuestionsAs: base.sessionId,
        });
        for (const q of (await there('sessions.get', { sessionId: sid })).questions) {
          const saved = await there('sessions.saveAnswer', {
            sessionId: sid,
            questionId: q.id,
            baseRevision: 0,
            value: '-1',
          });
          if (saved.status !== 'saved') throw new Error('unexpected conflict');
          await there('sessions.submit', {
            sessionId: sid,
            questionId: q.id,
            baseRevision: saved.answer.revision,
          });
        }
        await there('sessions.finish', { sessionId: sid });
        const out = await there('sessions.bundleBytes', { sessionId: sid });
        const path = join(downloads.dir, out.name);
        writeFileSync(path, out.bytes);
        return { path, fingerprint: out.fingerprint };
      };
      const fourth = await bundleOf('Fourth expert', 44);
      const fifth = await bundleOf('Fifth expert', 55);

      // A signed bundle from there joins the study, saying who signed it and with which key.
      await picker.setInputFiles(fourth.path);
      await expect
        .poll(() => box.textContent())
        .toMatch(/Imported session-\d+-Fourth-expert\.json as session #\d+/);
      expect(await box.textContent()).toContain(
        `signed by Fourth expert, key ${fourth.fingerprint}`,
      );
      expect(await box.textContent()).toContain('3 sessions on these questions');
      await expect
        .poll(() => page.getByRole('table', { name: 'Sessions' }).locator('tbody tr').count())
        .toBe(4);
      // The same file again: already imported.
      await picker.setInputFiles(fourth.path);
      await expect.poll(alert).toMatch(/Fourth-expert\.json was not imported/);
      expect(await alert()).toMatch(/already imported as session #/);
      await page.screenshot({ path: join(artifactsDir, 'sessions-bundle-refused.png') });
      // An answer changed in the file: the signature no longer matches.
      const parsed = JSON.parse(readFileSync(fourth.path, 'utf8')) as {
        version: number;
        answers: { value: string }[];
      };
      parsed.answers[0]!.value = '42';
      const tampered = join(downloads.dir, 'tampered.json');
      writeFileSync(tampered, JSON.stringify(parsed));
      await picker.setInputFiles(tampered);
      await expect.poll(alert).toMatch(/tampered\.json was not imported/);
      expect(await alert()).toMatch(/changed after it was signed/);
      parsed.version = 99;
      const newer = join(downloads.dir, 'newer.json');
      writeFileSync(newer, JSON.stringify(parsed));
      await picker.setInputFiles(newer);
      await expect.poll(alert).toMatch(/update the app/);

      // An older, unsigned (version 1) bundle: refused until the box is ticked for it, then
      // imported and marked unsigned beside the expert wherever agreement is shown.
      const signed = JSON.parse(readFileSync(fifth.path, 'utf8')) as Record<string, unknown> & {
        session: Record<string, unknown>;
      };
      const { signature: _s, signer: _k, ...body } = signed;
      const { uid: _u, ...oldSession } = body.session;
      const v1 = { ...body, version: 1, session: oldSession };
      const old = join(downloads.dir, 'fifth-v1.json');
      writeFileSync(
        old,
        JSON.stringify({
          ...v1,
          sha256: createHash('sha256').update(canonicalJson(v1)).digest('hex'),
        }),
      );
      await picker.setInputFiles(old);
      await expect.poll(alert).toMatch(/fifth-v1\.json was not imported/);
      expect(await alert()).toMatch(/is an unsigned bundle/);
      const allow = box.getByRole('checkbox', { name: 'Accept an unsigned (older) bundle' });
      await allow.check();
      await picker.setInputFiles(old);
      await expect.poll(() => box.textContent()).toMatch(/Imported fifth-v1\.json as session #\d+/);
      expect(await box.getByRole('status').textContent()).toMatch(/Fifth expert unsigned/);
      // The consent was for that file only.
      expect(await allow.isChecked()).toBe(false);
      await page.screenshot({ path: join(artifactsDir, 'sessions-bundle-unsigned.png') });
    } finally {
      elsewhere.cleanup();
    }
    await page.goto(`${session.server.url}#/session/${id2}/results`);
    await agreement.waitFor();
    await expect
      .poll(() => agreement.textContent())
      .toMatch(
        /Second expert, Third expert, Fourth expert, Fifth expert unsigned on 3 questions all submitted: all agree on 100\.0%/,
      );
    await page.screenshot({ path: join(artifactsDir, 'sessions-agreement-unsigned.png') });
    expect(session.errors).toEqual([]);
  });
});
