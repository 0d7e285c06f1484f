import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import type { StoredQuestion } from '../../shared/datasets/stored-question';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { openWebSession, type WebSession } from '../support/web-session';

/**
 * Issue 25, done-when 1, in web mode: from TAT-QA dev (imported whole, no hand-made dataset)
 * a question set is built on the Sessions screen (a seeded sample balanced by answer type), a
 * session and a model run (the local OpenAI-compatible test server) are started from it in one
 * step, the session is answered and finished, and the gap view, opened on the session, lists
 * the run covering its questions, opens on it, and pairs both on every question. The builder is
 * driven by keyboard where it matters (the focus lands on the expert's name; the run's fields
 * follow its checkbox in tab order).
 */
describe.skipIf(!hasData)(
  'Question set → session and model run in one step → gap (TAT-QA dev)',
  () => {
    const COUNT = 4;
    let web: WebSession;
    let page: Page;
    let llm: OpenAiTestServer;
    let datasetId: number;

    async function call<M extends Method>(method: M, input: MethodInput<M>) {
      const r = await web.services.registry.call(method, input);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as MethodOutput<M>;
    }
    const shot = (name: string) =>
      page.screenshot({ path: join(artifactsDir, `question-sets-${name}.png`) });
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }).click();
    const sessionId = () => Number(/#\/session\/(\d+)/.exec(page.url())?.[1]);
    /** The focused element's name (or id, or tag): strings, so no DOM types here. */
    const focusedName = () =>
      page.evaluate<string>(
        `(() => { const el = document.activeElement; return el?.getAttribute('name') ?? el?.id ?? el?.tagName ?? ''; })()`,
      );

    /** The stored question (with gold, for the test only) the session screen shows now. */
    async function currentQuestion(): Promise<StoredQuestion> {
      const text = (await page.locator('#session-question').textContent())?.trim();
      const detail = await call('sessions.get', { sessionId: sessionId() });
      const q = detail.questions.find((x) => x.question.trim() === text);
      if (!q) throw new Error(`question on screen not in the session: ${text}`);
      return (await call('questions.get', { id: q.id })).question;
    }

    beforeAll(async () => {
      llm = await startOpenAiTestServer({
        models: ['test-chat'],
        defaultReply: 'The values are in the table. The answer is 42.',
      });
      web = await openWebSession([], { width: 1500, height: 1100 });
      page = web.page;
      datasetId = (
        await call('datasets.import', {
          format: 'tatqa',
          path: dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
        })
      ).dataset.id;
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
    }, 120_000);
    afterAll(async () => {
      await web?.close();
      await llm?.close();
    });

    it('builds a set, starts a session and a run from it in one step, answers, and opens the gap with both on every question', async () => {
      await page.goto(web.server.url);
      await nav('Sessions');

      // The question set: a seeded sample of TAT-QA dev, balanced by answer type.
      const setForm = page.getByRole('form', { name: 'New question set' });
      await setForm.waitFor();
      await setForm.getByRole('combobox', { name: 'Dataset' }).selectOption(String(datasetId));
      await setForm.getByRole('textbox', { name: 'Set name' }).fill('e2e study');
      await setForm.getByRole('combobox', { name: 'Choose by' }).selectOption('sample');
      await setForm.getByRole('textbox', { name: 'Number of questions' }).fill(String(COUNT));
      await setForm.getByRole('textbox', { name: 'Sample seed' }).fill('2025');
      await setForm
        .getByRole('combobox', { name: 'Balance sample by' })
        .selectOption('answer-type');
      await setForm.getByRole('button', { name: 'Create question set' }).click();
      const made = setForm.getByRole('status');
      await expect.poll(() => made.textContent()).toContain(`e2e study”: ${COUNT} questions`);
      const { sets } = await call('questionSets.list', { datasetId });
      const set = sets.find((s) => s.name === 'e2e study')!;
      expect(set.questionIds).toHaveLength(COUNT);
      expect(set.selection.sample).toEqual({ count: COUNT, seed: 2025, stratify: 'answer-type' });
      await expect
        .poll(() => page.getByRole('table', { name: 'Question sets' }).textContent())
        .toContain('sample of 4, seed 2025');
      await shot('set');

      // A session on it: the builder takes the set, and the focus lands on the expert's name.
      await made.getByRole('button', { name: 'New session on it' }).click();
      const builder = page.getByRole('form', { name: 'New session' });
      await expect
        .poll(() => builder.getByRole('combobox', { name: 'Questions from' }).inputValue())
        .toBe(String(set.id));
      expect(
        await builder.getByRole('textbox', { name: 'Questions', exact: true }).inputValue(),
      ).toBe(String(COUNT));
      expect(await focusedName()).toBe('expert');
      await page.keyboard.type('E2E Expert');
      await builder.getByRole('textbox', { name: 'Total minutes' }).fill('30');

      // "Also run a model on these questions", by keyboard: the run's fields come next in order.
      const alsoRun = builder.getByRole('checkbox', {
        name: 'Also run a model on these questions',
      });
      await alsoRun.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => alsoRun.isChecked()).toBe(true);
      const run = builder.getByRole('group', { name: 'Model run on the same questions' });
      await run.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.tagName')).toBe('SELECT');
      await expect.poll(() => run.getByLabel('Provider').inputValue()).not.toBe('');
      await expect
        .poll(() => run.getByLabel('Model', { exact: true }).inputValue())
        .toBe('test-chat');
      await run.getByLabel('Mode', { exact: true }).selectOption('direct');
      await shot('builder');
      await builder.getByRole('button', { name: 'Create, start and run the model' }).click();
      await page.waitForURL(/#\/session\/\d+$/);
      const id = sessionId();

      // Exactly the same questions on both sides.
      const session = (await call('sessions.get', { sessionId: id })).session;
      expect([...session.questionIds].sort((a, b) => a - b)).toEqual(
        [...set.questionIds].sort((a, b) => a - b),
      );
      expect(session.questionSetKey).toBe(set.key);
      const engineRuns = (await call('runs.list', {})).runs.filter((r) => r.source === 'engine');
      expect(engineRuns).toHaveLength(1);
      const runId = engineRuns[0]!.runId;
      const { manifest } = await call('runs.get', { runId });
      expect(manifest.questionSet).toEqual({ id: set.id, name: 'e2e study', key: set.key });
      expect([...manifest.engine!.questionIds].sort((a, b) => a - b)).toEqual(
        [...set.questionIds].sort((a, b) => a - b),
      );
      await expect
        .poll(async () => (await call('runs.get', { runId })).summary.status, { timeout: 60_000 })
        .toBe('done');

      // The expert answers every question (the gold, typed) and finishes.
      const list = page.getByRole('list', { name: 'Session questions' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(COUNT);
      const answerBox = page.getByRole('textbox', { name: 'Answer', exact: true });
      for (let i = 0; i < COUNT; i++) {
        const q = await currentQuestion();
        const gold = Array.isArray(q.gold.answer) ? q.gold.answer[0]! : String(q.gold.answer);
        await answerBox.fill(gold);
        await page.getByRole('combobox', { name: 'Scale' }).selectOption(q.scale ?? '');
        await answerBox.press('Control+Enter');
        await expect.poll(() => list.locator('.status-submitted').count()).toBe(i + 1);
      }
      await page.getByRole('button', { name: 'Finish session…' }).click();
      await page.getByRole('button', { name: 'Finish now' }).click();
      await page.waitForURL(new RegExp(`#/session/${id}/results$`));

      // The gap view on the session lists the run covering its questions and opens on it.
      await nav('Gap');
      await page.waitForURL(/#\/gap$/);
      await page.getByLabel('Finished session').selectOption(String(id));
      await page.waitForURL(new RegExp(`#/gap/${id}/${runId}$`));
      const coverage = page.getByRole('table', { name: 'Runs on these questions' });
      await coverage.waitFor();
      const row = coverage.getByRole('row', { name: new RegExp(`#${runId} test-chat`) });
      expect(await row.innerText()).toMatch(
        new RegExp(`${COUNT} of ${COUNT}[\\s\\S]*every question[\\s\\S]*e2e study`),
      );
      expect(await row.getAttribute('aria-current')).toBe('true');
      await page
        .getByRole('table', { name: 'Expert vs model per subset' })
        .waitFor({ timeout: 60_000 });
      const gap = await call('gap.compare', { sessionId: id, runId });
      expect(gap.counts).toMatchObject({
        questions: COUNT,
        paired: COUNT,
        humanOnly: 0,
        modelOnly: 0,
        neither: 0,
      });
      await expect
        .poll(() => page.locator('.gap-stats').innerText())
        .toContain(
          `${COUNT} of ${COUNT} (0 answered by the expert only, 0 by the model only, 0 by neither)`,
        );
      await shot('gap');
      expect(web.errors).toEqual([]);
    }, 300_000);
  },
);
